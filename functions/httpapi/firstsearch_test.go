package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"forecourt/functions/algolia"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

var inlinedSearchRe = regexp.MustCompile(`(?s)<script id="forecourt-search" type="application/json">(.*?)</script>`)

// firstSearchSite is riverside with the site config's defaults (21 per
// page, the default facets), as the site store serves it.
func firstSearchSite() shared.Site {
	site := shared.Site{Slug: "riverside", Name: "Riverside Toyota",
		Dealerships: []shared.Dealership{{Slug: "riverside-toyota", Name: "Riverside Toyota"}}}
	shared.ApplyDefaults(&site)
	return site
}

// indexFirstSearchCars puts riverside's cars and another site's in the
// search engine: a Corolla whose badge tries to close the script, a HiLux
// and a Kia on riverside, and a HiLux only the other site shows.
func indexFirstSearchCars(t *testing.T, idx *algolia.Index) {
	t.Helper()
	place := func(site string) shared.Placement {
		return shared.Placement{Sites: []string{site}, DealershipName: "Riverside Toyota", SearchableUntil: shared.NoExpiry}
	}
	car := func(id, make, model, badge string) shared.Car {
		return shared.Car{ID: id, Slug: "car-" + id, Make: make, Model: model, Badge: badge, Year: 2022, Price: 30000,
			CarType: shared.CarTypeUsed, Status: shared.StatusInStock, DealershipSlug: "riverside-toyota",
			PrimaryImageURL: "/media/cars/" + id + "/1.jpg", Images: []shared.Image{{URL: "/media/cars/" + id + "/1.jpg"}},
			StandardEquipment: []string{"Cruise control"}, DealerComments: "One owner"}
	}
	err := idx.Save(context.Background(), []shared.IndexedCar{
		{Car: car("r1", "Toyota", "Corolla", "</script><b>Ascent"), Placement: place("riverside")},
		{Car: car("r2", "Toyota", "HiLux", "SR5"), Placement: place("riverside")},
		{Car: car("r3", "Kia", "Sportage", "S"), Placement: place("riverside")},
		{Car: car("o1", "Toyota", "HiLux", "Rogue"), Placement: place("other-site")},
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Issue 14 "First paint without a round trip": a listing page carries its
// first search's answer, searched on the real engine with the site's
// secured key (only the site's cars), for InstantSearch to start from; other
// pages carry none. Its hits leave out what only the car page reads (the
// gallery, equipment and comments).
func TestDocumentInlinesListingFirstSearch(t *testing.T) {
	idx, cfg := testenv.Index(t)
	indexFirstSearchCars(t, idx)
	h := documentAPIWith(t, func(c fakeCars) shared.CarStore { return c }, func(c *APIConfig) {
		c.Sites = fakeSites{"riverside": firstSearchSite()}
		c.Keys, c.ServerKeys, c.FirstSearch = idx, idx.ServerKeys(), idx
		c.Search.Index = cfg.Index
		// The secured key expires a day after now: the engine checks it
		// against the real clock.
		c.Now = time.Now
	})
	for _, tc := range []struct {
		name, path, wantPath string
		// wantHits are the object ids of the first result's hits; nil: no script.
		wantHits    []string
		wantResults int
		wantRefined map[string][]string
	}{
		{name: "all stock", path: "/search/new-used-and-demo-cars/", wantPath: "/search/new-used-and-demo-cars/",
			wantHits: []string{"r1", "r2", "r3"}, wantResults: 1},
		{name: "make and model: hits and one facet query per refined facet", path: "/search/Toyota/HiLux", wantPath: "/search/Toyota/HiLux",
			wantHits: []string{"r2"}, wantResults: 3, wantRefined: map[string][]string{"make": {"Toyota"}, "model": {"HiLux"}}},
		{name: "the escaped path, as location.pathname", path: "/search/Land%20Rover", wantPath: "/search/Land%20Rover",
			wantHits: []string{}, wantResults: 2, wantRefined: map[string][]string{"make": {"Land Rover"}}},
		{name: "a car page carries none", path: "/cars/car-a"},
		{name: "the home page carries none", path: "/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := get(h, tc.path, "riverside", testSecret)
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d", rec.Code)
			}
			page := rec.Body.String()
			m := inlinedSearchRe.FindStringSubmatch(page)
			if tc.wantHits == nil {
				if m != nil {
					t.Errorf("%s carries a search answer", tc.path)
				}
				return
			}
			if m == nil {
				t.Fatalf("no inlined search:\n%s", page)
			}
			if strings.Contains(m[1], "</script><b>") || strings.Contains(m[1], "<b>") {
				t.Errorf("a hit's text is written unescaped: %s", m[1])
			}
			var got struct {
				Path           string `json:"path"`
				InitialResults map[string]struct {
					State struct {
						Index                        string              `json:"index"`
						HitsPerPage                  int                 `json:"hitsPerPage"`
						DisjunctiveFacetsRefinements map[string][]string `json:"disjunctiveFacetsRefinements"`
					} `json:"state"`
					Results []struct {
						Hits   []map[string]any `json:"hits"`
						NbHits int              `json:"nbHits"`
					} `json:"results"`
				} `json:"initialResults"`
			}
			if err := json.Unmarshal([]byte(m[1]), &got); err != nil {
				t.Fatal(err)
			}
			if got.Path != tc.wantPath {
				t.Errorf("path %q, want %q", got.Path, tc.wantPath)
			}
			res, ok := got.InitialResults[cfg.Index]
			if !ok || len(got.InitialResults) != 1 {
				t.Fatalf("initialResults not keyed by the index %q alone: %s", cfg.Index, m[1])
			}
			if res.State.Index != cfg.Index || res.State.HitsPerPage != 21 {
				t.Errorf("state index %q, %d per page", res.State.Index, res.State.HitsPerPage)
			}
			for k, v := range tc.wantRefined {
				if !slices.Equal(res.State.DisjunctiveFacetsRefinements[k], v) {
					t.Errorf("refined %s = %v, want %v", k, res.State.DisjunctiveFacetsRefinements[k], v)
				}
			}
			if len(res.Results) != tc.wantResults {
				t.Fatalf("%d results, want %d", len(res.Results), tc.wantResults)
			}
			var ids []string
			for _, hit := range res.Results[0].Hits {
				id, _ := hit["objectID"].(string)
				ids = append(ids, id)
				if id == "r1" && hit["badge"] != "</script><b>Ascent" {
					t.Errorf("badge read back as %q", hit["badge"])
				}
				if hit["primary_image_url"] != "/media/cars/"+id+"/1.jpg" {
					t.Errorf("%s: card photo %v", id, hit["primary_image_url"])
				}
				for _, unread := range []string{"images", "standardEquipment", "dealercomments"} {
					if _, ok := hit[unread]; ok {
						t.Errorf("%s: hit carries %s, which no card reads", id, unread)
					}
				}
			}
			slices.Sort(ids)
			if !slices.Equal(ids, tc.wantHits) && !(len(ids) == 0 && len(tc.wantHits) == 0) {
				t.Errorf("hits %v, want %v (only the site's cars)", ids, tc.wantHits)
			}
			if res.Results[0].NbHits != len(tc.wantHits) {
				t.Errorf("nbHits %d, want %d", res.Results[0].NbHits, len(tc.wantHits))
			}
		})
	}
}

// slowSearcher answers when ctx ends: an engine slower than the timeout.
type slowSearcher struct{}

func (slowSearcher) SearchAs(ctx context.Context, _ string, _ any) ([]json.RawMessage, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

// failingSearcher answers with an error.
type failingSearcher struct{}

func (failingSearcher) SearchAs(context.Context, string, any) ([]json.RawMessage, error) {
	return nil, errors.New("engine down")
}

// shortSearcher answers fewer results than requests.
type shortSearcher struct{}

func (shortSearcher) SearchAs(context.Context, string, any) ([]json.RawMessage, error) {
	return []json.RawMessage{}, nil
}

// Issue 14: a listing's first search never costs the page: an engine that
// is down, refuses the key, is slower than the timeout or answers oddly
// leaves the page 200 without the answer (the browser then searches).
func TestDocumentListingWithoutFirstSearch(t *testing.T) {
	down := httptest.NewServer(http.NotFoundHandler())
	down.Close()
	downIndex, err := algolia.New(algolia.Config{AppID: "APP", AdminKey: "k", SearchKey: "s", Host: down.URL, Index: "cars"})
	if err != nil {
		t.Fatal(err)
	}
	refused, _ := testenv.Index(t)
	for _, tc := range []struct {
		name     string
		searcher ListingSearcher
	}{
		{"engine unreachable", downIndex},
		// fakeKeys mints a key the engine does not know.
		{"key refused", refused},
		{"slower than the timeout", slowSearcher{}},
		{"engine error", failingSearcher{}},
		{"fewer results than requests", shortSearcher{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := documentAPIWith(t, func(c fakeCars) shared.CarStore { return c }, func(c *APIConfig) {
				c.Sites = fakeSites{"riverside": firstSearchSite()}
				c.FirstSearch = tc.searcher
				c.FirstSearchTimeout = 50 * time.Millisecond
			})
			rec := get(h, "/search/new-used-and-demo-cars/", "riverside", testSecret)
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d: %s", rec.Code, rec.Body)
			}
			if inlinedSearchRe.MatchString(rec.Body.String()) {
				t.Error("the page carries a search answer")
			}
			if !strings.Contains(rec.Body.String(), `<script id="forecourt-data"`) {
				t.Error("the page lost its site data")
			}
		})
	}
}

// Issue 14 first paint: the listing of all stock is painted from the same
// first answer it inlines (seo.Page.ListingPaint), its first card's photo
// preloaded; a preset path is inlined but not painted, and a page whose
// first search failed is neither.
func TestDocumentPaintsListingFromFirstSearch(t *testing.T) {
	idx, cfg := testenv.Index(t)
	indexFirstSearchCars(t, idx)
	for _, tc := range []struct {
		name      string
		path      string
		searcher  ListingSearcher
		wantPaint bool
	}{
		{"all stock", "/search/new-used-and-demo-cars/", idx, true},
		{"a preset path", "/search/Toyota/HiLux", idx, false},
		{"no first search", "/search/new-used-and-demo-cars/", failingSearcher{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := documentAPIWith(t, func(c fakeCars) shared.CarStore { return c }, func(c *APIConfig) {
				c.Sites = fakeSites{"riverside": firstSearchSite()}
				c.Keys, c.ServerKeys, c.FirstSearch = idx, idx.ServerKeys(), tc.searcher
				c.Search.Index = cfg.Index
				c.Now = time.Now
			})
			rec := get(h, tc.path, "riverside", testSecret)
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d", rec.Code)
			}
			page := rec.Body.String()
			if got := strings.Contains(page, `data-paint="listing"`); got != tc.wantPaint {
				t.Fatalf("painted %v, want %v:\n%s", got, tc.wantPaint, page)
			}
			if !tc.wantPaint {
				return
			}
			if n := strings.Count(page, `<article class="car-card`); n != 3 {
				t.Errorf("%d painted cards, want the first 3", n)
			}
			if strings.Contains(page, "</script><b>") {
				t.Error("a painted badge is written unescaped")
			}
			if !regexp.MustCompile(`<link rel="preload" as="image" href="/media/cars/r\d/1.jpg"[^>]*fetchpriority="high"`).MatchString(page) {
				t.Error("the first card's photo is not preloaded at high priority")
			}
		})
	}
}

