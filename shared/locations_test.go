package shared

import (
	"slices"
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

// Issue 33 (spec 001 §2 "/locations/{slug}: View-location link on a location
// card; /contact when a manufacturer site is configured"): a typed setting,
// locations_block.view_location, defaulting to "contact" on a manufacturer's
// site and "page" elsewhere; /contact's block picks its locations with the
// spec's filters (locations_block.contact_filter), refused when unknown.
func TestLocationViewPath(t *testing.T) {
	loc := Location{ID: "loc-1", Slug: "river-sales", Name: "River Sales"}
	dealer := DecodeBase()
	dealer.Locations = []Location{loc}
	ApplyDefaults(&dealer)
	franchise := DecodeBase()
	franchise.Manufacturer = &Manufacturer{Name: "Toyota"}
	franchise.Locations = []Location{loc}
	ApplyDefaults(&franchise)
	pageOnFranchise := DecodeBase()
	pageOnFranchise.Manufacturer = &Manufacturer{Name: "Toyota"}
	pageOnFranchise.LocationsBlock.ViewLocation = "page"
	ApplyDefaults(&pageOnFranchise)
	tests := []struct {
		name string
		site Site
		want string
	}{
		{"a dealer's site: the location's page", dealer, "/locations/river-sales"},
		{"a manufacturer's site: /contact", franchise, "/contact"},
		{"a manufacturer's site that chose the page", pageOnFranchise, "/locations/river-sales"},
	}
	for _, tt := range tests {
		if got := LocationViewPath(tt.site, loc); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
	if got := dealer.LocationsBlock.ContactFilter.Type; got != "all" {
		t.Errorf("contact filter default: got %q, want all", got)
	}
	for _, tt := range []struct {
		edit  func(*Site)
		field string
	}{
		{func(s *Site) { s.LocationsBlock.ViewLocation = "map" }, "locations_block.view_location"},
		{func(s *Site) { s.LocationsBlock.ContactFilter.Type = "showroom" }, "locations_block.contact_filter.type"},
	} {
		s := dealer
		tt.edit(&s)
		if _, refused := FieldMessages(s.Validate())[tt.field]; !refused {
			t.Errorf("%s: not refused", tt.field)
		}
	}
	for _, typ := range append(slices.Clone(LocationFilterTypes), "loc-1") {
		s := dealer
		s.LocationsBlock.ContactFilter.Type = typ
		if msg, refused := FieldMessages(s.Validate())["locations_block.contact_filter.type"]; refused {
			t.Errorf("contact filter %q refused: %s", typ, msg)
		}
	}
}
