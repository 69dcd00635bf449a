package algolia_test

import (
	"slices"
	"testing"
	"time"

	"forecourt/functions/algolia"
	"forecourt/shared"
)

// docs/contracts.md "Search index": a record carries its placement:
// sites, dealership name, weekly price from the placement's finance, and
// searchable_until as placed (shared.Placer.Place); the sold update carries
// the sites too, since a site's own retention decides whether it shows a
// sold car.
func TestRecordCarriesPlacement(t *testing.T) {
	soldAt := time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC).Unix()
	for _, tt := range []struct {
		name string
		car  shared.Car
		p    shared.Placement
	}{
		{"in stock", shared.Car{ID: "a", Status: shared.StatusInStock, Price: 20000},
			shared.Placement{Sites: []string{"solo", "group"}, DealershipName: "Alpha", InterestRate: 8.5, TermYears: 5, SearchableUntil: shared.NoExpiry}},
		{"sold", shared.Car{ID: "c", Sold: true, Status: shared.StatusSold, SoldDateTimestamp: soldAt},
			shared.Placement{Sites: []string{"group"}, InterestRate: 8.5, TermYears: 5, SearchableUntil: soldAt + 10*86400}},
	} {
		ic := shared.IndexedCar{Car: tt.car, Placement: tt.p}
		rec, err := algolia.NewRecord(ic)
		if err != nil {
			t.Fatal(err)
		}
		if rec["objectID"] != tt.car.ID || rec["searchable_until"] != tt.p.SearchableUntil ||
			!slices.Equal(rec["sites"].([]string), tt.p.Sites) || rec["dealership_name"] != tt.p.DealershipName {
			t.Errorf("%s: record got %v", tt.name, rec)
		}
		if want := shared.WeeklyRepayment(tt.car.Price, 8.5, 5); rec["weekly_price"] != want {
			t.Errorf("%s: weekly_price got %v, want %v", tt.name, rec["weekly_price"], want)
		}
		up := algolia.SoldUpdate(ic)
		if up["searchable_until"] != tt.p.SearchableUntil || !slices.Equal(up["sites"].([]string), tt.p.Sites) || up["sold"] != tt.car.Sold {
			t.Errorf("%s: sold update got %v", tt.name, up)
		}
	}
}

// Issue 17 clarification: the cards show the below-market badge Go decided
// per site (below_market_sites) and never see the market figures.
func TestRecordBelowMarketSites(t *testing.T) {
	market := &shared.AutograbData{StateAverageMarketPrice: 25000, AverageMarketPrice: 25000}
	for _, tt := range []struct {
		name string
		p    shared.Placement
		want []string
	}{
		{"below market on one site", shared.Placement{Sites: []string{"on", "off"}, BelowMarketSites: []string{"on"}}, []string{"on"}},
		{"on none: an empty list, not null", shared.Placement{Sites: []string{"on"}}, []string{}},
	} {
		rec, err := algolia.NewRecord(shared.IndexedCar{Car: shared.Car{ID: "a", Status: shared.StatusInStock, Price: 20000, AutograbData: market}, Placement: tt.p})
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := rec["below_market_sites"].([]string); !ok || !slices.Equal(got, tt.want) {
			t.Errorf("%s: below_market_sites = %#v, want %v", tt.name, rec["below_market_sites"], tt.want)
		}
		if _, ok := rec["autograb_data"]; ok {
			t.Errorf("%s: the record carries autograb_data", tt.name)
		}
	}
	up := algolia.SoldUpdate(shared.IndexedCar{Car: shared.Car{ID: "a", Sold: true, Status: shared.StatusSold}})
	if got, ok := up["below_market_sites"].([]string); !ok || len(got) != 0 {
		t.Errorf("sold update: below_market_sites = %#v, want []", up["below_market_sites"])
	}
}

// Issue 17 clarification: a sold card's Find Me Something Similar opens the
// listing Go decided (shared.SimilarCarsPath, the car page's rule); the
// browser reads similar_path and keeps no copy of the rule.
func TestRecordSimilarPath(t *testing.T) {
	for _, tt := range []struct {
		car  shared.Car
		want string
	}{
		{shared.Car{ID: "a", Make: "Toyota", Model: "C-HR (Hybrid)"}, "/search/Toyota/C-HR%20%28Hybrid%29"},
		{shared.Car{ID: "b", SimpleBody: "SUV", Price: 24990}, "/search/new-used-and-demo-cars/?body=SUV&price=20000:29999"},
	} {
		rec, err := algolia.NewRecord(shared.IndexedCar{Car: tt.car})
		if err != nil {
			t.Fatal(err)
		}
		if got := rec["similar_path"]; got != tt.want {
			t.Errorf("%s: similar_path = %v, want %s", tt.car.ID, got, tt.want)
		}
	}
}

// spec 000 §2: every facet a site config may list (shared.Facets) is an
// attribute the index facets on, or the site's facet would silently show
// nothing.
func TestIndexFacetsCoverSiteFacets(t *testing.T) {
	for _, f := range shared.Facets {
		if !slices.Contains(algolia.Facets, f) {
			t.Errorf("site facet %q is not in algolia.Facets", f)
		}
	}
}