var inlinedLatestRe = regexp.MustCompile(`(?s)<script id="forecourt-latest" type="application/json">(.*?)</script>`)

// Issue 32 item 10: the home page's latest arrivals grew by a phone's four
// cards once scrolled to. The home page carries them, searched on the real
// engine with the site's secured key (only the site's cars), so the row
// renders with its cars; other pages, and a site whose count is 0, carry none.
func TestDocumentInlinesLatestArrivals(t *testing.T) {
	idx, cfg := testenv.Index(t)
	indexFirstSearchCars(t, idx)
	for _, tc := range []struct {
		name, path string
		limit      int
		wantHits   int // -1: no script
	}{
		{name: "home: the row's count of the site's cars", path: "/", limit: 2, wantHits: 2},
		{name: "home: all the site has when it has fewer", path: "/", limit: 4, wantHits: 3},
		{name: "home with the row turned off", path: "/", limit: 0, wantHits: -1},
		{name: "a listing carries none", path: "/search/new-used-and-demo-cars/", limit: 4, wantHits: -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			site := firstSearchSite()
			site.Home.LatestArrivals = tc.limit
			h := documentAPIWith(t, func(c fakeCars) shared.CarStore { return c }, func(c *APIConfig) {
				c.Sites = fakeSites{"riverside": site}
				c.Keys, c.ServerKeys, c.FirstSearch = idx, idx.ServerKeys(), idx
				c.Search.Index = cfg.Index
				c.Search.SortIndices = map[string]string{"latest": cfg.Index}
				c.Now = time.Now
			})
			rec := get(h, tc.path, "riverside", testSecret)
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d", rec.Code)
			}
			m := inlinedLatestRe.FindStringSubmatch(rec.Body.String())
			if tc.wantHits < 0 {
				if m != nil {
					t.Errorf("%s carries latest arrivals: %s", tc.path, m[1])
				}
				return
			}
			if m == nil {
				t.Fatalf("%s carries no latest arrivals", tc.path)
			}
			if strings.Contains(m[1], "<b>") {
				t.Errorf("a hit's text is written unescaped: %s", m[1])
			}
			var got LatestArrivals
			if err := json.Unmarshal([]byte(m[1]), &got); err != nil {
				t.Fatal(err)
			}
			if got.Index != cfg.Index || got.Limit != tc.limit || len(got.Hits) != tc.wantHits {
				t.Errorf("got index %q limit %d and %d hits, want %q, %d and %d", got.Index, got.Limit, len(got.Hits), cfg.Index, tc.limit, tc.wantHits)
			}
			for _, hit := range got.Hits {
				var car struct {
					ID        string   `json:"id"`
					Images    []any    `json:"images"`
					Equipment []string `json:"standardEquipment"`
				}
				if err := json.Unmarshal(hit, &car); err != nil {
					t.Fatal(err)
				}
				if car.ID == "o1" {
					t.Errorf("another site's car is inlined")
				}
				if car.Images != nil || car.Equipment != nil {
					t.Errorf("car %s carries what a card never reads", car.ID)
				}
			}
		})
	}
}

