package main

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"forecourt/functions/algolia"
	"forecourt/functions/internal/tsgen"
	"forecourt/shared"
)

// jsonNames lists the JSON property names of struct t's fields, promoted ones included.
func jsonNames(t reflect.Type) []string {
	var names []string
	for _, f := range reflect.VisibleFields(t) {
		if f.Anonymous || !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name != "-" {
			names = append(names, name)
		}
	}
	return names
}

// TestSearchHitMatchesRecord keeps SearchHit, the type of the index records
// the browser receives, in step with the records algolia.NewRecord builds
// (docs/contracts.md "Search index"): the same attributes, no more, no fewer.
func TestSearchHitMatchesRecord(t *testing.T) {
	car := shared.Car{ID: "c1", Slug: "c1", Make: "Mazda", Model: "CX-5", CarType: shared.CarTypeUsed,
		Status: shared.StatusInStock, CreatedAt: time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC), Price: 20000}
	rec, err := algolia.NewRecord(shared.IndexedCar{Car: car, Placement: shared.Placement{
		Sites: []string{"s"}, DealershipName: "D", InterestRate: 8.5, TermYears: 5, SearchableUntil: shared.NoExpiry}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	hit := jsonNames(reflect.TypeFor[SearchHit]())
	for key := range got {
		if !slices.Contains(hit, key) {
			t.Errorf("the index record has %q, SearchHit does not: add it to SearchHit (functions/cmd/tsgen/roots.go)", key)
		}
	}
	// Every attribute SearchHit adds to the car is in every record (the car's
	// own omitempty fields may be absent).
	carNames := jsonNames(reflect.TypeFor[shared.Car]())
	for _, name := range hit {
		if _, ok := got[name]; !ok && !slices.Contains(carNames, name) {
			t.Errorf("SearchHit has %q, the index record does not", name)
		}
	}
}

// TestConfigGenerates: the root list generates without error and declares
// every name the web imports from lib/types.
func TestConfigGenerates(t *testing.T) {
	b, err := tsgen.Generate(config())
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{
		"Car", "CarType", "Dealership", "Location", "NavItem", "PromoTile", "SearchAccess",
		"SearchConfig", "Site", "SiteResponse", "SortKey", "Theme",
		// Issue 36: the lead, slot, rego and event bodies.
		"LeadRequest", "LeadCreated", "LeadUpdated", "LeadType", "TestDriveSlots", "RegoVehicle", "TrackingEvent",
	} {
		if !strings.Contains(string(b), "export interface "+name+" ") && !strings.Contains(string(b), "export type "+name+" ") {
			t.Errorf("types.ts does not declare %s, which the web imports", name)
		}
	}
}
