package shared

import "testing"

func TestContactSlug(t *testing.T) {
	tests := map[string]string{
		"Riverside Toyota - Sales":        "riverside-toyota",
		"Riverside Toyota - Service":      "riverside-toyota",
		"Coastal Motor Group - Parts":     "coastal-motor-group",
		"Coastal Used Car Centre":         "coastal-used-car-centre",
		"Sales & Service - North - SALES": "sales-service-north",
		"Parts-R-Us":                      "parts-r-us",
	}
	for in, want := range tests {
		if got := ContactSlug(in); got != want {
			t.Errorf("spec 001 §2: ContactSlug(%q) = %q, want %q", in, got, want)
		}
	}
}
