package shared

import (
	"cmp"
	"slices"
)

// LocationType is a location's department (spec 001 §3). Blank means sales.
type LocationType string

const (
	LocationSales   LocationType = "sales"
	LocationService LocationType = "service"
	LocationParts   LocationType = "parts"
)

// Location is a yard, service centre or parts counter (spec 001 §3).
type Location struct {
	ID                    string         `json:"id"`
	Name                  string         `json:"name"`
	Slug                  string         `json:"slug"`
	Primary               bool           `json:"primary"`
	Visible               *bool          `json:"visible,omitempty"` // default true
	LocationType          LocationType   `json:"location_type"`
	LocationSubtype       []string       `json:"location_subtype,omitempty"`
	Manufacturers         []string       `json:"manufacturers,omitempty"`
	DealershipID          string         `json:"dealership_id,omitempty"`
	DealershipSlug        string         `json:"dealership_slug"`
	Address               Address        `json:"address"`
	ContactDetail         ContactDetail  `json:"contact_detail"`
	Image                 *LocationImage `json:"image,omitempty"`
	AverageRating         float64        `json:"average_rating,omitempty"`
	ReviewCount           int            `json:"review_count,omitempty"`
	Reviews               *ReviewSummary `json:"reviews,omitempty"`
	DealerLicenseNumber   string         `json:"dealer_license_number,omitempty"`
	MotorVehicleRepairer  string         `json:"motor_vehicle_repairer,omitempty"`
	DistributionLocations []string       `json:"distribution_locations,omitempty"`
	SpecialHours          []SpecialHours `json:"special_hours,omitempty"`
	// TimeZone is the IANA zone the location's opening hours are kept in;
	// empty means the site's time_zone (default "Australia/Sydney").
	TimeZone string `json:"time_zone,omitempty"`
	// Badge is an optional card badge, e.g. "Coming Late 2025"; default none.
	Badge string `json:"badge,omitempty"`
	// Team is the location's people as /teams/{slug} shows them (spec 001
	// §2 "Team page"); default none, and then that page is the location's.
	Team []TeamMember `json:"team,omitempty"`
}

// LocationImage holds a location's photo and its thumbnail.
type LocationImage struct {
	Image ImageRef `json:"image"`
	Thumb ImageRef `json:"thumb"`
}

// ContactDetail holds a location's phones and opening hours.
type ContactDetail struct {
	Phone         string         `json:"phone,omitempty"`
	LandlinePhone string         `json:"landline_phone,omitempty"`
	Email         string         `json:"email,omitempty"`
	OpeningHours  []OpeningHours `json:"opening_hours,omitempty"`
}

// OpeningHours is one weekday's hours; Weekday 0 is Sunday (spec 001 §3).
type OpeningHours struct {
	Weekday       int    `json:"weekday"`
	Status        string `json:"status"` // Open or Closed
	FormatedHours string `json:"formated_hours,omitempty"`
	Open          string `json:"open,omitempty"`  // "08:30"
	Close         string `json:"close,omitempty"` // "17:00"
}

// SpecialHours is a holiday exception (spec 001 §3).
type SpecialHours struct {
	Status       string `json:"status"`
	Date         string `json:"date"`
	StartHour    string `json:"start_hour,omitempty"`
	EndHour      string `json:"end_hour,omitempty"`
	Department   string `json:"department"` // sales, service, parts, all
	LocationName string `json:"location_name,omitempty"`
}

// LocationRank orders departments: sales (and blank) 1, service 2, parts 3
// (spec 001 §9).
func LocationRank(t LocationType) int {
	switch t {
	case LocationService:
		return 2
	case LocationParts:
		return 3
	}
	return 1
}

// IsVisible reports whether the location is shown; visible defaults to true.
func (l Location) IsVisible() bool { return l.Visible == nil || *l.Visible }

// LocationPagePath is a location's own page (map, hours, departments):
// /locations/{slug}, the dealership's slug when the location has none. The
// location cards link it and the page heads name it as the location's URL.
func LocationPagePath(l Location) string {
	slug := cmp.Or(l.Slug, l.DealershipSlug)
	if slug == "" {
		return "/contact-us"
	}
	return "/locations/" + slug
}

// LocationViewPath is a location card's View Location link (spec 001 §2):
// /contact where the site's locations_block.view_location says so (a
// manufacturer's site by default), else the location's page.
func LocationViewPath(s Site, l Location) string {
	if s.LocationsBlock.ViewLocation == "contact" {
		return "/contact"
	}
	return LocationPagePath(l)
}

// SortedLocations returns the visible locations ordered sales, service, parts
// (spec 001 §2 "Locations"), keeping the configured order within a rank.
func SortedLocations(locs []Location) []Location {
	out := make([]Location, 0, len(locs))
	for _, l := range locs {
		if l.IsVisible() {
			out = append(out, l)
		}
	}
	slices.SortStableFunc(out, func(a, b Location) int {
		return cmp.Compare(LocationRank(a.LocationType), LocationRank(b.LocationType))
	})
	return out
}

// TeamMember is one person of a location's team (issue 33).
type TeamMember struct {
	Name string `json:"name"`
	Role string `json:"role,omitempty"`
	// Photo is a portrait on the site's media origin; none shows initials.
	Photo *ImageRef `json:"photo,omitempty"`
}

// MaxTeamMembers bounds a location's team: a page, not a staff register.
const MaxTeamMembers = 60
