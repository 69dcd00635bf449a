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
