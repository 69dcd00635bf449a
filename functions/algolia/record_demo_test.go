package algolia_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"
	"time"

	"forecourt/functions/algolia"
	"forecourt/functions/demo"
	"forecourt/functions/tenantfile"
	"forecourt/shared"
)

// mapRecord is the index record as NewRecord built it before issue 36, a
// map over the car's JSON: the reference the struct must reproduce.
func mapRecord(t *testing.T, ic shared.IndexedCar) map[string]any {
	t.Helper()
	c, p := ic.Car, ic.Placement
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var r map[string]any
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	weekly := shared.WeeklyRepayment(c.Price, p.InterestRate, p.TermYears)
	below := p.BelowMarketSites
	if below == nil {
		below = []string{}
	}
	for k, v := range map[string]any{
		"objectID": c.ID, "sites": p.Sites, "dealership_name": p.DealershipName,
		"make_model": c.Make + " " + c.Model, "transmission": c.SimpleTransmission,
		"price_range": shared.PriceRange(c.Price), "weekly_price": weekly,
		"weekly_price_range": shared.WeeklyPriceRange(weekly), "created_at_timestamp": c.CreatedAt.Unix(),
		"searchable_until": p.SearchableUntil, "available": c.Available(), "photo_rank": p.PhotoRank,
		"below_market_sites": below, "similar_path": shared.SimilarCarsPath(c),
	} {
		r[k] = v
	}
	for k := range r {
		if !slices.Contains(algolia.PublicAttributes, k) {
			delete(r, k)
		}
	}
	return roundTrip(t, r)
}

func roundTrip(t *testing.T, v any) map[string]any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// Issue 36: the index record is one struct. For every car of the demo
// stock, as each demo site places it, its JSON is the map the record used
// to be (no attribute lost, renamed or added: the web and the engine read
// them), and the struct's own JSON already holds only public attributes,
// so Map drops nothing.
func TestRecordStructIsTheMapRecord(t *testing.T) {
	sites, err := tenantfile.Load("../../infra/tenants")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
	n := 0
	for _, site := range sites {
		for _, d := range site.Dealerships {
			placer := shared.NewPlacer(d.Slug, sites)
			for _, c := range demo.Stock(d, site.Stock.CarTypes, demo.Count(d.Slug), now) {
				ic := shared.IndexedCar{Car: c, Placement: placer.Place(c, now)}
				rec := algolia.NewRecord(ic)
				got, err := rec.Map()
				if err != nil {
					t.Fatal(err)
				}
				want := mapRecord(t, ic)
				if !reflect.DeepEqual(map[string]any(got), want) {
					t.Fatalf("%s: record\n%v\nwant the map record\n%v", c.ID, got, want)
				}
				if raw := roundTrip(t, rec); !reflect.DeepEqual(raw, want) {
					t.Fatalf("%s: the struct's own JSON\n%v\nwant\n%v", c.ID, raw, want)
				}
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("no demo cars")
	}
}
