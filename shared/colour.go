package shared

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ThemeRoles are the colour roles the site's stylesheet paints with, derived
// from the dealer's brand colours so every pairing reads (issue 32 design
// system; WCAG 2.x AA: 4.5:1 for text). They are computed, not configured:
// a dealer sets its brand colours and the roles follow. The web and the
// painted page set each as a CSS custom property (seo.ThemeVariables, web
// themeVariables; vector theme_variables.json).
type ThemeRoles struct {
	// OnPrimary is the text on a primary-coloured fill (buttons, the modern
	// header): white when white reaches 4.5:1 on the brand colour, else black
	// (one of the two always does: at worst both are ~4.58:1).
	OnPrimary string `json:"on_primary"`
	// PrimaryText is the brand colour as text or a thin line on the light
	// surfaces (links, ghost buttons, the tabs' current mark): the brand
	// colour darkened just enough to reach 4.5:1 on the page background.
	PrimaryText string `json:"primary_text"`
	// PrimaryHover is a pressed or hovered primary fill: the brand colour
	// moved away from OnPrimary, so its text keeps its contrast.
	PrimaryHover string `json:"primary_hover"`
	// OnAccent is the text on an accent-coloured fill, chosen as OnPrimary.
	OnAccent string `json:"on_accent"`
}

// AAText is the WCAG AA contrast ratio for body text.
const AAText = 4.5

// PageBackground is the stylesheet's page background (web app.css --fc-bg),
// the darkest light surface text sits on: a colour that reads on it reads on
// white too.
const PageBackground = "#f3f4f6"

// rgb is a colour's sRGB channels, 0–255.
type rgb struct{ r, g, b float64 }

// parseHex reads #rgb or #rrggbb, the forms Site.Validate accepts.
func parseHex(s string) (rgb, error) {
	h := strings.TrimPrefix(strings.TrimSpace(s), "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	if len(h) != 6 || !strings.HasPrefix(strings.TrimSpace(s), "#") {
		return rgb{}, fmt.Errorf("colour %q: not #rgb or #rrggbb", s)
	}
	n, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return rgb{}, fmt.Errorf("colour %q: %w", s, err)
	}
	return rgb{float64(n >> 16 & 0xff), float64(n >> 8 & 0xff), float64(n & 0xff)}, nil
}

// HexColour reports whether s is a colour the theme accepts (#rgb or #rrggbb).
func HexColour(s string) bool {
	_, err := parseHex(s)
	return err == nil
}

func (c rgb) hex() string {
	ch := func(v float64) int { return int(math.Round(math.Max(0, math.Min(255, v)))) }
	return fmt.Sprintf("#%02x%02x%02x", ch(c.r), ch(c.g), ch(c.b))
}

// luminance is WCAG 2.x relative luminance.
func (c rgb) luminance() float64 {
	lin := func(v float64) float64 {
		v /= 255
		if v <= 0.04045 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.r) + 0.7152*lin(c.g) + 0.0722*lin(c.b)
}

// contrast is the WCAG contrast ratio of two colours, 1–21.
func contrast(a, b rgb) float64 {
	la, lb := a.luminance(), b.luminance()
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

// ContrastRatio is the WCAG contrast ratio of two hex colours; 0 when
// either is not a hex colour.
func ContrastRatio(a, b string) float64 {
	ca, err := parseHex(a)
	if err != nil {
		return 0
	}
	cb, err := parseHex(b)
	if err != nil {
		return 0
	}
	return contrast(ca, cb)
}

// mix moves c towards to by p (0–1), in sRGB as CSS color-mix does, whole
// channels each step so the result is what the stylesheet receives.
func mix(c, to rgb, p float64) rgb {
	m := func(a, b float64) float64 { return math.Round(a + (b-a)*p) }
	return rgb{m(c.r, to.r), m(c.g, to.g), m(c.b, to.b)}
}

var (
	white = rgb{255, 255, 255}
	black = rgb{0, 0, 0}
)

// onColour is the text colour on a fill of c: white when it reaches AA,
// else black.
func onColour(c rgb) rgb {
	if contrast(white, c) >= AAText {
		return white
	}
	return black
}

// ColourRoles derives the theme's colour roles from its primary and accent
// colours (#rgb or #rrggbb; the site config accepts nothing else). ok is
// false when either is not a hex colour: the stylesheet's own roles stay.
func ColourRoles(primary, accent string) (ThemeRoles, bool) {
	p, err := parseHex(primary)
	if err != nil {
		return ThemeRoles{}, false
	}
	a, err := parseHex(accent)
	if err != nil {
		return ThemeRoles{}, false
	}
	bg, _ := parseHex(PageBackground)
	on := onColour(p)
	// Darken in 5% steps until the brand reads as text on the background;
	// black at the end always does.
	text := p
	for i := 1; contrast(text, bg) < AAText && i <= 20; i++ {
		text = mix(p, black, float64(i)*0.05)
	}
	// A hover fill moves away from its text: darker under white text,
	// lighter under black.
	away := black
	if on == black {
		away = white
	}
	return ThemeRoles{
		OnPrimary:    on.hex(),
		PrimaryText:  text.hex(),
		PrimaryHover: mix(p, away, 0.15).hex(),
		OnAccent:     onColour(a).hex(),
	}, true
}
