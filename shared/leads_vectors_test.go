package shared

import (
	"maps"
	"testing"
)

// TestLeadValidationVectors runs the enquiry form's rules (spec 001 §5) from
// the file the web's form validator runs too (issue 9 "Rules shared with Go").
func TestLeadValidationVectors(t *testing.T) {
	type in struct {
		Lead Lead `json:"lead"`
		Site Site `json:"site"`
	}
	for _, v := range loadVectors[in, map[string]string](t, "lead_validation.json") {
		t.Run(v.Name, func(t *testing.T) {
			got := FieldMessages(ValidateLead(v.Input.Lead, v.Input.Site))
			if len(got) == 0 && len(v.Want) == 0 {
				return
			}
			if !maps.Equal(got, v.Want) {
				t.Errorf("FieldMessages(ValidateLead) = %v, want %v", got, v.Want)
			}
		})
	}
}
