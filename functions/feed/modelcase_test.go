package feed

import "testing"

// Issue 32 item 8: "Hyundai I30". A feed's model name is recased only when
// it is shouted or whispered, and then to the maker's spelling: Hyundai's
// lower-case i, the capitals inside HiLux and LandCruiser, the letters
// around a hyphen; a name already in mixed case is the maker's own.
func TestModelCase(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"COROLLA", "Corolla"},
		{"corolla", "Corolla"},
		{"i30", "i30"},
		{"I30", "i30"},
		{"i30 sedan", "i30 Sedan"},
		{"IX35", "ix35"},
		{"ILOAD", "iLoad"},
		{"i3", "i3"},
		{"cx-5", "CX-5"},
		{"CX-5", "CX-5"},
		{"bt-50", "BT-50"},
		{"x3", "X3"},
		{"HILUX", "HiLux"},
		{"hiace", "HiAce"},
		{"LANDCRUISER 300", "LandCruiser 300"},
		{"LANDCRUISER PRADO", "LandCruiser Prado"},
		{"RAV4", "RAV4"},
		{"MAZDA3", "Mazda3"},
		{"mu-x", "MU-X"},
		{"D-MAX", "D-Max"},
		{"X-TRAIL", "X-Trail"},
		{"E-TRON", "e-tron"},
		{"C-HR", "C-HR"},
		{"3 SERIES", "3 Series"},
		{"MODEL 3", "Model 3"},
		{"GR86", "GR86"},
		{"C-CLASS", "C-Class"},
		{"SANTA FE", "Santa Fe"},
		{"HiLux", "HiLux"},
		{"Yaris Cross", "Yaris Cross"},
		{"iMAX", "iMAX"}, // mixed case: kept as sent
	} {
		if got := modelCase(tc.in); got != tc.want {
			t.Errorf("modelCase(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
