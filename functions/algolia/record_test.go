package algolia_test

import (
	"reflect"
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
		rec := algolia.NewRecord(ic)
		if rec.ObjectID != tt.car.ID || rec.SearchableUntil != tt.p.SearchableUntil ||
			!slices.Equal(rec.Sites, tt.p.Sites) || rec.DealershipName != tt.p.DealershipName {
			t.Errorf("%s: record got %+v", tt.name, rec)
		}
		if want := shared.WeeklyRepayment(tt.car.Price, 8.5, 5); rec.WeeklyPrice != want {
			t.Errorf("%s: weekly_price got %v, want %v", tt.name, rec.WeeklyPrice, want)
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
		rec := algolia.NewRecord(shared.IndexedCar{Car: shared.Car{ID: "a", Status: shared.StatusInStock, Price: 20000, AutograbData: market}, Placement: tt.p})
		if got := rec.BelowMarketSites; got == nil || !slices.Equal(got, tt.want) {
			t.Errorf("%s: below_market_sites = %#v, want %v", tt.name, got, tt.want)
		}
		attrs, err := rec.Map()
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := attrs["autograb_data"]; ok {
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
		rec, err := algolia.NewRecord(shared.IndexedCar{Car: tt.car}).Map()
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

// fillAll sets every field of the struct v points to, nested structs,
// pointers, slices and maps included, to a non-zero value, so that every
// omitempty attribute is present.
func fillAll(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fillAll(v.Elem())
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			v.Set(reflect.ValueOf(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)))
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fillAll(v.Field(i))
			}
		}
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fillAll(v.Index(0))
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fillAll(k)
		fillAll(e)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64:
		v.SetInt(7)
	case reflect.Float64:
		v.SetFloat(7.5)
	}
}

// Issue 31 "records carry private fields": a record built from a car with
// every field set, the private seller's suburb and postcode included, holds
// only algolia.PublicAttributes, so an index without the unretrievable
// setting still never holds a private field.
func TestRecordHoldsOnlyPublicAttributes(t *testing.T) {
	var car shared.Car
	fillAll(reflect.ValueOf(&car).Elem())
	if car.PrivateSuburb == "" || car.PrivatePostcode == "" || car.AutograbData == nil {
		t.Fatalf("car not filled: %+v", car)
	}
	ic := shared.IndexedCar{Car: car, Placement: shared.Placement{Sites: []string{"s"}, DealershipName: "D",
		InterestRate: 8.5, TermYears: 5, SearchableUntil: shared.NoExpiry, BelowMarketSites: []string{"s"}}}
	rec, err := algolia.NewRecord(ic).Map()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		rec  algolia.Record
	}{{"record", rec}, {"sold update", algolia.SoldUpdate(ic)}} {
		for key := range tt.rec {
			if !slices.Contains(algolia.PublicAttributes, key) {
				t.Errorf("%s: attribute %q is not in algolia.PublicAttributes", tt.name, key)
			}
		}
		for _, private := range append(slices.Clone(shared.PrivateCarAttributes), "autograb_data") {
			if v, ok := tt.rec[private]; ok {
				t.Errorf("%s carries %s = %v", tt.name, private, v)
			}
		}
	}
	// Every public attribute of the full car reaches the record: the list
	// names real attributes, not a typo that silently drops one.
	for _, key := range algolia.PublicAttributes {
		if _, ok := rec[key]; !ok {
			t.Errorf("public attribute %q is missing from the full car's record", key)
		}
	}
}
