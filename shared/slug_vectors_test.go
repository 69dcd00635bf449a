package shared

import "testing"

// TestContactSlugVectors runs the /contact-us/{slug} rule (spec 001 §2) from
// the file the web's contact page runs too.
func TestContactSlugVectors(t *testing.T) {
	type in struct {
		Name string `json:"name"`
	}
	for _, v := range loadVectors[in, string](t, "contact_slug.json") {
		t.Run(v.Name, func(t *testing.T) {
			if got := ContactSlug(v.Input.Name); got != v.Want {
				t.Errorf("ContactSlug(%q) = %q, want %q", v.Input.Name, got, v.Want)
			}
		})
	}
}

// TestContactLocationVectors runs which location a /contact-us/{slug} page
// is about (spec 001 §2) from the file the web's contact page runs too; the
// page heads (issue 14) find the location the same way.
func TestContactLocationVectors(t *testing.T) {
	type in struct {
		Slug      string     `json:"slug"`
		Locations []Location `json:"locations"`
	}
	for _, v := range loadVectors[in, string](t, "contact_location.json") {
		t.Run(v.Name, func(t *testing.T) {
			l, ok := ContactLocation(v.Input.Locations, v.Input.Slug)
			if ok != (v.Want != "") || l.ID != v.Want {
				t.Errorf("ContactLocation(%q) = %q %v, want %q", v.Input.Slug, l.ID, ok, v.Want)
			}
		})
	}
}
