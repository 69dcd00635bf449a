package syndication

import "testing"

// Issue 37: a VIN is 17 characters of ISO 3779's alphabet (no I, O or Q);
// a North American VIN (first character 1-5) carries a check digit in
// position 9 (49 CFR 565), which must match; an Australian or other VIN
// need not carry one, so its ninth character is not checked.
func TestCheckVIN(t *testing.T) {
	tests := []struct {
		name string
		vin  string
		want VINProblem
	}{
		{"North American, check digit right", "1M8GDM9AXKP042788", VINOK},
		{"North American, check digit right (Ford)", "1FADP5AU6DL536022", VINOK},
		{"North American, check digit X", "11111111111111111", VINOK},
		{"lower case and spaces are the same VIN", " 1m8gdm9axkp042788 ", VINOK},
		{"North American, check digit wrong", "1M8GDM9A1KP042788", VINBadCheckDigit},
		{"Canadian, check digit wrong", "2T1BURHE5JC000000", VINBadCheckDigit},
		{"Japanese-built, no check digit needed", "JTDBR32E720123456", VINOK},
		{"Australian-built, no check digit needed", "6T1BF3FK40X123456", VINOK},
		{"empty", "", VINMissing},
		{"too short", "JTDBR32E72012345", VINBadLength},
		{"too long", "JTDBR32E7201234567", VINBadLength},
		{"letter O is not in ISO 3779", "JTDBR32E72O123456", VINBadCharacter},
		{"letter I is not in ISO 3779", "JTDBR32E72I123456", VINBadCharacter},
		{"letter Q is not in ISO 3779", "JTDBR32E72Q123456", VINBadCharacter},
		{"punctuation", "JTDBR32E72-123456", VINBadCharacter},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CheckVIN(tt.vin); got != tt.want {
				t.Errorf("CheckVIN(%q) = %q, want %q", tt.vin, got, tt.want)
			}
		})
	}
}
