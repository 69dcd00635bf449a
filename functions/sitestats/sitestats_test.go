package sitestats_test

import (
	"context"
	"fmt"
	"maps"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/algolia/algoliasearch-client-go/v4/algolia/call"
	"github.com/algolia/algoliasearch-client-go/v4/algolia/search"
	"github.com/algolia/algoliasearch-client-go/v4/algolia/transport"

	"forecourt/functions/algolia"
	"forecourt/functions/demo"
	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/internal/testenv"
	"forecourt/functions/sitestats"
	"forecourt/shared"
)

func TestMain(m *testing.M) { testenv.Main(m) }

var now = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

func placed(site string, c shared.Car) shared.IndexedCar {
	return shared.IndexedCar{Car: c, Placement: shared.Placement{Sites: []string{site}, DealershipName: "North Motors"}}
}

// Issue 18, a search budget per page: the home page's counts come from the
// cars placed on the site, under the site's own search.filters, as the
// index's facet answer would give them.
func TestCompute(t *testing.T) {
	car := func(id, make, body string, typ shared.CarType, price float64) shared.Car {
		return shared.Car{ID: id, Make: make, Model: "M", SimpleBody: body, CarType: typ, Price: price, Status: shared.StatusInStock}
	}
	cars := []shared.IndexedCar{
		placed("site", car("1", "Kia", "SUV", shared.CarTypeUsed, 19990)),
		placed("site", car("2", "Kia", "Hatch", shared.CarTypeUsed, 900)), // under the budget finder's floor
		placed("site", car("3", "Mazda", "SUV", shared.CarTypeNew, 45990)),
		placed("site", car("4", "Mazda", "SUV", shared.CarTypeDemo, 0)), // no price: no price range
		placed("other", car("5", "Audi", "Sedan", shared.CarTypeUsed, 5000)),
	}
	for _, tt := range []struct {
		name     string
		filters  string
		nbHits   int
		make     map[string]int
		minPrice map[string]float64
	}{
		{"no site filters", "", 4, map[string]int{"Kia": 2, "Mazda": 2},
			map[string]float64{"": 19990, "used": 19990, "new": 45990}},
		{"site filters apply", "car_type:used", 2, map[string]int{"Kia": 2}, map[string]float64{"": 19990, "used": 19990}},
		{"OR and NOT", `(make:"mazda" OR price > 10000) AND NOT car_type:demo`, 2, map[string]int{"Kia": 1, "Mazda": 1},
			map[string]float64{"": 19990, "used": 19990, "new": 45990}},
	} {
		site := shared.Site{Slug: "site", Search: shared.SearchConfig{Filters: tt.filters}}
		st, err := sitestats.Compute(site, cars, now)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if st.NbHits != tt.nbHits || !maps.Equal(st.Facets["make"], tt.make) || !maps.Equal(st.MinPrice, tt.minPrice) {
			t.Errorf("%s: got nb_hits %d, make %v, min_price %v; want %d, %v, %v",
				tt.name, st.NbHits, st.Facets["make"], st.MinPrice, tt.nbHits, tt.make, tt.minPrice)
		}
		if !st.ComputedAt.Equal(now) {
			t.Errorf("%s: computed_at %v, want %v", tt.name, st.ComputedAt, now)
		}
	}
	st, _ := sitestats.Compute(shared.Site{Slug: "site"}, cars, now)
	if got := st.Facets["price_range"]; got["Under $10,000"] != 1 || got["$10,000 - $20,000"] != 1 || got[""] != 0 {
		t.Errorf("price_range = %v: want one under $10,000, one $10-20k, none without a price", got)
	}
	// Issue 31: the make+model facet, so a listing path naming a model the
	// site has no stock of is the 404 without a read; stats say their
	// format, and a total merged with a share of an older one is old too.
	if want := map[string]map[string]int{"Kia": {"M": 2}, "Mazda": {"M": 2}}; !reflect.DeepEqual(st.Models, want) || st.Format != shared.SiteStatsFormat {
		t.Errorf("models %v (format %d), want %v (format %d)", st.Models, st.Format, want, shared.SiteStatsFormat)
	}
	if filtered, _ := sitestats.Compute(shared.Site{Slug: "site", Search: shared.SearchConfig{Filters: "car_type:used"}}, cars, now); !reflect.DeepEqual(filtered.Models, map[string]map[string]int{"Kia": {"M": 2}}) {
		t.Errorf("models under the site's filters: %v", filtered.Models)
	}
	if old := sitestats.Merge(now, st, shared.SiteStats{NbHits: 1}); old.Format != 0 {
		t.Errorf("merged with an old share: format %d, want 0 (unknown models)", old.Format)
	}
	if _, err := sitestats.Compute(shared.Site{Slug: "site", Search: shared.SearchConfig{Filters: "make:("}}, cars, now); err == nil {
		t.Error("a bad search.filters: want an error naming it")
	}
}

