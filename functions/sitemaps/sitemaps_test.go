package sitemaps_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"forecourt/functions/s3client"
	"forecourt/functions/sitemaps"
	"forecourt/shared"
)

// stores are both Objects implementations: a folder, and S3's API through
// an S3-compatible stand-in (gofakes3, which checks If-Match and
// If-None-Match as S3 does).
func stores(t *testing.T) map[string]sitemaps.Objects {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket("derived"); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(srv.Close)
	client, err := s3client.NewClient(context.Background(), s3client.ClientConfig{Endpoint: srv.URL, Region: "ap-southeast-2"})
	if err != nil {
		t.Fatal(err)
	}
	return map[string]sitemaps.Objects{
		"dir": &sitemaps.DirObjects{Dir: t.TempDir()},
		"s3":  sitemaps.S3Objects{Client: client, Bucket: "derived", Prefix: "sitemaps/"},
	}
}

// The store's contract the lists' merge relies on: a missing object is
// ENOTFOUND, and a swap from a version another write replaced is
// ECONFLICT, so no run overwrites a list it has not read.
func TestObjects(t *testing.T) {
	ctx := context.Background()
	for name, o := range stores(t) {
		t.Run(name, func(t *testing.T) {
			key := sitemaps.SiteKey("acme")
			if _, _, err := o.Get(ctx, key); shared.ErrorCode(err) != shared.ENOTFOUND {
				t.Fatalf("get of a missing list: %v, want not_found", err)
			}
			if _, err := o.Version(ctx, key); shared.ErrorCode(err) != shared.ENOTFOUND {
				t.Fatalf("version of a missing list: %v, want not_found", err)
			}
			if err := o.Swap(ctx, key, []byte(`{"n":1}`), ""); err != nil {
				t.Fatalf("create: %v", err)
			}
			if err := o.Swap(ctx, key, []byte(`{"n":2}`), ""); shared.ErrorCode(err) != shared.ECONFLICT {
				t.Fatalf("second create: %v, want conflict", err)
			}
			body, v1, err := o.Get(ctx, key)
			if err != nil || string(body) != `{"n":1}` || v1 == "" {
				t.Fatalf("get: %q %q %v", body, v1, err)
			}
			if v, err := o.Version(ctx, key); err != nil || v != v1 {
				t.Fatalf("version %q, get's %q (%v)", v, v1, err)
			}
			if err := o.Swap(ctx, key, []byte(`{"n":3}`), v1); err != nil {
				t.Fatalf("swap from the current version: %v", err)
			}
			if err := o.Swap(ctx, key, []byte(`{"n":4}`), v1); shared.ErrorCode(err) != shared.ECONFLICT {
				t.Fatalf("swap from a replaced version: %v, want conflict", err)
			}
			if err := o.Put(ctx, key, []byte(`{"n":5}`)); err != nil {
				t.Fatal(err)
			}
			if body, _, _ := o.Get(ctx, key); string(body) != `{"n":5}` {
				t.Errorf("after put: %s", body)
			}
		})
	}
}

// fakeCars is each dealership's cars, counting reads.
type fakeCars struct {
	mu    sync.Mutex
	cars  map[string][]shared.StoredCar
	reads map[string]int
}

func (f *fakeCars) StoredCars(_ context.Context, d string) ([]shared.StoredCar, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reads[d]++
	return slices.Clone(f.cars[d]), nil
}

func (f *fakeCars) set(d string, cars ...shared.StoredCar) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.cars[d] = cars
}

var listed = time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)

func car(dealer, slug string) shared.StoredCar {
	return shared.StoredCar{Car: shared.Car{ID: slug, Slug: slug, DealershipSlug: dealer, ShowOnDealerWebsite: true,
		Status: shared.StatusInStock, CarType: shared.CarType("used"), Make: "Toyota", Model: "Corolla", CreatedAt: listed}}
}

func group() shared.Site {
	site := shared.DefaultSite()
	site.Slug = "group"
	site.Dealerships = []shared.Dealership{{Slug: "north"}, {Slug: "south"}}
	shared.ApplyDefaults(&site)
	return site
}

func slugs(t *testing.T, r sitemaps.Reader, site shared.Site) string {
	t.Helper()
	cars, ok, err := r.SiteCars(context.Background(), site)
	if err != nil || !ok {
		t.Fatalf("no list for %s: %v", site.Slug, err)
	}
	var out []string
	for _, c := range cars {
		out = append(out, c.Slug)
	}
	return strings.Join(out, " ")
}

