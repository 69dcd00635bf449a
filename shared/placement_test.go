package shared_test

import (
	"slices"
	"testing"
	"time"

	"forecourt/shared"
)

// docs/contracts.md "Search index": a record's sites are the sites that
// show the car (Site.Shows); the dealership name and finance come from the
// first site listing its dealership; searchable_until is the latest moment
// any site shows it (spec 001 §9, default 3 days).
func TestPlace(t *testing.T) {
	site := func(slug string, retention int, rate float64, types []shared.CarType, dealers ...string) shared.Site {
		s := shared.Site{Slug: slug, Stock: shared.StockConfig{SoldRetentionDays: retention, CarTypes: types},
			Finance: shared.FinanceConfig{InterestRate: rate}}
		for _, d := range dealers {
			s.Dealerships = append(s.Dealerships, shared.Dealership{Slug: d, Name: d + " (" + slug + ")"})
		}
		return s
	}
	sites := []shared.Site{
		site("solo", 0, 0, nil, "alpha"),
		site("group", 7, 6.5, nil, "beta", "alpha"),
		site("used-only", 14, 0, []shared.CarType{shared.CarTypeUsed}, "alpha"),
		site("other", 14, 0, nil, "gamma"),
	}
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	soldAt := now.Add(-5 * 24 * time.Hour).Unix()
	car := func(dealer string, typ shared.CarType, shown bool, soldDate int64) shared.Car {
		c := shared.Car{ID: "c", DealershipSlug: dealer, CarType: typ, ShowOnDealerWebsite: shown, Status: shared.StatusInStock}
		if soldDate != 0 {
			c.Sold, c.Status, c.SoldDateTimestamp = true, shared.StatusSold, soldDate
		}
		return c
	}
	for _, tt := range []struct {
		name  string
		car   shared.Car
		sites []string
		dname string
		rate  float64
		until int64
	}{
		{"used, every site of alpha", car("alpha", shared.CarTypeUsed, true, 0), []string{"solo", "group", "used-only"}, "alpha (solo)", 8.5, shared.NoExpiry},
		{"new: not on the used-only site", car("alpha", shared.CarTypeNew, true, 0), []string{"solo", "group"}, "alpha (solo)", 8.5, shared.NoExpiry},
		{"hidden by the dealer: no site", car("alpha", shared.CarTypeUsed, false, 0), []string{}, "alpha (solo)", 8.5, shared.NoExpiry},
		{"sold 5 days ago: past solo's 3 days", car("alpha", shared.CarTypeUsed, true, soldAt), []string{"group", "used-only"}, "alpha (solo)", 8.5, soldAt + 14*86400},
		{"sold new car: latest retention of the sites selling new", car("alpha", shared.CarTypeNew, true, soldAt), []string{"group"}, "alpha (solo)", 8.5, soldAt + 7*86400},
		{"sold and hidden: past retention at once", car("alpha", shared.CarTypeUsed, false, soldAt), []string{}, "alpha (solo)", 8.5, soldAt},
		{"beta", car("beta", shared.CarTypeUsed, true, 0), []string{"group"}, "beta (group)", 6.5, shared.NoExpiry},
		{"nobody's dealership", car("nobody", shared.CarTypeUsed, true, 0), []string{}, "", 8.5, shared.NoExpiry},
	} {
		p := shared.NewPlacer(tt.car.DealershipSlug, sites).Place(tt.car, now)
		if !slices.Equal(p.Sites, tt.sites) || p.DealershipName != tt.dname || p.InterestRate != tt.rate ||
			p.TermYears != 5 || p.SearchableUntil != tt.until {
			t.Errorf("%s: got %+v, want sites %v, name %q, rate %v, term 5, until %d",
				tt.name, p, tt.sites, tt.dname, tt.rate, tt.until)
		}
		if p.Sites == nil {
			t.Errorf("%s: sites is nil; the record needs a JSON array", tt.name)
		}
		// The placement and the visibility rule agree site by site.
		for _, s := range sites {
			if got := slices.Contains(p.Sites, s.Slug); got != s.Shows(tt.car, now) {
				t.Errorf("%s: site %s in sites %v, Shows %v", tt.name, s.Slug, got, !got)
			}
		}
	}
}

// Issue 17 clarification: Go decides the below-market badge per site
// (MarketFor: the site's Autograb feature, in stock, not sold, not reserved,
// price over 200, then spec 001 §5's 499 rule) and the record carries the
// sites it shows on.
func TestPlaceBelowMarketSites(t *testing.T) {
	site := func(slug string, autograb bool) shared.Site {
		return shared.Site{Slug: slug, Features: shared.Features{Autograb: autograb}, Dealerships: []shared.Dealership{{Slug: "alpha", Name: "Alpha"}}}
	}
	sites := []shared.Site{site("with-autograb", true), site("without", false)}
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	car := func(price, state float64, edit func(*shared.Car)) shared.Car {
		c := shared.Car{ID: "c", DealershipSlug: "alpha", CarType: shared.CarTypeUsed, ShowOnDealerWebsite: true,
			Status: shared.StatusInStock, Price: price, AutograbData: &shared.AutograbData{StateAverageMarketPrice: state, AverageMarketPrice: state}}
		if edit != nil {
			edit(&c)
		}
		return c
	}
	for _, tt := range []struct {
		name string
		car  shared.Car
		want []string
	}{
		{"1,000 under the state average: only where the feature is on", car(20000, 21000, nil), []string{"with-autograb"}},
		{"499 under is not enough", car(20000, 20499, nil), nil},
		{"reserved: not eligible", car(20000, 21000, func(c *shared.Car) { c.Reserved = true }), nil},
		{"coming soon: not in stock", car(20000, 21000, func(c *shared.Car) { c.Status = shared.StatusComingSoon }), nil},
		{"no market figures", car(20000, 0, func(c *shared.Car) { c.AutograbData = nil }), nil},
	} {
		p := shared.NewPlacer("alpha", sites).Place(tt.car, now)
		if !slices.Equal(p.BelowMarketSites, tt.want) {
			t.Errorf("%s: below-market sites %v, want %v", tt.name, p.BelowMarketSites, tt.want)
		}
	}
}
