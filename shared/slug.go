package shared

import (
	"regexp"
	"strings"
)

var departmentSuffix = regexp.MustCompile(`(?i)\s+-\s+(sales|service|parts)\s*$`)

// StripDepartment is a location's name without its " - Sales", " - Service"
// or " - Parts" suffix: the name its contact page is headed with (web
// ContactPage stripDepartment).
func StripDepartment(name string) string {
	return departmentSuffix.ReplaceAllString(name, "")
}

// ContactSlug is the slug of a location's /contact-us/{slug} page: its name
// with a " - Sales", " - Service" or " - Parts" suffix stripped, slugified
// (spec 001 §2 routes).
func ContactSlug(name string) string {
	return Slugify(StripDepartment(name))
}

// ContactLocation is the location a /contact-us/{slug} page is about: of
// the visible locations whose ContactSlug or own slug is slug, the sales one
// (a location's departments share one page), else the first. The web's
// contact page chooses the same (contactSlug.ts contactLocation; vector
// contact_location.json).
func ContactLocation(locs []Location, slug string) (Location, bool) {
	var matches []Location
	for _, l := range locs {
		if l.IsVisible() && (ContactSlug(l.Name) == slug || l.Slug == slug) {
			matches = append(matches, l)
		}
	}
	for _, l := range matches {
		if l.LocationType == "" || l.LocationType == LocationSales {
			return l, true
		}
	}
	if len(matches) > 0 {
		return matches[0], true
	}
	return Location{}, false
}

// Slugify lower-cases s and joins its runs of letters and digits with single
// hyphens: "Coastal Mazda & Kia" -> "coastal-mazda-kia".
func Slugify(s string) string {
	var words []string
	for _, w := range wordSplit.Split(strings.ToLower(s), -1) {
		if w != "" {
			words = append(words, w)
		}
	}
	return strings.Join(words, "-")
}

// SlugClaim is a car's claim on its slug: a car slug is unique across the
// platform because ingestion claims it before writing the car (issue 15;
// docs/contracts.md "Car slugs").
type SlugClaim struct {
	Slug           string
	DealershipSlug string
	CarID          string
}
