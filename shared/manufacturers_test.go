package shared

import (
	"slices"
	"strings"
	"testing"
)

// Spec 001 §3 "Manufacturer: id, name, slug, logo.url": the built-in list is
// complete and consistent, so a brand page, an offer path and a feed's make
// all land on the same row.
func TestManufacturerList(t *testing.T) {
	list := Manufacturers()
	if len(list) < 60 {
		t.Fatalf("built-in list has %d manufacturers; spec 001 §3 calls it large", len(list))
	}
	ids, slugs := map[string]bool{}, map[string]bool{}
	for i, m := range list {
		if m.ID == "" || m.Name == "" || m.Slug == "" || m.Logo == nil || m.Logo.URL == "" {
			t.Errorf("row %d %+v: want id, name, slug and logo", i, m)
			continue
		}
		if ids[m.ID] || slugs[m.Slug] {
			t.Errorf("%s: duplicate id or slug", m.Name)
		}
		ids[m.ID], slugs[m.Slug] = true, true
		if m.Slug != Slugify(m.Name) {
			t.Errorf("%s: slug %q, want %q (the offer and brand paths slugify names)", m.Name, m.Slug, Slugify(m.Name))
		}
		if !strings.HasPrefix(m.Logo.URL, "/media/manufacturers/") {
			t.Errorf("%s: logo %q, want one under /media/manufacturers/", m.Name, m.Logo.URL)
		}
		if i > 0 && strings.ToLower(list[i-1].Name) > strings.ToLower(m.Name) {
			t.Errorf("%s after %s: keep the list A to Z", m.Name, list[i-1].Name)
		}
	}
	if !slices.Equal(Makes, func() []string {
		var names []string
		for _, m := range list {
			names = append(names, m.Name)
		}
		return names
	}()) {
		t.Error("Makes is not the list's names")
	}
}

// An alias must not name two manufacturers: the later row would win silently.
func TestManufacturerAliasesUnique(t *testing.T) {
	seen := map[string]string{}
	for _, r := range manufacturerTable {
		keys := append([]string{r.Name, r.Slug}, r.Aliases...)
		for _, k := range keys {
			if prev, ok := seen[Squash(k)]; ok && prev != r.Name {
				t.Errorf("%q names both %s and %s", k, prev, r.Name)
			}
			seen[Squash(k)] = r.Name
		}
	}
}

// A franchised site's manufacturer and an offer's are completed from the list.
func TestManufacturerFromList(t *testing.T) {
	tests := []struct {
		name, json string
		want       Manufacturer
	}{
		{"a name in capitals", `"manufacturer": {"name": "TOYOTA"}`, Manufacturer{ID: "mfr-toyota", Name: "Toyota", Slug: "toyota", Logo: &ImageRef{URL: "/media/manufacturers/toyota.svg"}}},
		{"the site's own id and logo win", `"manufacturer": {"id": "7", "name": "kia", "logo": {"url": "/media/logos/kia.png"}}`, Manufacturer{ID: "7", Name: "Kia", Slug: "kia", Logo: &ImageRef{URL: "/media/logos/kia.png"}}},
		{"a maker not in the list keeps its words", `"manufacturer": {"name": "Jayco"}`, Manufacturer{Name: "Jayco"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := DecodeSite(strings.NewReader(withField(tt.json)), "x.json")
			if err != nil {
				t.Fatal(err)
			}
			got := *s.Manufacturer
			if got.ID != tt.want.ID || got.Name != tt.want.Name || got.Slug != tt.want.Slug || (got.Logo == nil) != (tt.want.Logo == nil) || (got.Logo != nil && *got.Logo != *tt.want.Logo) {
				t.Errorf("manufacturer = %+v (logo %v), want %+v (logo %v)", got, got.Logo, tt.want, tt.want.Logo)
			}
		})
	}
	offers := []struct{ name, want string }{{"MERCEDES BENZ", "mercedes-benz"}, {"VW", "volkswagen"}, {"Jayco", "jayco"}}
	for _, o := range offers {
		if got := (OfferManufacturer{Name: o.name}).ManufacturerSlug(); got != o.want {
			t.Errorf("offer manufacturer %q: slug %q, want %q", o.name, got, o.want)
		}
	}
}
