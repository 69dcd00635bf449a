package shared

import (
	"strings"
	"testing"
)

func TestSortedLocations(t *testing.T) {
	hidden := false
	locs := []Location{
		{ID: "parts", LocationType: LocationParts},
		{ID: "service", LocationType: LocationService},
		{ID: "hidden", LocationType: LocationSales, Visible: &hidden},
		{ID: "blank"},
		{ID: "sales", LocationType: LocationSales},
	}
	var ids []string
	for _, l := range SortedLocations(locs) {
		ids = append(ids, l.ID)
	}
	if want := "blank,sales,service,parts"; strings.Join(ids, ",") != want {
		t.Errorf("spec 001 §2, §9: order = %v, want %s (blank counts as sales; hidden dropped)", ids, want)
	}
}
