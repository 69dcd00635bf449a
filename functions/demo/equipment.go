package demo

import (
	"hash/fnv"
	"slices"
	"strings"
)

// trim is a variant's place in its model's range: what decides its
// equipment and upholstery (issue 32 item 8: leather and heated seats were
// listed on a cloth base model).
type trim int

const (
	trimBase trim = iota
	trimMid
	trimTop
)

// premiumMakes fit every variant with the upper range's cabin.
var premiumMakes = []string{"Audi", "BMW", "Mercedes-Benz", "Tesla"}

// trimOf ranks a variant by price within its model: the cheapest is the
// base, the dearest the top, the rest mid-range. A model sold in one
// variant is mid-range, or top for a premium make.
func trimOf(m model, v variant) trim {
	if slices.Contains(premiumMakes, m.Make) {
		return trimTop
	}
	if len(m.Variants) < 2 {
		return trimMid
	}
	lowest, highest := v.RRP, v.RRP
	for _, o := range m.Variants {
		lowest, highest = min(lowest, o.RRP), max(highest, o.RRP)
	}
	switch v.RRP {
	case lowest:
		return trimBase
	case highest:
		return trimTop
	}
	return trimMid
}

// feature is one line of standard equipment and what a car needs to have it.
type feature struct {
	name string
	// from is the lowest trim fitted with it; below, when set, the first
	// trim no longer fitted with it (cloth gives way to leather).
	from, below trim
	// since is the first model year it was fitted (0: always); phone
	// mirroring and the driver aids arrived over the last decade.
	since int
	// bodies limits it to these simple bodies (nil: every body).
	bodies []string
	// fits, when set, decides by drivetrain.
	fits func(v variant) bool
}

// features is the equipment table: a car lists every row that fits its
// trim, year, body and drivetrain, in this order.
var features = []feature{
	{name: "Reversing camera", since: 2013},
	{name: "Autonomous emergency braking", since: 2018},
	{name: "Apple CarPlay", since: 2017},
	{name: "Android Auto", since: 2017},
	{name: "Bluetooth phone and audio streaming"},
	{name: "Cruise control"},
	{name: "Air conditioning"},
	{name: "Power windows"},
	{name: "Remote central locking"},
	{name: "Electronic stability control"},
	{name: "Front, side and curtain airbags"},
	{name: "Cloth seat trim", below: trimTop},
	{name: "Lane keep assist", from: trimMid, since: 2019},
	{name: "Blind spot monitoring", from: trimMid, since: 2018},
	{name: "Rear cross-traffic alert", from: trimMid, since: 2018},
	{name: "Adaptive cruise control", from: trimMid, since: 2018},
	{name: "Dual-zone climate control", from: trimMid},
	{name: "Keyless entry and push-button start", from: trimMid},
	{name: "Satellite navigation", from: trimMid},
	{name: "Digital radio (DAB+)", from: trimMid, since: 2016},
	{name: "LED headlights", from: trimMid, since: 2016},
	{name: "Alloy wheels", from: trimMid},
	{name: "Front and rear parking sensors", from: trimMid},
	{name: "Roof rails", from: trimMid, bodies: []string{SUV, Wagon}},
	{name: "Power sliding rear doors", from: trimMid, bodies: []string{PeopleMover}},
	{name: "Leather-accented seats", from: trimTop},
	{name: "Heated front seats", from: trimTop},
	{name: "Power-adjustable driver's seat", from: trimTop},
	{name: "Wireless phone charger", from: trimTop, since: 2019},
	{name: "360-degree camera", from: trimTop, since: 2019},
	{name: "Head-up display", from: trimTop, since: 2019},
	{name: "Auto-dimming rear-view mirror", from: trimTop},
	{name: "Power tailgate", from: trimTop, bodies: []string{SUV, Wagon}},
	{name: "Tow bar", bodies: []string{Ute}},
	{name: "Tub liner", bodies: []string{Ute}},
	{name: "Rubber cargo floor", bodies: []string{Van}},
	{name: "Sliding side door", bodies: []string{Van}},
	{name: "Hill descent control", fits: func(v variant) bool { return v.Drive == "4WD" }},
	{name: "Low-range transfer case", fits: func(v variant) bool { return v.Drive == "4WD" }},
	{name: "Rear differential lock", from: trimTop, fits: func(v variant) bool { return v.Drive == "4WD" }},
	{name: "DC fast charging", fits: func(v variant) bool { return v.Fuel == Electric || v.Fuel == PHEV }},
	{name: "Regenerative braking", fits: func(v variant) bool { return v.Fuel != Petrol && v.Fuel != Diesel }},
}

// Equipment is the standard equipment of a variant of a model built in the
// year: the rows of the features table that fit it, so a base model lists
// cloth seats and no leather, and only a 4WD lists low range.
func Equipment(m model, v variant, year int) []string {
	t := trimOf(m, v)
	var out []string
	for _, f := range features {
		switch {
		case t < f.from, f.below != trimBase && t >= f.below, f.since != 0 && year < f.since:
			continue
		case f.bodies != nil && !slices.Contains(f.bodies, m.Body):
			continue
		case f.fits != nil && !f.fits(v):
			continue
		}
		out = append(out, f.name)
	}
	return out
}

// Interior is the upholstery of the trim: cloth below the top of the range,
// leather at the top, in a colour picked by the stock number so the
// generator's stream is not drawn from.
func Interior(m model, v variant, stockNum string) string {
	h := fnv.New32a()
	h.Write([]byte("interior " + stockNum))
	colours := []string{"Black", "Black", "Grey"}
	if trimOf(m, v) == trimTop {
		colours = []string{"Black", "Black", "Stone", "Tan"}
		return colours[h.Sum32()%uint32(len(colours))] + " Leather"
	}
	return colours[h.Sum32()%uint32(len(colours))] + " Cloth"
}

// usedCarOnly marks comment segments that only a used car can carry: a
// roadworthy certificate is issued on a car changing hands, never on a new
// one (issue 32 item 8).
func usedCarOnly(segment string) bool {
	return strings.Contains(segment, "Roadworthy")
}
