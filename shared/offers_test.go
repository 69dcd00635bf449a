package shared

import "testing"

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
