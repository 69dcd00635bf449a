// Command searchbench measures the local search engine on generated cars:
// index build time, memory per record, and the latency of a typical
// InstantSearch search (main query plus two disjunctive facet queries, a
// two-word text query, two refinements and a price range) at 1 and 2
// concurrent clients, against a naive full scan of the same records in the
// same run. It also prints allocations per search, GC cycles during the
// timed runs, GOMAXPROCS and the load average, so tails can be read
// against the machine's contention; -cpuprofile and -memprofile write
// profiles.
//
//	go run ./functions/bench/searchbench -n 100000
package main

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"time"

	"forecourt/functions/localsearch"
)

const (
	appID     = "BENCH"
	adminKey  = "bench-admin"
	searchKey = "bench-search"
	index     = "cars"
)

func main() {
	n := flag.Int("n", 100000, "number of generated cars")
	iters := flag.Int("iters", 2000, "searches per client")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	memprofile := flag.String("memprofile", "", "write an allocation profile of the run to this file (the searches: -focus=multiQuery)")
	flag.Parse()
	if *memprofile != "" {
		runtime.MemProfileRate = 4096 // finer than the default, for per-search allocations
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "searchbench:", err)
			os.Exit(1)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "searchbench:", err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	if err := run(*n, *iters, *memprofile); err != nil {
		fmt.Fprintln(os.Stderr, "searchbench:", err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}

type model struct {
	make, model, body string
	base              int
}

var catalogue = []model{
	{"Toyota", "Corolla", "Hatch", 28000}, {"Toyota", "Camry", "Sedan", 36000}, {"Toyota", "RAV4", "SUV", 42000},
	{"Toyota", "HiLux", "Ute", 52000}, {"Toyota", "LandCruiser", "SUV", 90000}, {"Mazda", "Mazda3", "Hatch", 30000},
	{"Mazda", "CX-5", "SUV", 40000}, {"Mazda", "BT-50", "Ute", 50000}, {"Ford", "Ranger", "Ute", 55000},
	{"Ford", "Everest", "SUV", 60000}, {"Ford", "Focus", "Hatch", 25000}, {"Hyundai", "i30", "Hatch", 27000},
	{"Hyundai", "Tucson", "SUV", 38000}, {"Hyundai", "Sonata", "Sedan", 35000}, {"Kia", "Cerato", "Sedan", 26000},
	{"Kia", "Sportage", "SUV", 37000}, {"Volkswagen", "Golf", "Hatch", 35000}, {"Volkswagen", "Amarok", "Ute", 60000},
	{"Mitsubishi", "Triton", "Ute", 45000}, {"Mitsubishi", "Outlander", "SUV", 38000}, {"Nissan", "X-Trail", "SUV", 39000},
	{"Nissan", "Navara", "Ute", 48000}, {"Subaru", "Forester", "SUV", 40000}, {"Subaru", "Impreza", "Sedan", 29000},
	{"Honda", "Civic", "Sedan", 33000}, {"Honda", "CR-V", "SUV", 41000}, {"BMW", "3 Series", "Sedan", 70000},
	{"Mercedes-Benz", "C-Class", "Sedan", 75000}, {"Audi", "Q5", "SUV", 80000}, {"Tesla", "Model 3", "Sedan", 65000},
}

var colours = []string{"White", "Black", "Silver", "Grey", "Blue", "Red", "Green"}
var badges = []string{"Ascent", "Sport", "GX", "GXL", "SR", "Titanium", "Active", "Elite", "Premium", "Limited"}

// generate makes n cars deterministically.
func generate(n int) []map[string]any {
	rng := rand.New(rand.NewPCG(7, 11))
	cars := make([]map[string]any, n)
	sites := []string{"alpha", "bravo", "charlie", "delta"}
	for i := range cars {
		m := catalogue[rng.IntN(len(catalogue))]
		year := 2008 + rng.IntN(17)
		age := 2025 - year
		price := m.base * (100 - age*5 + rng.IntN(10)) / 100
		price = max(price, 4000) / 100 * 100
		km := age*14000 + rng.IntN(20000)
		badge := badges[rng.IntN(len(badges))]
		carType := "used"
		if age == 0 {
			carType = "new"
		}
		cars[i] = map[string]any{
			"objectID": fmt.Sprintf("car-%06d", i), "make": m.make, "model": m.model, "badge": badge,
			"make_model": m.make + " " + m.model, "simple_body": m.body, "car_type": carType,
			"colour": colours[rng.IntN(len(colours))], "year": year, "price": price, "km": km,
			"price_range": priceRange(price), "sites": []string{sites[rng.IntN(len(sites))]},
			"title":                fmt.Sprintf("%d %s %s %s", year, m.make, m.model, badge),
			"created_at_timestamp": 1700000000 + rng.IntN(30000000),
			"slug":                 fmt.Sprintf("%d-%s-%s-%d", year, strings.ToLower(m.make), strings.ToLower(m.model), i),
		}
	}
	return cars
}

func priceRange(p int) string {
	bounds := []struct {
		max   int
		label string
	}{{10000, "Under $10,000"}, {20000, "$10,000 - $20,000"}, {30000, "$20,000 - $30,000"}, {40000, "$30,000 - $40,000"},
		{50000, "$40,000 - $50,000"}, {75000, "$50,000 - $75,000"}, {100000, "$75,000 - $100,000"}}
	for _, b := range bounds {
		if p < b.max {
			return b.label
		}
	}
	return "$100,000+"
}

func call(h http.Handler, method, path, key string, body []byte) (*httptest.ResponseRecorder, error) {
	r := httptest.NewRequest(method, path, bytes.NewReader(body))
	r.Header.Set("X-Algolia-Application-Id", appID)
	r.Header.Set("X-Algolia-API-Key", key)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != 200 {
		return w, fmt.Errorf("%s %s: %d %s", method, path, w.Code, w.Body.String())
	}
	return w, nil
}

// search is one InstantSearch interaction: text, two refinements, a price range.
type search struct {
	text, make, bodyType string
	lo, hi               int
}

var searches = []search{
	{"toyota corolla", "Toyota", "Hatch", 10000, 40000},
	{"mazda cx", "Mazda", "SUV", 15000, 45000},
	{"ford ranger", "Ford", "Ute", 20000, 60000},
	{"hyundai tucson", "Hyundai", "SUV", 10000, 40000},
	{"kia cerato", "Kia", "Sedan", 5000, 30000},
}

// body renders what InstantSearch sends for s: the main query and one
// hitsPerPage:0 query per refined disjunctive facet.
func (s search) request() []byte {
	num := []string{fmt.Sprintf("price>=%d", s.lo), fmt.Sprintf("price<=%d", s.hi)}
	common := map[string]any{"indexName": index, "query": s.text, "numericFilters": num,
		"highlightPreTag": "__ais-highlight__", "highlightPostTag": "__/ais-highlight__"}
	q := func(extra map[string]any) map[string]any {
		m := map[string]any{}
		for k, v := range common {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	b, _ := json.Marshal(map[string]any{"requests": []any{
		q(map[string]any{"facets": []string{"make", "simple_body", "price", "year"}, "hitsPerPage": 21, "page": 0,
			"facetFilters": [][]string{{"make:" + s.make}, {"simple_body:" + s.bodyType}}}),
		q(map[string]any{"facets": []string{"make"}, "hitsPerPage": 0, "page": 0, "analytics": false, "clickAnalytics": false,
			"facetFilters": [][]string{{"simple_body:" + s.bodyType}}}),
		q(map[string]any{"facets": []string{"simple_body"}, "hitsPerPage": 0, "page": 0, "analytics": false, "clickAnalytics": false,
			"facetFilters": [][]string{{"make:" + s.make}}}),
	}})
	return b
}

// loadAverage is the 1-minute load average, so readers can judge how much
// of the tail latency is other processes competing for the CPU.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	if f := strings.Fields(string(b)); len(f) > 0 {
		return f[0]
	}
	return "unknown"
}

func run(n, iters int, memprofile string) error {
	fmt.Printf("searchbench: %d cars, %d searches per client, GOMAXPROCS=%d, NumCPU=%d, load average (1 min) %s\n",
		n, iters, runtime.GOMAXPROCS(0), runtime.NumCPU(), loadAverage())

	cars := generate(n)
	var bodies [][]byte
	for i := 0; i < n; i += 1000 {
		var reqs []any
		for _, c := range cars[i:min(i+1000, n)] {
			reqs = append(reqs, map[string]any{"action": "addObject", "body": c})
		}
		b, _ := json.Marshal(map[string]any{"requests": reqs})
		bodies = append(bodies, b)
	}
	settings, _ := json.Marshal(map[string]any{
		"searchableAttributes":  []string{"make_model", "make", "model", "badge", "unordered(title)", "colour"},
		"attributesForFaceting": []string{"make", "model", "simple_body", "car_type", "colour", "price", "km", "year", "price_range", "filterOnly(sites)"},
		"customRanking":         []string{"desc(created_at_timestamp)"},
		"replicas":              []string{"cars_latest", "cars_price_asc", "cars_price_desc", "cars_km_asc", "cars_km_desc"},
	})

	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)

	eng, err := localsearch.New(localsearch.Config{AppID: appID, AdminKey: adminKey, SearchKey: searchKey})
	if err != nil {
		return err
	}
	h := eng.Handler()
	start := time.Now()
	if _, err := call(h, "PUT", "/1/indexes/"+index+"/settings", adminKey, settings); err != nil {
		return err
	}
	for _, b := range bodies {
		if _, err := call(h, "POST", "/1/indexes/"+index+"/batch", adminKey, b); err != nil {
			return err
		}
	}
	ingest := time.Since(start)
	// The first search builds the ranking order and term dictionary.
	if _, err := call(h, "POST", "/1/indexes/*/queries", adminKey, searches[0].request()); err != nil {
		return err
	}
	build := time.Since(start)

	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	bodies = nil

	key := securedKey(searchKey, "filters=sites%3Aalpha&restrictIndices=cars%2Ccars_%2A")
	fmt.Printf("index build:      %v (batches %v + first-search preparation %v), %.0f records/s\n",
		build.Round(time.Millisecond), ingest.Round(time.Millisecond), (build - ingest).Round(time.Millisecond), float64(n)/build.Seconds())
	fmt.Printf("memory/record:    %.0f bytes (heap after indexing, records kept as JSON)\n",
		float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/float64(n))

	// Sanity: the engine and the naive scan agree on the main query's nbHits.
	naive := newNaive(cars)
	for _, s := range searches {
		w, err := call(h, "POST", "/1/indexes/*/queries", key, s.request())
		if err != nil {
			return err
		}
		var res struct {
			Results []struct {
				NbHits int `json:"nbHits"`
			} `json:"results"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &res); err != nil {
			return err
		}
		if want := naive.search(s, "alpha").nbHits; res.Results[0].NbHits != want {
			return fmt.Errorf("%q: engine nbHits %d, naive scan %d", s.text, res.Results[0].NbHits, want)
		}
	}

	one := func(i int) error {
		_, err := call(h, "POST", "/1/indexes/*/queries", key, searches[i%len(searches)].request())
		return err
	}
	// Allocation per search, from a separate batch so the timed runs below
	// are not perturbed by reading memory statistics.
	allocs, bytesPer, err := allocsPerSearch(200, one)
	if err != nil {
		return err
	}
	fmt.Printf("allocation:       %.0f allocs/search, %.0f bytes/search (HTTP handler included, %d searches)\n", allocs, bytesPer, 200)
	var p50 time.Duration
	for _, clients := range []int{1, 2} {
		gcBefore := gcCount()
		lat, wall, err := measure(clients, iters, one)
		if err != nil {
			return err
		}
		fmt.Printf("engine, %d client%s: p50 %v  p99 %v  max %v  %.0f searches/s, %d GCs during the run, load average %s\n", clients, plural(clients),
			pct(lat, 50), pct(lat, 99), lat[len(lat)-1].Round(time.Microsecond), float64(len(lat))/wall.Seconds(), gcCount()-gcBefore, loadAverage())
		if clients == 1 {
			p50 = pct(lat, 50)
		}
	}
	// The landing page: no text, so filters are evaluated as bitsets and the
	// page is a walk over the precomputed ranking order.
	landing := search{make: "Toyota", bodyType: "SUV", lo: 0, hi: 1000000}
	landingOne := func(int) error {
		_, err := call(h, "POST", "/1/indexes/*/queries", key, landing.request())
		return err
	}
	allocs, bytesPer, err = allocsPerSearch(200, landingOne)
	if err != nil {
		return err
	}
	gcBefore := gcCount()
	lat, wall, err := measure(1, iters, landingOne)
	if err != nil {
		return err
	}
	fmt.Printf("landing page (empty query), 1 client: p50 %v  p99 %v  max %v  %.0f searches/s, %d GCs, %.0f allocs/search, %.0f bytes/search\n",
		pct(lat, 50), pct(lat, 99), lat[len(lat)-1].Round(time.Microsecond), float64(len(lat))/wall.Seconds(), gcCount()-gcBefore, allocs, bytesPer)
	if memprofile != "" {
		if err := writeHeapProfile(memprofile); err != nil {
			return err
		}
	}
	naiveIters := max(20, iters/50)
	lat, wall, _ = measure(1, naiveIters, func(i int) error {
		naive.search(searches[i%len(searches)], "alpha")
		return nil
	})
	fmt.Printf("naive full scan, 1 client: p50 %v  p99 %v  %.0f searches/s\n", pct(lat, 50), pct(lat, 99), float64(len(lat))/wall.Seconds())
	fmt.Printf("speed-up (naive p50 / engine p50): %.0fx\n", float64(pct(lat, 50))/float64(p50))
	fmt.Printf("targets: p50 <= 2ms, p99 <= 10ms, build <= 5s for 100000 cars, speed-up >= 20x\n")
	return eng.Close()
}

func gcCount() uint32 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.NumGC
}

// allocsPerSearch runs f n times and returns the mean heap allocations and
// bytes allocated per call (runtime.ReadMemStats around the batch).
func allocsPerSearch(n int, f func(int) error) (allocs, bytes float64, err error) {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	for i := 0; i < n; i++ {
		if err := f(i); err != nil {
			return 0, 0, err
		}
	}
	runtime.ReadMemStats(&b)
	return float64(b.Mallocs-a.Mallocs) / float64(n), float64(b.TotalAlloc-a.TotalAlloc) / float64(n), nil
}

func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("memprofile: %w", err)
	}
	defer f.Close()
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		return fmt.Errorf("memprofile %s: %w", path, err)
	}
	return nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func measure(clients, iters int, f func(int) error) ([]time.Duration, time.Duration, error) {
	lat := make([][]time.Duration, clients)
	errs := make([]error, clients)
	var wg sync.WaitGroup
	start := time.Now()
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			for i := 0; i < iters; i++ {
				t := time.Now()
				if err := f(i + c); err != nil {
					errs[c] = err
					return
				}
				lat[c] = append(lat[c], time.Since(t))
			}
		}(c)
	}
	wg.Wait()
	wall := time.Since(start)
	var all []time.Duration
	for c := range lat {
		if errs[c] != nil {
			return nil, 0, errs[c]
		}
		all = append(all, lat[c]...)
	}
	slices.Sort(all)
	return all, wall, nil
}

func pct(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, len(sorted)*p/100)].Round(time.Microsecond)
}

// securedKey derives a secured API key as Algolia's clients do.
func securedKey(parent, restrictions string) string {
	mac := hmac.New(sha256.New, []byte(parent))
	mac.Write([]byte(restrictions))
	return base64.StdEncoding.EncodeToString([]byte(hex.EncodeToString(mac.Sum(nil)) + restrictions))
}
