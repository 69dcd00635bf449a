package shared

import (
	"strings"
	"testing"
)

func TestOfferManufacturerForms(t *testing.T) {
	for _, in := range []string{`{"id":"o1","name":"Drive away","manufacturer":"Toyota"}`, `{"id":"o1","name":"Drive away","manufacturer":{"name":"Toyota"}}`} {
		var o Offer
		if err := decodeStrict([]byte(in), &o); err != nil || o.Manufacturer.Name != "Toyota" {
			t.Errorf("spec 001 §3 offer manufacturer (name or string) %s: %+v, %v", in, o.Manufacturer, err)
		}
	}
	var o Offer
	if err := decodeStrict([]byte(`{"manufacturer": 7}`), &o); err == nil {
		t.Error("a number is neither a name nor an object")
	}
	if got := (OfferModel{Slug: "rav4"}).Link(); got != "/rav4" {
		t.Errorf("model link = %q", got)
	}
	if got := (OfferModel{Slug: "rav4", OverrideURL: "/models/rav4-hybrid"}).Link(); got != "/models/rav4-hybrid" {
		t.Errorf("override link = %q", got)
	}
}

// Spec 001 §3 excluded_website_ids, §2 offer routes, §4 truncation.
func TestOffersFor(t *testing.T) {
	site := Site{ID: "site-a", Slug: "a"}
	long := strings.Repeat("x", 201)
	offers := []Offer{
		{ID: "one", Name: "One", Manufacturer: OfferManufacturer{Name: "Land Rover"}, Model: &OfferModel{Name: "Defender", Slug: "defender"}, SanitizedDescription: long, Disclaimer: long},
		{ID: "by-id", Name: "Excluded by id", ExcludedWebsiteIDs: []string{"site-b", "site-a"}},
		{ID: "by-slug", Name: "Excluded by slug", ExcludedWebsiteIDs: []string{"a"}},
		{ID: "two", Name: "Two", SanitizedDescription: strings.Repeat("y", 200), ImageOrModelImage: &ImageRef{URL: "/m.jpg"}},
	}
	got := OffersFor(site, offers)
	if len(got) != 2 || got[0].ID != "one" || got[1].ID != "two" {
		t.Fatalf("got %+v, want one and two", got)
	}
	one, two := got[0], got[1]
	for _, c := range []struct{ name, got, want string }{
		{"manufacturer path", one.Path, "/offers/land-rover/one"},
		{"no manufacturer path", two.Path, "/offers/two"},
		{"model link", one.ModelLink, "/defender"},
		{"no model", two.ModelLink, ""},
		{"model image", two.Image, "/m.jpg"},
		{"description over 200 cut to 160", one.DescriptionShort, strings.Repeat("x", 160) + "…"},
		{"disclaimer over 200 cut to 200", one.DisclaimerShort, strings.Repeat("x", 200) + "…"},
		{"description of 200 shown whole", two.DescriptionShort, ""},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, c.got, c.want)
		}
	}
	if _, ok := FindOffer(site, offers, "by-id"); ok {
		t.Error("FindOffer found an offer excluding the site")
	}
	if v, ok := FindOffer(site, offers, "two"); !ok || v.Name != "Two" {
		t.Errorf("FindOffer two: %+v %v", v, ok)
	}
}

// Tenant files: offers need a unique URL-safe id and a name; the field is named.
func TestOfferValidation(t *testing.T) {
	s := DefaultSite()
	s.Slug, s.Name, s.Dealerships = "a", "A", []Dealership{{Slug: "d", Name: "D"}}
	s.Offers = []Offer{{ID: "x", Name: "X"}, {ID: "x", Name: "Y"}, {ID: "a/b", Name: "Z"}, {ID: "ok"}}
	err := s.Validate()
	for _, field := range []string{"offers[1].id", "offers[2].id", "offers[3].name"} {
		if err == nil || !strings.Contains(err.Error(), field) {
			t.Errorf("want an error naming %s, got %v", field, err)
		}
	}
}
