package shared

import "testing"

func TestNormalizeCaravanDimensions(t *testing.T) {
	tests := []struct {
		name          string
		in            CaravanSpecifications
		length, width float64
		unit, field   string
	}{
		{"spec 001 §9: feet become metres at 0.3048", CaravanSpecifications{BodyLength: 21, BodyWidth: 7.5, DimensionUnit: "ft"}, 6.4, 2.29, "m", ""},
		{"the word feet, any case", CaravanSpecifications{BodyLength: 10, DimensionUnit: " Feet "}, 3.05, 0, "m", ""},
		{"metres are kept", CaravanSpecifications{BodyLength: 6.4, BodyWidth: 2.3, DimensionUnit: "metres"}, 6.4, 2.3, "m", ""},
		{"no unit is left as given", CaravanSpecifications{BodyLength: 21}, 21, 0, "", ""},
		{"an unknown unit rejects the row naming the field", CaravanSpecifications{BodyLength: 21, DimensionUnit: "yards"}, 21, 0, "yards", "specifications.dimension_unit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.in
			field, _ := NormalizeCaravanDimensions(&s)
			if field != tt.field || s.BodyLength != tt.length || s.BodyWidth != tt.width || s.DimensionUnit != tt.unit {
				t.Errorf("got length %v width %v unit %q field %q, want %v %v %q %q", s.BodyLength, s.BodyWidth, s.DimensionUnit, field, tt.length, tt.width, tt.unit, tt.field)
			}
		})
	}
	if f, _ := NormalizeCaravanDimensions(nil); f != "" {
		t.Errorf("nil specifications: field %q", f)
	}
}
