package httpapi

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"forecourt/shared"
)

// One visibility rule (issue 8, spec 001 §4, §9): the sites a car's index
// record lists (shared.Placer.Place) are exactly the sites whose
// GET /api/cars/{slug} answers 200. A car hidden from the dealer website is
// indexed for no site and 404s; sold retention is each site's own, also for
// two sites sharing a dealership (3 and 10 days). A sold car a site showed
// until its retention passed answers 410 there (issue 14 recently sold).
func TestIndexPlacementAndCarPageAgree(t *testing.T) {
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	sites := fakeSites{
		"short": {Slug: "short", Dealerships: []shared.Dealership{{Slug: "shared-lot"}}, Stock: shared.StockConfig{SoldRetentionDays: 3}},
		"long":  {Slug: "long", Dealerships: []shared.Dealership{{Slug: "shared-lot"}}, Stock: shared.StockConfig{SoldRetentionDays: 10}},
		"used":  {Slug: "used", Dealerships: []shared.Dealership{{Slug: "shared-lot"}}, Stock: shared.StockConfig{CarTypes: []shared.CarType{shared.CarTypeUsed}}},
	}
	car := func(slug string, mod func(*shared.Car)) shared.Car {
		c := shared.Car{ID: slug, Slug: slug, DealershipSlug: "shared-lot", CarType: shared.CarTypeNew,
			Status: shared.StatusInStock, ShowOnDealerWebsite: true}
		mod(&c)
		return c
	}
	sold := func(ago time.Duration) func(*shared.Car) {
		return func(c *shared.Car) {
			c.Sold, c.Status, c.SoldDateTimestamp = true, shared.StatusSold, now.Add(-ago).Unix()
		}
	}
	cars := fakeCars{}
	want := map[string][]string{}
	gone := map[string][]string{}
	for _, tt := range []struct {
		car   shared.Car
		sites []string
		// gone are the sites that showed the car until their retention passed.
		gone []string
	}{
		{car("in-stock", func(*shared.Car) {}), []string{"long", "short"}, nil},
		{car("used", func(c *shared.Car) { c.CarType = shared.CarTypeUsed }), []string{"long", "short", "used"}, nil},
		{car("hidden", func(c *shared.Car) { c.ShowOnDealerWebsite = false }), []string{}, nil},
		{car("sold-2-days", sold(2*24*time.Hour)), []string{"long", "short"}, nil},
		{car("sold-5-days", sold(5*24*time.Hour)), []string{"long"}, []string{"short"}},
		{car("sold-11-days", sold(11*24*time.Hour)), []string{}, []string{"long", "short"}},
	} {
		cars[tt.car.Slug] = tt.car
		want[tt.car.Slug] = tt.sites
		gone[tt.car.Slug] = tt.gone
	}
	h, err := newAPIHandler(APIConfig{Sites: sites, Cars: cars, Keys: fakeKeys{}, OriginSecret: testSecret,
		Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	all, _ := sites.ListSites(t.Context())
	for slug, c := range cars {
		placed := shared.NewPlacer(c.DealershipSlug, all).Place(c, now).Sites
		slices.Sort(placed)
		if !slices.Equal(placed, want[slug]) {
			t.Errorf("%s: index sites got %v, want %v", slug, placed, want[slug])
		}
		for site := range sites {
			got := get(h, "/api/cars/"+slug, site, testSecret).Code
			wantCode := http.StatusNotFound
			if slices.Contains(want[slug], site) {
				wantCode = http.StatusOK
			} else if slices.Contains(gone[slug], site) {
				wantCode = http.StatusGone
			}
			if got != wantCode {
				t.Errorf("%s on site %s: GET /api/cars got %d, want %d", slug, site, got, wantCode)
			}
		}
	}
}

// Issue 31: a site's own search.filters are part of what it shows. Its
// secured search key hides a car they exclude, so the car page API, the
// compare endpoint and leads refuse that car on the site too, while a site
// without the filter sharing the dealership shows it.
func TestSearchFiltersHideCarServerSide(t *testing.T) {
	site := func(slug, filters string) shared.Site {
		s := shared.DefaultSite()
		s.Slug, s.Dealerships = slug, []shared.Dealership{{Slug: "shared-lot", Name: "Shared Lot"}}
		s.Leads.Captcha = false
		s.Search.Filters = filters
		return s
	}
	sites := fakeSites{"all": site("all", ""), "fords": site("fords", `make:Ford AND price < 50000`)}
	car := func(slug, make string, price float64) shared.Car {
		return shared.Car{ID: slug, Slug: slug, Make: make, Model: "X", Price: price, DealershipSlug: "shared-lot",
			CarType: shared.CarTypeUsed, Status: shared.StatusInStock, ShowOnDealerWebsite: true}
	}
	cars := fakeCars{}
	byID := memCars{}
	for _, c := range []shared.Car{car("ford", "Ford", 30000), car("dear-ford", "Ford", 60000), car("kia", "Kia", 30000)} {
		cars[c.Slug] = c
		byID["shared-lot/"+c.ID] = c
	}
	h, err := newAPIHandler(APIConfig{Sites: sites, Cars: cars, CarsByID: byID, Keys: fakeKeys{}, OriginSecret: testSecret,
		Now:   func() time.Time { return testNow },
		Leads: &LeadsConfig{Store: newMemLeads(), Cars: byID, CaptchaKey: captchaKey}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		site, car string
		shown     bool
	}{
		{"all", "ford", true},
		{"all", "dear-ford", true},
		{"all", "kia", true},
		{"fords", "ford", true},
		{"fords", "dear-ford", false},
		{"fords", "kia", false},
	} {
		wantPage, wantLead, wantCompared := http.StatusNotFound, http.StatusBadRequest, 0
		if tt.shown {
			wantPage, wantLead, wantCompared = http.StatusOK, http.StatusCreated, 1
		}
		if got := get(h, "/api/cars/"+tt.car, tt.site, testSecret).Code; got != wantPage {
			t.Errorf("%s on %s: GET /api/cars got %d, want %d", tt.car, tt.site, got, wantPage)
		}
		rec := send(h, "POST", "/api/leads", tt.site, nil, `{`+validLead+`,"car_id":"`+tt.car+`"}`)
		if rec.Code != wantLead {
			t.Errorf("%s on %s: POST /api/leads got %d %s, want %d", tt.car, tt.site, rec.Code, rec.Body, wantLead)
		}
		cmp := get(h, "/api/compare?cars="+tt.car, tt.site, testSecret)
		if n := strings.Count(cmp.Body.String(), `"id":"`+tt.car+`"`); cmp.Code != http.StatusOK || min(n, 1) != wantCompared {
			t.Errorf("%s on %s: GET /api/compare got %d with %d mentions, want it compared %d times: %s", tt.car, tt.site, cmp.Code, n, wantCompared, cmp.Body)
		}
	}
}
