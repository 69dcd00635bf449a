package httpapi

import (
	"net/http"
	"slices"
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
