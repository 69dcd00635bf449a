package shared

import (
	"regexp"
	"strings"
)

var departmentSuffix = regexp.MustCompile(`(?i)\s+-\s+(sales|service|parts)\s*$`)

// ContactSlug is the slug of a location's /contact-us/{slug} page: its name
// with a " - Sales", " - Service" or " - Parts" suffix stripped, slugified
// (spec 001 §2 routes).
func ContactSlug(name string) string {
	return Slugify(departmentSuffix.ReplaceAllString(name, ""))
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
