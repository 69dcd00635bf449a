package shared

import (
	"strings"
)

// LocationFilter picks the locations a block shows (spec 001 §2 "Location
// blocks"): Type is primary, sales, service, parts, service-and-parts, all
// (or empty) or a location id; Manufacturer and Subtype narrow further.
type LocationFilter struct {
	Type         string `json:"type"`
	Manufacturer string `json:"manufacturer,omitempty"`
	Subtype      string `json:"subtype,omitempty"`
}

// LocationFilterTypes are the named values of LocationFilter.Type; any other
// value is a location id.
var LocationFilterTypes = []string{"all", "primary", "sales", "service", "parts", "service-and-parts"}

// FilterLocations returns the visible locations matching f, in the order of
// SortedLocations. Manufacturer and subtype match ignoring case.
func FilterLocations(locs []Location, f LocationFilter) []Location {
	var out []Location
	for _, l := range SortedLocations(locs) {
		if matchesType(l, f.Type) && matchesAny(l.Manufacturers, f.Manufacturer) && matchesAny(l.LocationSubtype, f.Subtype) {
			out = append(out, l)
		}
	}
	return out
}

func matchesType(l Location, t string) bool {
	dept := LocationType(l.department())
	switch t {
	case "", "all":
		return true
	case "primary":
		return l.Primary
	case "sales":
		return dept == LocationSales
	case "service":
		return dept == LocationService
	case "parts":
		return dept == LocationParts
	case "service-and-parts":
		return dept == LocationService || dept == LocationParts
	}
	return l.ID == t
}

func matchesAny(values []string, want string) bool {
	if want == "" {
		return true
	}
	for _, v := range values {
		if strings.EqualFold(strings.TrimSpace(v), strings.TrimSpace(want)) {
			return true
		}
	}
	return false
}

// LocationGridColumns is the card grid's column count for n locations
// (spec 001 §2, §9: "more than 3, exactly 6, fewer than 3"): fewer than 3
// use one column each, exactly 6 lay out as two rows of 3, more than 3
// otherwise use 4, and 3 use 3.
func LocationGridColumns(n int) int {
	switch {
	case n <= 0:
		return 1
	case n < 3:
		return n
	case n == 6:
		return 3
	case n > 3:
		return 4
	}
	return 3
}

// DefaultLocationTab is the Sales/Service tab a location block opens on
// (spec 001 §2): Service for a service location, else Sales.
func DefaultLocationTab(l Location) LocationType {
	if l.LocationType == LocationService {
		return LocationService
	}
	return LocationSales
}
