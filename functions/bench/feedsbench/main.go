// Command feedsbench times regenerating a 20,000-car dealership's vehicle
// feeds (Google, Meta, TikTok and the stock health report; issue 37)
// beside rebuilding the same stock's stored sitemap list, each with its
// peak heap, in one run (make bench). The cars come from memory (demo
// stock) and the files go to a temporary folder, so the figures are the
// work of the two refreshes, not of DynamoDB.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"sync/atomic"
	"time"

	"forecourt/functions/demo"
	"forecourt/functions/sitemaps"
	"forecourt/functions/syndication/publish"
	"forecourt/shared"
)

type memCars []shared.StoredCar

func (m memCars) StoredCars(context.Context, string) ([]shared.StoredCar, error) { return m, nil }

func main() {
	n := flag.Int("n", 20000, "cars of the dealership")
	rounds := flag.Int("rounds", 3, "refreshes of each, the median printed")
	flag.Parse()
	if err := run(*n, *rounds); err != nil {
		fmt.Fprintln(os.Stderr, "feedsbench:", err)
		os.Exit(1)
	}
}

func run(n, rounds int) error {
	ctx := context.Background()
	now := time.Now()
	d := shared.Dealership{ID: "bench", Slug: "bench-motors", Name: "Bench Motors", Make: "Toyota"}
	site := shared.DefaultSite()
	site.Slug, site.Name, site.Domains = "bench", "Bench", []string{"www.bench.example"}
	site.Dealerships = []shared.Dealership{d}
	site.Address = shared.Address{Street: "1 Main St", City: "Southport", State: "QLD", Postcode: "4215"}
	on := shared.FeedFormatConfig{Enabled: true}
	site.Syndication = &shared.SyndicationConfig{Google: on, Meta: on, TikTok: on}
	var cars memCars
	for _, c := range demo.Stock(d, site.Stock.CarTypes, n, now) {
		cars = append(cars, shared.StoredCar{Car: c, UpdatedAt: now})
	}
	dir, err := os.MkdirTemp("", "feedsbench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	maps := &sitemaps.Refresher{Cars: cars, Objects: &sitemaps.DirObjects{Dir: dir + "/sitemaps"}}
	feeds := &publish.Publisher{Cars: cars, Objects: &sitemaps.DirObjects{Dir: dir + "/feeds"}}
	sites := []shared.Site{site}
	fmt.Printf("  %d cars, median of %d refreshes each (load %s)\n", n, rounds, load())
	baseT, baseH, err := measure(rounds, func() error { return maps.RefreshSitemaps(ctx, d.Slug, sites) })
	if err != nil {
		return err
	}
	fmt.Printf("  sitemap list rebuild (baseline): %v, peak heap %.0f MB\n", baseT.Round(time.Millisecond), mb(baseH))
	var drops map[string]int
	feedT, feedH, err := measure(rounds, func() error {
		var err error
		drops, err = feeds.RefreshFeeds(ctx, d.Slug, sites)
		return err
	})
	if err != nil {
		return err
	}
	fmt.Printf("  vehicle feeds (google, meta, tiktok + health): %v, peak heap %.0f MB; %.1fx the sitemap's time, %.1fx its heap; dropped %v\n",
		feedT.Round(time.Millisecond), mb(feedH), float64(feedT)/float64(baseT), float64(feedH)/float64(baseH), drops)
	return nil
}

// measure runs f rounds times from a collected heap and returns the
// median time and the highest heap seen while it ran (sampled every
// millisecond).
func measure(rounds int, f func() error) (time.Duration, uint64, error) {
	times := make([]time.Duration, 0, rounds)
	var peak uint64
	for range rounds {
		runtime.GC()
		var stop atomic.Bool
		done := make(chan uint64)
		go func() {
			var high uint64
			var m runtime.MemStats
			for !stop.Load() {
				runtime.ReadMemStats(&m)
				high = max(high, m.HeapAlloc)
				time.Sleep(time.Millisecond)
			}
			done <- high
		}()
		start := time.Now()
		err := f()
		times = append(times, time.Since(start))
		stop.Store(true)
		peak = max(peak, <-done)
		if err != nil {
			return 0, 0, err
		}
	}
	for i := range times { // sort, small
		for j := i + 1; j < len(times); j++ {
			if times[j] < times[i] {
				times[i], times[j] = times[j], times[i]
			}
		}
	}
	return times[len(times)/2], peak, nil
}

func mb(b uint64) float64 { return float64(b) / (1 << 20) }

func load() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil || len(b) < 14 {
		return "unknown"
	}
	return string(b[:14])
}