// Issue 34: the type listings the menus link (/search/used-cars,
// /search/new-cars, /search/demo-cars, /search/new-and-demo-cars) are
// painted like the listing of all stock, from their own first search:
// their title, their car-type chips, and cards of their types only.
func TestDocumentPaintsTypeListings(t *testing.T) {
	idx, cfg := testenv.Index(t)
	place := shared.Placement{Sites: []string{"riverside"}, DealershipName: "Riverside Toyota", SearchableUntil: shared.NoExpiry}
	car := func(id, model string, typ shared.CarType) shared.IndexedCar {
		return shared.IndexedCar{Placement: place, Car: shared.Car{ID: id, Slug: "car-" + id, Make: "Toyota", Model: model, Year: 2022, Price: 30000,
			CarType: typ, Status: shared.StatusInStock, DealershipSlug: "riverside-toyota",
			PrimaryImageURL: "/media/cars/" + id + "/1.jpg", Images: []shared.Image{{URL: "/media/cars/" + id + "/1.jpg"}}}}
	}
	if err := idx.Save(context.Background(), []shared.IndexedCar{
		car("u1", "Corolla", shared.CarTypeUsed), car("u2", "Camry", shared.CarTypeUsed),
		car("n1", "HiLux", shared.CarTypeNew), car("d1", "RAV4", shared.CarTypeDemo),
	}); err != nil {
		t.Fatal(err)
	}
	titleRe := regexp.MustCompile(`<h3 class="car-card__title"><a href="[^"]*">2022 Toyota (\w+)</a>`)
	for _, tc := range []struct {
		path, title string
		chips       []string
		models      []string // the painted cards' models, sorted
	}{
		{"/search/used-cars", "Used cars", []string{"Condition: Used"}, []string{"Camry", "Corolla"}},
		{"/search/new-cars", "New cars", []string{"Condition: New"}, []string{"HiLux"}},
		{"/search/demo-cars", "Demo cars", []string{"Condition: Demo"}, []string{"RAV4"}},
		{"/search/new-and-demo-cars", "New and demo cars", []string{"Condition: Demo", "Condition: New"}, []string{"HiLux", "RAV4"}},
	} {
		t.Run(tc.path, func(t *testing.T) {
			h := documentAPIWith(t, func(c fakeCars) shared.CarStore { return c }, func(c *APIConfig) {
				c.Sites = fakeSites{"riverside": firstSearchSite()}
				c.Keys, c.ServerKeys, c.FirstSearch = idx, idx.ServerKeys(), idx
				c.Search.Index = cfg.Index
				c.Now = time.Now
			})
			rec := get(h, tc.path, "riverside", testSecret)
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d", rec.Code)
			}
			page := rec.Body.String()
			if !strings.Contains(page, `data-paint="listing"`) {
				t.Fatalf("%s not painted:\n%s", tc.path, page)
			}
			if !strings.Contains(page, `<div class="listing__heading"><h1>`+tc.title+`</h1>`) {
				t.Errorf("heading: want %q", tc.title)
			}
			var models []string
			for _, m := range titleRe.FindAllStringSubmatch(page, -1) {
				models = append(models, m[1])
			}
			slices.Sort(models)
			if !slices.Equal(models, tc.models) {
				t.Errorf("painted cards %v, want %v (this type's only)", models, tc.models)
			}
			for _, chip := range tc.chips {
				if !strings.Contains(page, `aria-label="Remove `+chip+`"><span>`+chip+`</span>`) {
					t.Errorf("no filter chip %q", chip)
				}
			}
			if !inlinedSearchRe.MatchString(page) {
				t.Error("the first search is not inlined")
			}
		})
	}
}