// Issue 14 "regenerated after each feed run": a dealership's run rewrites
// its share from its own cars only, and the site's list is all its
// dealerships' shares; a dealership without a share yet is read from its
// cars for the merge. Only available cars the site shows are listed, each
// with the later of created_at and its last write as lastmod.
func TestRefreshMergesTheDealershipsShares(t *testing.T) {
	ctx := context.Background()
	for name, o := range stores(t) {
		t.Run(name, func(t *testing.T) {
			site := group()
			other := shared.DefaultSite()
			other.Slug, other.Dealerships = "other", []shared.Dealership{{Slug: "elsewhere"}}
			sold, hidden := car("north", "n-sold"), car("north", "n-hidden")
			sold.Sold = true
			hidden.ShowOnDealerWebsite = false
			changed := car("north", "n-2")
			changed.UpdatedAt = time.Date(2026, 11, 20, 1, 0, 0, 0, time.UTC)
			cars := &fakeCars{cars: map[string][]shared.StoredCar{}, reads: map[string]int{}}
			cars.set("north", car("north", "n-1"), changed, sold, hidden)
			cars.set("south", car("south", "s-1"))
			r := &sitemaps.Refresher{Cars: cars, Objects: o}
			read := sitemaps.Reader{Objects: o}

			if _, ok, err := read.SiteCars(ctx, site); ok || err != nil {
				t.Fatalf("a list before any run: ok %v, %v", ok, err)
			}
			if err := r.RefreshSitemaps(ctx, "north", []shared.Site{site, other}); err != nil {
				t.Fatal(err)
			}
			if got := slugs(t, read, site); got != "n-1 n-2 s-1" {
				t.Errorf("after north's run: %s", got)
			}
			if _, ok, _ := read.SiteCars(ctx, other); ok {
				t.Error("a site not showing the dealership got a list")
			}
			list, _, _ := read.SiteCars(ctx, site)
			if list[1].LastMod != changed.UpdatedAt || list[0].LastMod != listed {
				t.Errorf("lastmod: %+v", list)
			}

			// South's run reads south's cars only: north's share is stored.
			cars.set("south", car("south", "s-1"), car("south", "s-2"))
			cars.set("north") // not read: north's own share stands
			before := cars.reads["north"]
			if err := r.RefreshSitemaps(ctx, "south", []shared.Site{site, other}); err != nil {
				t.Fatal(err)
			}
			if cars.reads["north"] != before {
				t.Error("south's run read north's cars")
			}
			if got := slugs(t, read, site); got != "n-1 n-2 s-1 s-2" {
				t.Errorf("after south's run: %s", got)
			}

			// A config change (a dealership added) makes the list stale:
			// it is not served until a run or the sweep rewrites it.
			site.Dealerships = append(site.Dealerships, shared.Dealership{Slug: "east"})
			if _, ok, _ := read.SiteCars(ctx, site); ok {
				t.Error("a list built under another config is served")
			}
			cars.set("east", car("east", "e-1"))
			if err := r.FillSitemaps(ctx, "south", []shared.Site{site}); err != nil {
				t.Fatal(err)
			}
			if got := slugs(t, read, site); got != "e-1 s-1 s-2" {
				t.Errorf("after the sweep's fill (north now has no cars): %s", got)
			}
		})
	}
}

// The sweep's catch-up reads no cars where the dealership's share and the
// site's list are current, and rebuilds a list that was deleted.
func TestFillSitemaps(t *testing.T) {
	ctx := context.Background()
	o := &sitemaps.DirObjects{Dir: t.TempDir()}
	site := group()
	cars := &fakeCars{cars: map[string][]shared.StoredCar{}, reads: map[string]int{}}
	cars.set("north", car("north", "n-1"))
	cars.set("south", car("south", "s-1"))
	r := &sitemaps.Refresher{Cars: cars, Objects: o}
	for _, d := range []string{"north", "south"} {
		if err := r.RefreshSitemaps(ctx, d, []shared.Site{site}); err != nil {
			t.Fatal(err)
		}
	}
	reads := fmt.Sprint(cars.reads)
	if err := r.FillSitemaps(ctx, "north", []shared.Site{site}); err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(cars.reads); got != reads {
		t.Errorf("a current share was rebuilt: reads %s, then %s", reads, got)
	}
	if err := o.Put(ctx, sitemaps.SiteKey(site.Slug), []byte("not json")); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := (sitemaps.Reader{Objects: o}).SiteCars(ctx, site); ok {
		t.Error("an unreadable list is served")
	}
}

