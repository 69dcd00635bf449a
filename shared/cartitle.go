package shared

import (
	"strconv"
	"strings"
)

// CarTitle is the title the car page and cards show: "2021 Toyota Corolla".
// The extended title (site.card.extended_title) adds the car's name,
// colour, gears, transmission and body configuration, leaving out a part
// the title already says. The web's carTitle (web/src/lib/carTitle.ts) is
// its twin; both run shared/testdata/vectors/car_title.json. Go needs it
// for the car page's server-rendered first paint (issue 14).
func CarTitle(c Car, extended bool) string {
	var parts []string
	if c.Year != 0 {
		parts = append(parts, strconv.Itoa(c.Year))
	}
	for _, p := range []string{c.Make, c.Model} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	base := strings.Join(parts, " ")
	if !extended {
		return base
	}
	title := base
	if name := strings.TrimSpace(c.Name); name != "" {
		if strings.HasPrefix(strings.ToLower(name), strings.ToLower(base)) {
			title = name
		} else {
			title = base + " " + name
		}
	}
	var gears, body string
	if c.Variant != nil {
		gears, body = c.Variant.GearType, c.Variant.BodyConfiguration
	}
	for _, p := range []string{c.Colour, gears, c.SimpleTransmission, body} {
		if p = strings.TrimSpace(p); p != "" && !strings.Contains(strings.ToLower(title), strings.ToLower(p)) {
			title += " " + p
		}
	}
	return title
}