// Issue 18: after each feed run (and reindex, and a sweep that changes the
// stock) the stats stored with the site equal the index's own facet answer
// for the site's listing filter, so the home page can show them instead of
// searching; a sold car past retention leaves them without a new feed.
func TestStatsFollowFeedsAndSweep(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	idx, cfg := testenv.Index(t)
	sites := dynamo.NewSiteStore(db, tables)
	for _, s := range []shared.Site{
		{Slug: "group", Dealerships: []shared.Dealership{{Slug: "north", Name: "North Motors"}, {Slug: "south", Name: "South Cars"}},
			Stock: shared.StockConfig{SoldRetentionDays: 3}},
		{Slug: "used-site", Dealerships: []shared.Dealership{{Slug: "north", Name: "North Motors"}},
			Search: shared.SearchConfig{Filters: "car_type:used"}, Stock: shared.StockConfig{SoldRetentionDays: 3}},
	} {
		shared.ApplyDefaults(&s)
		if err := sites.SaveSite(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	clock := now
	cars := dynamo.NewCarStore(db, tables)
	svc := feed.NewService(feed.ServiceConfig{Cars: cars, Runs: dynamo.NewRunStore(db, tables), Sites: sites, Index: idx,
		Stats: &sitestats.Refresher{Cars: cars, Store: sites, Now: func() time.Time { return clock }},
		Now:   func() time.Time { return clock }})
	ingest := func(dealer, body string) {
		t.Helper()
		rep, err := svc.Ingest(ctx, feed.Request{DealershipSlug: dealer, Mode: feed.ModeFull, ContentType: "application/json", Body: strings.NewReader(body)})
		if err != nil || rep.Status != feed.StatusSucceeded {
			t.Fatalf("ingest %s: %+v, %v", dealer, rep, err)
		}
	}
	car := func(stock, make, typ, body string, price int) string {
		return fmt.Sprintf(`{"stocknum":%q,"make":%q,"model":"X","year":2022,"car_type":%q,"body_type":%q,"price":%d}`, stock, make, typ, body, price)
	}
	ingest("north", "["+car("N1", "Kia", "used", "SUV", 19990)+","+car("N2", "Mazda", "new", "Sedan", 39990)+","+car("N3", "Kia", "used", "Hatch", 12990)+"]")
	ingest("south", "["+car("S1", "Toyota", "demo", "Ute", 55990)+"]")
	check := func(when string) {
		t.Helper()
		for _, slug := range []string{"group", "used-site"} {
			site, err := sites.FindSite(ctx, slug)
			if err != nil {
				t.Fatal(err)
			}
			st, err := sites.SiteStats(ctx, slug)
			if err != nil || st == nil {
				t.Fatalf("%s: stats of %s = %v, %v", when, slug, st, err)
			}
			nb, facets := engineFacets(t, idx, cfg, site)
			if st.NbHits != nb {
				t.Errorf("%s, %s: nb_hits %d, the index answers %d", when, slug, st.NbHits, nb)
			}
			for _, name := range shared.StatsFacets {
				if !maps.Equal(st.Facets[name], facets[name]) {
					t.Errorf("%s, %s: %s counts %v, the index answers %v", when, slug, name, st.Facets[name], facets[name])
				}
			}
		}
	}
	check("after the first feeds")
	if st, _ := sites.SiteStats(ctx, "group"); st.NbHits != 4 || st.MinPrice["used"] != 12990 || st.MinPrice[""] != 12990 {
		t.Errorf("group stats = %+v, want 4 cars, cheapest used 12990", st)
	}
	// A tenant deploy rewrites the site's config and keeps its stats.
	site, _ := sites.FindSite(ctx, "group")
	if err := sites.SaveSite(ctx, site); err != nil {
		t.Fatal(err)
	}
	if st, _ := sites.SiteStats(ctx, "group"); st == nil {
		t.Error("stats gone after SaveSite")
	}

	ingest("north", "["+car("N1", "Kia", "used", "SUV", 19990)+","+car("N2", "Mazda", "new", "Sedan", 39990)+"]") // N3 sold
	check("after N3 sold")
	clock = clock.Add(4 * 24 * time.Hour) // past 3 days' retention: the sweep, not a feed, drops N3
	if rep, err := svc.Sweep(ctx); err != nil || rep.Removed != 1 {
		t.Fatalf("sweep = %+v, %v", rep, err)
	}
	check("after the sweep")
	if st, _ := sites.SiteStats(ctx, "used-site"); st.NbHits != 1 || st.Facets["make"]["Kia"] != 1 {
		t.Errorf("used-site after the sweep = %+v, want N1 only", st)
	}
}

// engineFacets asks the index, with the site's secured key, for what the
// home page used to ask it: the facet counts under the site's filters.
func engineFacets(t *testing.T, idx *algolia.Index, cfg algolia.Config, site shared.Site) (int, map[string]map[string]int) {
	t.Helper()
	filters := site.Search.Filters
	key, _, err := idx.SecuredKey(shared.Site{Slug: site.Slug, Dealerships: site.Dealerships}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	c, err := search.NewClientWithConfig(search.SearchConfiguration{Configuration: transport.Configuration{
		AppID: cfg.AppID, ApiKey: key,
		Hosts: []transport.StatefulHost{transport.NewStatefulHost("http", strings.TrimPrefix(cfg.Host, "http://"), call.IsReadWrite)},
	}})
	if err != nil {
		t.Fatal(err)
	}
	params := search.NewEmptySearchParamsObject().SetHitsPerPage(0).SetFacets(shared.StatsFacets).SetMaxValuesPerFacet(1000).SetFilters(filters)
	res, err := c.SearchSingleIndex(c.NewApiSearchSingleIndexRequest(cfg.Index).WithSearchParams(search.SearchParamsObjectAsSearchParams(params)))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]int{}
	for _, name := range shared.StatsFacets {
		out[name] = map[string]int{}
		for v, n := range res.GetFacets()[name] {
			out[name][v] = int(n)
		}
	}
	return int(res.GetNbHits()), out
}

// Issue 18: a site's stats are the sum of its dealerships' shares, so a
// run recomputes only its own dealership's share. Compute over all the
// cars must equal Merge of Compute over each dealership's cars.
func TestMergeEqualsComputeOverAll(t *testing.T) {
	site := shared.DefaultSite()
	site.Slug = "group"
	var all []shared.IndexedCar
	var parts []shared.SiteStats
	for i, d := range []string{"north", "south", "east"} {
		stock := demo.Stock(shared.Dealership{ID: "d-" + d, Slug: d, Name: d}, site.Stock.CarTypes, 10+i*7, now)
		var mine []shared.IndexedCar
		for _, c := range stock {
			mine = append(mine, shared.IndexedCar{Car: c, Placement: shared.Placement{Sites: []string{"group"}, DealershipName: d}})
		}
		part, err := sitestats.Compute(site, mine, now)
		if err != nil {
			t.Fatal(err)
		}
		all, parts = append(all, mine...), append(parts, part)
	}
	whole, err := sitestats.Compute(site, all, now)
	if err != nil {
		t.Fatal(err)
	}
	merged := sitestats.Merge(now, parts...)
	if !reflect.DeepEqual(whole, merged) {
		t.Errorf("Merge of the shares = %+v\nCompute over all = %+v", merged, whole)
	}
	if empty := sitestats.Merge(now); empty.NbHits != 0 || len(empty.Facets["make"]) != 0 {
		t.Errorf("Merge of nothing = %+v, want zero counts", empty)
	}
}

// countingCars records whose cars the refresher reads.
type countingCars struct {
	sitestats.CarReader
	mu    sync.Mutex
	reads map[string]int
}

func (c *countingCars) StoredCars(ctx context.Context, dealership string) ([]shared.StoredCar, error) {
	c.mu.Lock()
	c.reads[dealership]++
	c.mu.Unlock()
	return c.CarReader.StoredCars(ctx, dealership)
}

// Issue 18, feed bursts: every dealership of a group refreshing at once
// (as when all their feeds land on the hour) leaves the site's stats equal
// to a computation over all the group's cars, while each refresh reads only
// its own dealership's cars; cars older than the shares are caught up by
// the sweep; a changed site config is applied to every dealership's share
// at the next refresh.
func TestConcurrentRefreshesOfOneGroup(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	store := dynamo.NewSiteStore(db, tables)
	cars := dynamo.NewCarStore(db, tables)
	site := shared.DefaultSite()
	site.Slug, site.ID, site.Name = "group", "site-group", "Group"
	const n = 16
	for i := range n {
		slug := fmt.Sprintf("dealer-%02d", i)
		site.Dealerships = append(site.Dealerships, shared.Dealership{ID: "d-" + slug, Slug: slug, Name: "Dealer " + slug})
	}
	shared.ApplyDefaults(&site)
	if err := store.SaveSite(ctx, site); err != nil {
		t.Fatal(err)
	}
	for i, d := range site.Dealerships {
		var stored []shared.StoredCar
		for _, c := range demo.Stock(d, site.Stock.CarTypes, 3+i%4, now) {
			stored = append(stored, shared.StoredCar{Car: c})
		}
		if err := cars.PutCars(ctx, stored); err != nil {
			t.Fatal(err)
		}
	}
	counter := &countingCars{CarReader: cars, reads: map[string]int{}}
	r := &sitestats.Refresher{Cars: counter, Store: store, Now: func() time.Time { return now }}
	sites := func() []shared.Site {
		t.Helper()
		all, err := store.ListSites(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return all
	}
	refreshAll := func() {
		t.Helper()
		current := sites()
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i, d := range site.Dealerships {
			wg.Add(1)
			go func() { defer wg.Done(); errs[i] = r.RefreshStats(ctx, d.Slug, current) }()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("refresh %s: %v", site.Dealerships[i].Slug, err)
			}
		}
	}
	want := func() shared.SiteStats {
		t.Helper()
		current, err := store.FindSite(ctx, site.Slug)
		if err != nil {
			t.Fatal(err)
		}
		sites := []shared.Site{current}
		var all []shared.IndexedCar
		for _, d := range current.Dealerships {
			stored, err := cars.StoredCars(ctx, d.Slug)
			if err != nil {
				t.Fatal(err)
			}
			placer := shared.NewPlacer(d.Slug, sites)
			for _, sc := range stored {
				all = append(all, shared.IndexedCar{Car: sc.Car, Placement: placer.Place(sc.Car, now)})
			}
		}
		st, err := sitestats.Compute(current, all, now)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	check := func(when string) {
		t.Helper()
		got, err := store.SiteStats(ctx, site.Slug)
		if err != nil || got == nil {
			t.Fatalf("%s: stats = %v, %v", when, got, err)
		}
		w := want()
		if got.NbHits != w.NbHits || !reflect.DeepEqual(got.Facets, w.Facets) || !reflect.DeepEqual(got.MinPrice, w.MinPrice) {
			t.Errorf("%s: stored stats %+v\nwant (computed over every car) %+v", when, *got, w)
		}
	}

	// The cars predate the shares (an upgrade): the sweep's FillStats
	// catches each dealership up, and reads nothing once they are current.
	for _, d := range site.Dealerships {
		if err := r.FillStats(ctx, d.Slug, sites()); err != nil {
			t.Fatal(err)
		}
	}
	check("after the sweep filled the shares in")
	counter.reads = map[string]int{}
	if err := r.FillStats(ctx, "dealer-01", sites()); err != nil {
		t.Fatal(err)
	}
	if len(counter.reads) != 0 {
		t.Errorf("FillStats with current shares read the cars of %v", counter.reads)
	}

	refreshAll()
	check("after a burst of refreshes")

	// Once the shares exist, a refresh reads its own dealership's cars only.
	counter.reads = map[string]int{}
	if err := r.RefreshStats(ctx, "dealer-03", sites()); err != nil {
		t.Fatal(err)
	}
	if len(counter.reads) != 1 || counter.reads["dealer-03"] != 1 {
		t.Errorf("one refresh read the cars of %v, want dealer-03 once", counter.reads)
	}

	// A second burst, after dealer-05 lost its cars.
	stored, _ := cars.StoredCars(ctx, "dealer-05")
	var ids []string
	for _, sc := range stored {
		ids = append(ids, sc.Car.ID)
	}
	if err := cars.DeleteCars(ctx, "dealer-05", ids); err != nil {
		t.Fatal(err)
	}
	refreshAll()
	check("after dealer-05's cars left")

	// A tenant deploy narrows the site to used cars: one refresh applies it
	// to every dealership's share.
	site.Search.Filters = "car_type:used"
	if err := store.SaveSite(ctx, site); err != nil {
		t.Fatal(err)
	}
	if err := r.RefreshStats(ctx, "dealer-00", sites()); err != nil {
		t.Fatal(err)
	}
	check("after the site's filters changed")
}
