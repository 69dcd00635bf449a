// Command feedburst is issue 18's feed-burst load test (make bench, not a
// timed test): every one of N dealerships posts its feed at the same moment,
// as DMSs do on the hour, to the HTTP handler the dev gateway and the ingest
// Lambda run, against DynamoDB Local and the local search engine, with the
// platform's feed slots (FORECOURT_INGEST_SLOTS). Each provider waits out
// the 429 answers for their Retry-After, as `forecourt feed push` does. It
// prints the wall time, the 429s, the peak heap and resident memory, and
// fails unless every feed ended applied: its run succeeded, its stored run
// report says so, every car it sent is in DynamoDB and, when the site shows
// it, in the index; and the site's stock stats count every shown car.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/algolia/algoliasearch-client-go/v4/algolia/search"

	"forecourt/functions/algolia"
	"forecourt/functions/demo"
	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/localsearch"
	"forecourt/functions/platform"
	"forecourt/shared"
)

const providerKey = "burst-provider-key"

func main() {
	n := flag.Int("dealerships", 200, "dealerships posting at once")
	cars := flag.Int("cars", 50, "cars in each feed")
	slots := flag.Int("slots", platform.DefaultFeedSlots, "feeds applied at once (FORECOURT_INGEST_SLOTS)")
	flag.Parse()
	if err := run(context.Background(), *n, *cars, *slots); err != nil {
		fmt.Fprintln(os.Stderr, "feedburst:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, n, perFeed, slots int) error {
	endpoint := os.Getenv("FORECOURT_DYNAMO_ENDPOINT")
	if endpoint == "" {
		endpoint = "http://127.0.0.1:8000"
	}
	db, err := dynamo.Connect(ctx, dynamo.Config{Endpoint: endpoint})
	if err != nil {
		return err
	}
	tables := dynamo.TablesWithPrefix(fmt.Sprintf("feedburst-%d-", time.Now().UnixNano()))
	if err := dynamo.CreateTables(ctx, db, tables); err != nil {
		return err
	}
	defer func() {
		for _, name := range tables.All() {
			_ = db.Table(name).DeleteTable().Run(context.Background())
		}
	}()

	cfg := algolia.Config{AppID: "BURST", AdminKey: "burst-admin", SearchKey: "burst-search", ServerSearchKey: "burst-server-search", Index: "cars"}
	eng, err := localsearch.New(localsearch.Config{AppID: cfg.AppID, AdminKey: cfg.AdminKey, SearchKey: cfg.SearchKey, SearchKeys: []string{cfg.ServerSearchKey}})
	if err != nil {
		return err
	}
	engine := httptest.NewServer(eng.Handler())
	defer engine.Close()
	cfg.Host = engine.URL
	idx, err := algolia.New(cfg)
	if err != nil {
		return err
	}
	if err := idx.EnsureSettings(ctx); err != nil {
		return err
	}

	// One site with n dealerships, one provider key for all of them.
	site := shared.DefaultSite()
	site.Slug, site.ID, site.Name = "burst", "site-burst", "Burst Motor Group"
	slugs := make([]string, n)
	for i := range n {
		slugs[i] = fmt.Sprintf("burst-%03d", i)
		site.Dealerships = append(site.Dealerships, shared.Dealership{ID: "d-" + slugs[i], Slug: slugs[i], Name: "Burst " + slugs[i]})
	}
	shared.ApplyDefaults(&site)
	if err := dynamo.NewSiteStore(db, tables).SaveSite(ctx, site); err != nil {
		return err
	}
	if err := dynamo.NewProviderKeyStore(db, tables).PutKey(ctx, providerKey, shared.Provider{Name: "burst", Dealerships: slugs}); err != nil {
		return err
	}

	p := &platform.Platform{DB: db, Tables: tables, Index: idx, IndexConfig: cfg, FeedSlots: slots}
	h, err := p.Handler("", platform.HandlerConfig{OriginSecret: "burst-origin-secret"})
	if err != nil {
		return err
	}
	gateway := httptest.NewServer(h)
	defer gateway.Close()

	// The feeds, built before the clock starts.
	now := time.Now()
	bodies := make([][]byte, n)
	sent := make([]int, n)
	for i, d := range site.Dealerships {
		stock := demo.Stock(d, site.Stock.CarTypes, perFeed, now)
		raw, err := json.Marshal(stock)
		if err != nil {
			return err
		}
		var gz bytes.Buffer
		zw := gzip.NewWriter(&gz)
		zw.Write(raw)
		zw.Close()
		bodies[i], sent[i] = gz.Bytes(), len(stock)
	}

	fmt.Printf("feed burst: %d dealerships × %d cars posted at once, %d feed slots\n", n, perFeed, slots)
	peak := watchHeap()
	var throttled atomic.Int64
	reports := make([]feed.Report, n)
	errs := make([]error, n)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: n}, Timeout: 2 * time.Minute}
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			reports[i], errs[i] = feed.Push{
				Endpoint:    gateway.URL + "/ingest/v1/dealerships/" + slugs[i] + "/feed?mode=full",
				Key:         providerKey,
				ContentType: "application/json",
				Body:        bodies[i],
				Retries:     1000,
				Waited:      func(int, time.Duration) { throttled.Add(1) },
			}.Send(ctx, client)
		}()
	}
	began := time.Now()
	close(start)
	wg.Wait()
	wall := time.Since(began)
	heap := peak()

	// Every feed applied: its run succeeded, DynamoDB holds every car it
	// sent, and the index holds the cars the site shows.
	var lost, failed, indexMissing, unreported, shownTotal int
	c := idx.Client()
	runs := dynamo.NewRunStore(db, tables)
	for i, slug := range slugs {
		if errs[i] != nil {
			failed++
			fmt.Printf("  %s: %v\n", slug, errs[i])
			continue
		}
		if reports[i].Status != feed.StatusSucceeded {
			failed++
			fmt.Printf("  %s: run %s %s\n", slug, reports[i].RunID, reports[i].Status)
		}
		// The stored report says what the answer said (a provider polls it).
		var saved feed.Report
		raw, err := runs.Run(ctx, reports[i].RunID)
		if err == nil {
			err = json.Unmarshal(raw, &saved)
		}
		if err != nil || saved.Status != reports[i].Status {
			unreported++
			fmt.Printf("  %s: stored report of run %s is %q (%v), the answer said %q\n", slug, reports[i].RunID, saved.Status, err, reports[i].Status)
		}
		stored, err := p.Cars().FindCarsByDealership(ctx, slug)
		if err != nil {
			return err
		}
		if len(stored) != sent[i] {
			lost += sent[i] - len(stored)
		}
		shown := 0
		for _, car := range stored {
			if site.Shows(car, time.Now()) {
				shown++
			}
		}
		res, err := c.SearchSingleIndex(c.NewApiSearchSingleIndexRequest(cfg.Index).WithSearchParams(
			search.SearchParamsObjectAsSearchParams(search.NewEmptySearchParamsObject().
				SetFilters("dealership_slug:" + slug).SetHitsPerPage(0))))
		if err != nil {
			return fmt.Errorf("count %s in the index: %w", slug, err)
		}
		if hits := int(res.GetNbHits()); hits < shown {
			indexMissing += shown - hits
		}
		shownTotal += shown
	}
	// The home page's counts (site stats) cover every dealership's cars.
	stats, err := dynamo.NewSiteStore(db, tables).SiteStats(ctx, site.Slug)
	if err != nil {
		return err
	}
	statsOff := shownTotal
	if stats != nil {
		statsOff = stats.NbHits - shownTotal
		if statsOff < 0 {
			statsOff = -statsOff
		}
	}
	fmt.Printf("  wall time %s for %d feeds (%.1f feeds/s); %d answers were 429 and waited out\n",
		wall.Round(time.Millisecond), n, float64(n)/wall.Seconds(), throttled.Load())
	fmt.Printf("  peak heap %.0f MB, peak resident %s (gateway, engine and this client in one process)\n",
		float64(heap)/(1<<20), peakRSS())
	fmt.Printf("  feeds failed %d, cars lost %d, shown cars missing from the index %d, run reports not stored %d, site stats off by %d cars\n",
		failed, lost, indexMissing, unreported, statsOff)
	if failed+lost+indexMissing+unreported+statsOff > 0 {
		return fmt.Errorf("the burst lost or half-applied feeds")
	}
	return nil
}

// watchHeap samples the heap in use until the returned func is called, and
// returns its peak.
func watchHeap() func() uint64 {
	var max atomic.Uint64
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > max.Load() {
				max.Store(m.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() uint64 { close(done); return max.Load() }
}

// peakRSS is the process's peak resident set (Linux VmHWM).
func peakRSS() string {
	raw, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "unknown"
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}
