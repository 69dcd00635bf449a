package main

import (
	"strings"
	"testing"

	"forecourt/functions/internal/tsgen"
)

// TestConfigGenerates: the root list generates without error and declares
// every name the web imports from lib/types.
func TestConfigGenerates(t *testing.T) {
	b, err := tsgen.Generate(config())
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{
		"Car", "CarType", "Dealership", "Location", "NavItem", "PromoTile", "SearchAccess",
		"SearchConfig", "Site", "SiteResponse", "SortKey", "Theme", "SearchHit",
		// Issue 36: the lead, slot, rego and event bodies.
		"LeadRequest", "LeadCreated", "LeadUpdated", "LeadType", "TestDriveSlots", "RegoVehicle", "TrackingEvent",
	} {
		if !strings.Contains(string(b), "export interface "+name+" ") && !strings.Contains(string(b), "export type "+name+" ") {
			t.Errorf("types.ts does not declare %s, which the web imports", name)
		}
	}
}
