// Command geocodebench measures GET /api/geocode through a running dev
// gateway (issue 11 target: p99 <= 5 ms) beside GET /api/site, the cheapest
// tenant-resolved route, measured in the same run as its baseline.
//
//	geocodebench -url http://127.0.0.1:8080 -site riverside-toyota -n 2000
package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/url"
	"os"
	"slices"
	"time"
)

// postcodes are a spread of real postcodes (each state and territory) and
// one unknown, so the 404 path is measured too.
var postcodes = []string{"2000", "2150", "3000", "4000", "4215", "4211", "5000", "6000", "7000", "0800", "2600", "4870", "9999"}

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "gateway URL")
	site := flag.String("site", "riverside-toyota", "tenant slug")
	n := flag.Int("n", 2000, "requests per route")
	flag.Parse()
	client := &http.Client{Timeout: 5 * time.Second}
	get := func(path string) time.Duration {
		u := *base + path
		start := time.Now()
		resp, err := client.Get(u)
		if err != nil {
			log.Fatalf("GET %s: %v", u, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusNotFound {
			log.Fatalf("GET %s: %s", u, resp.Status)
		}
		return time.Since(start)
	}
	q := "site=" + url.QueryEscape(*site)
	// Warm up: the first geocode reads the embedded table.
	for i := range 50 {
		get("/api/geocode?postcode=" + postcodes[i%len(postcodes)] + "&" + q)
		get("/api/site?" + q)
	}
	var geo, baseline []time.Duration
	for i := range *n {
		geo = append(geo, get("/api/geocode?postcode="+postcodes[i%len(postcodes)]+"&"+q))
		baseline = append(baseline, get("/api/site?"+q))
	}
	p := func(ds []time.Duration, q float64) time.Duration {
		s := slices.Clone(ds)
		slices.Sort(s)
		return s[min(len(s)-1, int(float64(len(s))*q))]
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	fmt.Printf("geocode through the gateway, %d requests: p50 %.2f ms, p99 %.2f ms (target p99 <= 5 ms)\n", *n, ms(p(geo, 0.5)), ms(p(geo, 0.99)))
	fmt.Printf("baseline GET /api/site, same run: p50 %.2f ms, p99 %.2f ms; geocode p99 is %.2fx the baseline's\n",
		ms(p(baseline, 0.5)), ms(p(baseline, 0.99)), float64(p(geo, 0.99))/float64(p(baseline, 0.99)))
	if p(geo, 0.99) > 5*time.Millisecond {
		fmt.Fprintln(os.Stderr, "geocodebench: p99 above the 5 ms target on this machine now")
	}
}
