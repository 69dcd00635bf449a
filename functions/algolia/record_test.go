package algolia_test

import (
	"slices"
	"testing"
	"time"

	"forecourt/functions/algolia"
	"forecourt/shared"
)

// docs/contracts.md "Search index": a record's sites are every site listing
// the car's dealership; the dealership name and finance come from the first
// such site; a sold car stays searchable for the longest retention of those
// sites (spec 001 §9, default 3 days).
func TestPlacementFor(t *testing.T) {
	site := func(slug string, retention int, rate float64, dealers ...string) shared.Site {
		s := shared.Site{Slug: slug, Stock: shared.StockConfig{SoldRetentionDays: retention},
			Finance: shared.FinanceConfig{InterestRate: rate}}
		for _, d := range dealers {
			s.Dealerships = append(s.Dealerships, shared.Dealership{Slug: d, Name: d + " (" + slug + ")"})
		}
		return s
	}
	sites := []shared.Site{
		site("solo", 0, 0, "alpha"),
		site("group", 7, 6.5, "beta", "alpha"),
		site("other", 14, 0, "gamma"),
	}
	for _, tt := range []struct {
		dealer    string
		sites     []string
		name      string
		rate      float64
		retention int
	}{
		{"alpha", []string{"solo", "group"}, "alpha (solo)", 8.5, 7},
		{"beta", []string{"group"}, "beta (group)", 6.5, 7},
		{"gamma", []string{"other"}, "gamma (other)", 8.5, 14},
		{"nobody", []string{}, "", 8.5, shared.DefaultSoldRetentionDays},
	} {
		p := algolia.PlacementFor(tt.dealer, sites)
		if !slices.Equal(p.Sites, tt.sites) || p.DealershipName != tt.name || p.InterestRate != tt.rate ||
			p.SoldRetentionDays != tt.retention || p.TermYears != 5 {
			t.Errorf("%s: got %+v, want sites %v, name %q, rate %v, retention %d, term 5",
				tt.dealer, p, tt.sites, tt.name, tt.rate, tt.retention)
		}
		if p.Sites == nil {
			t.Errorf("%s: sites is nil; the record needs a JSON array", tt.dealer)
		}
	}
}

// spec 001 §9 "Sold cars in search": searchable_until is the sold date plus
// the retention for a sold car, and NoExpiry for any other, so that the
// numeric filter searchable_until > now keeps it.
func TestRecordSearchableUntil(t *testing.T) {
	soldAt := time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC).Unix()
	p := algolia.Placement{Sites: []string{"solo"}, SoldRetentionDays: 3, InterestRate: 8.5, TermYears: 5}
	for _, tt := range []struct {
		name string
		car  shared.Car
		want int64
	}{
		{"in stock", shared.Car{ID: "a", Status: shared.StatusInStock}, algolia.NoExpiry},
		{"reserved", shared.Car{ID: "b", Status: shared.StatusInStock, Reserved: true}, algolia.NoExpiry},
		{"sold", shared.Car{ID: "c", Sold: true, Status: shared.StatusSold, SoldDateTimestamp: soldAt}, soldAt + 3*86400},
	} {
		rec, err := algolia.NewRecord(tt.car, p)
		if err != nil {
			t.Fatal(err)
		}
		if got := rec["searchable_until"]; got != tt.want {
			t.Errorf("%s: searchable_until got %v, want %d", tt.name, got, tt.want)
		}
		if got := algolia.SoldUpdate(tt.car, p)["searchable_until"]; tt.car.Sold && got != tt.want {
			t.Errorf("%s: sold update searchable_until got %v, want %d", tt.name, got, tt.want)
		}
		if rec["objectID"] != tt.car.ID {
			t.Errorf("%s: objectID got %v, want %q", tt.name, rec["objectID"], tt.car.ID)
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