// Runs of a site's dealerships ending at once: whatever the interleaving,
// the last saved list has every dealership's cars (the saves are
// conditional on the version read before the shares).
func TestConcurrentRunsKeepEveryShare(t *testing.T) {
	ctx := context.Background()
	for name, o := range stores(t) {
		t.Run(name, func(t *testing.T) {
			site := shared.DefaultSite()
			site.Slug = "big"
			cars := &fakeCars{cars: map[string][]shared.StoredCar{}, reads: map[string]int{}}
			var want []string
			for i := range 8 {
				d := fmt.Sprintf("d%d", i)
				site.Dealerships = append(site.Dealerships, shared.Dealership{Slug: d})
				cars.set(d, car(d, d+"-car"))
				want = append(want, d+"-car")
			}
			r := &sitemaps.Refresher{Cars: cars, Objects: o}
			// Every share exists first, so the merge reads no cars of others.
			for _, d := range site.Dealerships {
				if err := r.RefreshSitemaps(ctx, d.Slug, []shared.Site{site}); err != nil {
					t.Fatal(err)
				}
			}
			for _, d := range site.Dealerships {
				cars.set(d.Slug, car(d.Slug, d.Slug+"-car"), car(d.Slug, d.Slug+"-new"))
				want = append(want, d.Slug+"-new")
			}
			var wg sync.WaitGroup
			errs := make(chan error, len(site.Dealerships))
			for _, d := range site.Dealerships {
				wg.Go(func() { errs <- r.RefreshSitemaps(ctx, d.Slug, []shared.Site{site}) })
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			slices.Sort(want)
			if got := slugs(t, sitemaps.Reader{Objects: o}, site); got != strings.Join(want, " ") {
				t.Errorf("list after concurrent runs:\n got %s\nwant %s", got, strings.Join(want, " "))
			}
		})
	}
}

// The stored list is what shared.SitemapCars encodes.
func TestStoredListFormat(t *testing.T) {
	ctx := context.Background()
	o := &sitemaps.DirObjects{Dir: t.TempDir()}
	cars := &fakeCars{cars: map[string][]shared.StoredCar{"north": {car("north", "n-1")}}, reads: map[string]int{}}
	site := group()
	if err := (&sitemaps.Refresher{Cars: cars, Objects: o}).RefreshSitemaps(ctx, "north", []shared.Site{site}); err != nil {
		t.Fatal(err)
	}
	body, _, err := o.Get(ctx, sitemaps.SiteKey("group"))
	if err != nil {
		t.Fatal(err)
	}
	var list shared.SitemapCars
	if err := json.Unmarshal(body, &list); err != nil || list.SiteHash != site.SitemapHash() {
		t.Fatalf("%s: %v", body, err)
	}
	if !strings.Contains(string(body), `{"slug":"n-1","lastmod":"2026-11-01T09:00:00Z","car_type":"used","make":"Toyota","model":"Corolla"}`) {
		t.Errorf("stored list: %s", body)
	}
}

// Issue 31: a site's search.filters hide a car from its sitemaps as from
// its search (the one filter, functions/visible), and a change of the
// filters makes the stored list stale, so it is rebuilt under them.
func TestSitemapsKeepTheSitesSearchFilters(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		name, filters, want string
	}{
		{"no filters", "", "n-1 n-2"},
		{"a make filtered out", "NOT make:Toyota", "n-2"},
		{"new cars only", "car_type:new", "n-2"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o := &sitemaps.DirObjects{Dir: t.TempDir()}
			site := group()
			mazda := car("north", "n-2")
			mazda.Make, mazda.Model, mazda.CarType = "Mazda", "CX-5", "new"
			cars := &fakeCars{cars: map[string][]shared.StoredCar{}, reads: map[string]int{}}
			cars.set("north", car("north", "n-1"), mazda)
			r := &sitemaps.Refresher{Cars: cars, Objects: o}
			read := sitemaps.Reader{Objects: o}
			if err := r.RefreshSitemaps(ctx, "north", []shared.Site{site}); err != nil {
				t.Fatal(err)
			}
			site.Search.Filters = tt.filters
			if _, ok, _ := read.SiteCars(ctx, site); ok != (tt.filters == "") {
				t.Errorf("list built before the filters served: %v", ok)
			}
			if err := r.RefreshSitemaps(ctx, "north", []shared.Site{site}); err != nil {
				t.Fatal(err)
			}
			if got := slugs(t, read, site); got != tt.want {
				t.Errorf("listed %q, want %q", got, tt.want)
			}
		})
	}
}
