package media

import (
	"fmt"
	"html"
	"math"
	"strings"

	"forecourt/shared"
)

// Minimum contrast ratios (WCAG 2.1): text, and a graphic such as the mark.
const (
	minTextContrast = 4.5
	minMarkContrast = 3
)

// readableOn returns want when it reaches min against bg, else white or
// near-black, whichever contrasts more.
func readableOn(bg, want string, min float64) string {
	if shared.ContrastRatio(want, bg) >= min {
		return want
	}
	if shared.ContrastRatio("#ffffff", bg) >= shared.ContrastRatio("#111827", bg) {
		return "#ffffff"
	}
	return "#111827"
}

// mark is the emblem drawn left of the name, in a 48 x 48 box.
type mark func(colour string) string

var marks = map[string]mark{
	// Two swells for a coast or a bay.
	"wave": func(c string) string {
		return fmt.Sprintf(`<path d="M6 22 q9 -10 18 0 t18 0 M6 34 q9 -10 18 0 t18 0" fill="none" stroke="%s" stroke-width="4.5" stroke-linecap="round"/>`, c)
	},
	// A river's bend.
	"river": func(c string) string {
		return fmt.Sprintf(`<path d="M14 6 C40 14 8 30 34 42" fill="none" stroke="%s" stroke-width="6" stroke-linecap="round"/><path d="M26 6 C44 12 30 22 42 30" fill="none" stroke="%s" stroke-width="3" stroke-linecap="round" opacity="0.6"/>`, c, c)
	},
	// A compass needle for a point of the compass.
	"compass": func(c string) string {
		return fmt.Sprintf(`<circle cx="24" cy="24" r="19" fill="none" stroke="%s" stroke-width="3"/><path d="M24 9 L31 27 L24 23 L17 27 Z" fill="%s"/>`, c, c)
	},
	// A road running to the horizon.
	"road": func(c string) string {
		return fmt.Sprintf(`<path d="M19 8 L29 8 L42 42 L6 42 Z" fill="%s"/><path d="M24 12 L24 18 M24 24 L24 31 M24 36 L24 40" stroke="#ffffff" stroke-opacity="0.85" stroke-width="2.5"/>`, c)
	},
}

// markFor picks the emblem from the words of the name.
func markFor(name string) mark {
	n := strings.ToLower(name)
	for _, k := range []struct{ words, mark string }{
		{"coast bay beach harbour ocean sea surf", "wave"},
		{"river creek lake", "river"},
		{"north south east west", "compass"},
	} {
		for w := range strings.FieldsSeq(k.words) {
			if strings.Contains(n, w) {
				return marks[k.mark]
			}
		}
	}
	return marks["road"]
}

// LogoSVG draws a wordmark from the site's name (issue 32 item 8: the
// demo's logos were two letters in a square, and a dealership's was light
// text on a white page): an emblem, the first word large and the rest in
// spaced capitals beneath, on a plate of the header's colour, so it reads
// on the header and on any page alike. The text keeps the header's text
// colour where that reaches 4.5:1 on the plate, else white or near-black.
func LogoSVG(site shared.Site) string {
	plate := site.Theme.HeaderBg
	if !shared.HexColour(plate) {
		plate = site.Theme.PrimaryColor
	}
	if !shared.HexColour(plate) {
		plate = "#111827"
	}
	text := readableOn(plate, site.Theme.HeaderText, minTextContrast)
	accent := readableOn(plate, site.Theme.AccentColor, minMarkContrast)
	if accent != site.Theme.AccentColor {
		accent = text
	}
	words := strings.Fields(site.Name)
	first, rest := site.Name, ""
	if len(words) > 1 {
		first, rest = words[0], strings.ToUpper(strings.Join(words[1:], " "))
	}
	// Widths from generous glyph widths of a bold sans at these sizes, so
	// the wider fallback fonts fit too.
	width := 68 + int(math.Ceil(max(17.5*float64(len(first)), 10.8*float64(len(rest))))) + 14
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d 64" width="%d" height="64" role="img">`, width, width)
	fmt.Fprintf(&b, `<title>%s</title>`, html.EscapeString(site.Name))
	fmt.Fprintf(&b, `<rect class="plate" width="%d" height="64" rx="10" fill="%s"/>`, width, html.EscapeString(plate))
	fmt.Fprintf(&b, `<g transform="translate(10 8)">%s</g>`, markFor(site.Name)(html.EscapeString(accent)))
	font := `font-family="'Inter', 'Helvetica Neue', Arial, sans-serif"`
	if rest == "" {
		fmt.Fprintf(&b, `<text x="68" y="41" %s font-size="26" font-weight="800" letter-spacing="0.5" fill="%s">%s</text>`, font, html.EscapeString(text), html.EscapeString(first))
	} else {
		fmt.Fprintf(&b, `<text x="68" y="33" %s font-size="26" font-weight="800" letter-spacing="0.5" fill="%s">%s</text>`, font, html.EscapeString(text), html.EscapeString(first))
		fmt.Fprintf(&b, `<text x="69" y="51" %s font-size="11" font-weight="600" letter-spacing="2.6" fill="%s">%s</text>`, font, html.EscapeString(text), html.EscapeString(rest))
	}
	b.WriteString(`</svg>`)
	return b.String()
}
