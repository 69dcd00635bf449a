package shared

import "testing"

// Issue 32 design system: the colour roles derived from a dealer's brand
// colours read at WCAG AA (4.5:1) in every pairing the stylesheet paints.
func TestColourRoles(t *testing.T) {
	tests := []struct {
		name, primary, accent string
		onPrimary, onAccent   string
		textKept              bool // the brand already reads as text on the page
	}{
		{"default blue keeps white text and its own link colour", "#1d4ed8", "#f59e0b", "#ffffff", "#000000", true},
		{"Riverside red: white text (4.57:1), link darkened for the grey page", "#eb0a1e", "#1f2937", "#ffffff", "#ffffff", false},
		{"Northside teal", "#0f766e", "#f97316", "#ffffff", "#000000", true},
		{"Coastal navy", "#0c4a6e", "#fbbf24", "#ffffff", "#000000", true},
		{"a light brand takes black text and a much darker link", "#fbbf24", "#fbbf24", "#000000", "#000000", false},
		{"white brand", "#fff", "#000", "#000000", "#ffffff", false},
		{"black brand", "#000000", "#ffffff", "#ffffff", "#000000", true},
		{"mid grey where white just fails", "#777777", "#767676", "#000000", "#ffffff", false},
	}
	bg := PageBackground
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, ok := ColourRoles(tt.primary, tt.accent)
			if !ok {
				t.Fatalf("ColourRoles(%q, %q) not ok", tt.primary, tt.accent)
			}
			if r.OnPrimary != tt.onPrimary || r.OnAccent != tt.onAccent {
				t.Errorf("on primary %s, on accent %s; want %s, %s", r.OnPrimary, r.OnAccent, tt.onPrimary, tt.onAccent)
			}
			if c := ContrastRatio(r.OnPrimary, tt.primary); c < AAText {
				t.Errorf("on-primary %s on %s: %.2f:1, want ≥ 4.5", r.OnPrimary, tt.primary, c)
			}
			if c := ContrastRatio(r.OnAccent, tt.accent); c < AAText {
				t.Errorf("on-accent %s on %s: %.2f:1, want ≥ 4.5", r.OnAccent, tt.accent, c)
			}
			if c := ContrastRatio(r.PrimaryText, bg); c < AAText {
				t.Errorf("primary text %s on %s: %.2f:1, want ≥ 4.5", r.PrimaryText, bg, c)
			}
			if c := ContrastRatio(r.PrimaryText, "#ffffff"); c < AAText {
				t.Errorf("primary text %s on white: %.2f:1, want ≥ 4.5", r.PrimaryText, c)
			}
			p, _ := parseHex(tt.primary)
			if kept := r.PrimaryText == p.hex(); kept != tt.textKept {
				t.Errorf("primary text %s from %s: kept %v, want %v", r.PrimaryText, tt.primary, kept, tt.textKept)
			}
			// Darkened only as far as needed: one step less would fail.
			if !tt.textKept {
				if c := ContrastRatio(r.PrimaryText, bg); c > 5.5 && r.PrimaryText != "#000000" {
					t.Errorf("primary text %s darkened past need (%.2f:1)", r.PrimaryText, c)
				}
			}
			if ContrastRatio(r.OnPrimary, r.PrimaryHover) < ContrastRatio(r.OnPrimary, tt.primary) {
				t.Errorf("hover %s lowers the contrast of %s", r.PrimaryHover, r.OnPrimary)
			}
		})
	}
}

// A colour that is not hex gives no roles: the stylesheet's stay.
func TestColourRolesNotHex(t *testing.T) {
	for _, c := range [][2]string{{"red", "#fff"}, {"#fff", "rgb(1,2,3)"}, {"", ""}, {"#12345", "#fff"}, {"#ggg", "#fff"}} {
		if _, ok := ColourRoles(c[0], c[1]); ok {
			t.Errorf("ColourRoles(%q, %q) ok, want not", c[0], c[1])
		}
	}
}

// The contrast ratio and the colour check the logo (functions/media) and
// the theme share: WCAG 2.1's figures, and no ratio for a named colour.
func TestContrastRatio(t *testing.T) {
	for _, tc := range []struct {
		a, b  string
		want  float64
		valid bool
	}{
		{"#000000", "#ffffff", 21, true},
		{"#fff", "#ffffff", 1, true},
		{"#777777", "#FFFFFF", 4.48, true},
		{"red", "#ffffff", 0, false},
		{"#12345", "#ffffff", 0, false},
	} {
		if got := ContrastRatio(tc.a, tc.b); got < tc.want-0.01 || got > tc.want+0.01 {
			t.Errorf("ContrastRatio(%s, %s) = %.2f, want %.2f", tc.a, tc.b, got, tc.want)
		}
		if got := HexColour(tc.a); got != tc.valid {
			t.Errorf("HexColour(%q) = %v, want %v", tc.a, got, tc.valid)
		}
	}
}
