package demo

import (
	"slices"
	"strings"
	"testing"

	"forecourt/shared"
)

// Issue 32 item 8: equipment that contradicts the car ("leather and heated
// seats on a cloth base Yaris"; "Roadworthy certificate supplied" on a new
// car). Every generated car's equipment, upholstery and comments follow
// its trim, body, drivetrain and type.
func TestStockEquipmentFitsTheVariant(t *testing.T) {
	cars := append(Stock(toyota, allTypes, 550, now), Stock(usedYard, usedOnly, 350, now)...)
	for _, c := range cars {
		m, v, ok := findVariant(c)
		if !ok {
			t.Fatalf("%s: not in the catalogue", c.StockNum)
		}
		eq := c.StandardEquipment
		has := func(name string) bool { return slices.Contains(eq, name) }
		leather := has("Leather-accented seats") || strings.Contains(c.InteriorColour, "Leather")
		switch trimOf(m, v) {
		case trimBase:
			if leather || has("Heated front seats") || !has("Cloth seat trim") || !strings.Contains(c.InteriorColour, "Cloth") {
				t.Errorf("%s %s %s (base): interior %q, equipment %v", c.StockNum, c.Model, c.Badge, c.InteriorColour, eq)
			}
		case trimTop:
			if !has("Leather-accented seats") || has("Cloth seat trim") || !strings.Contains(c.InteriorColour, "Leather") {
				t.Errorf("%s %s %s (top): interior %q, equipment %v", c.StockNum, c.Model, c.Badge, c.InteriorColour, eq)
			}
		}
		if has("Low-range transfer case") != (v.Drive == "4WD") {
			t.Errorf("%s %s %s (%s): low range listed = %v", c.StockNum, c.Model, c.Badge, v.Drive, has("Low-range transfer case"))
		}
		if has("Tub liner") != (m.Body == Ute) {
			t.Errorf("%s %s (%s): tub liner listed = %v", c.StockNum, c.Model, m.Body, has("Tub liner"))
		}
		if c.Year < 2017 && has("Apple CarPlay") {
			t.Errorf("%s: a %d car lists Apple CarPlay", c.StockNum, c.Year)
		}
		if len(eq) < 6 {
			t.Errorf("%s: only %d equipment lines", c.StockNum, len(eq))
		}
		if c.CarType != shared.CarTypeUsed && strings.Contains(c.DealerComments, "Roadworthy") {
			t.Errorf("%s: a %s car's comments offer a roadworthy certificate: %q", c.StockNum, c.CarType, c.DealerComments)
		}
	}
}

// The trim table itself: by price within the model, premium makes at the top.
func TestTrimOf(t *testing.T) {
	byName := func(mk, name string) model {
		for _, m := range catalogue {
			if m.Make == mk && m.Model == name {
				return m
			}
		}
		t.Fatalf("%s %s not in the catalogue", mk, name)
		return model{}
	}
	for _, tc := range []struct {
		make, model, badge string
		want               trim
	}{
		{"Toyota", "HiLux", "Workmate 4x2", trimBase},
		{"Toyota", "HiLux", "SR5 4x4", trimMid},
		{"Toyota", "HiLux", "Rogue 4x4", trimTop},
		{"Mazda", "CX-5", "Maxx FWD", trimBase},
		{"Mazda", "CX-5", "Akera AWD", trimTop},
		{"Hyundai", "Santa Fe", "Elite AWD Diesel", trimMid},
		{"BMW", "X5", "xDrive30d", trimTop},
	} {
		m := byName(tc.make, tc.model)
		i := slices.IndexFunc(m.Variants, func(v variant) bool { return v.Badge == tc.badge })
		if i < 0 {
			t.Fatalf("%s %s %s not in the catalogue", tc.make, tc.model, tc.badge)
		}
		if got := trimOf(m, m.Variants[i]); got != tc.want {
			t.Errorf("%s %s %s: trim %d, want %d", tc.make, tc.model, tc.badge, got, tc.want)
		}
	}
}

// The test-drive rule is untouched by the equipment table: equipment and
// upholstery are a function of the variant and stock number alone (no draw
// from the generator's stream, whose draws decide tags such as Test Drive
// Only), and the franchised demo stock still has test-drive-only cars for
// the car page's Book a Test Drive rule (spec 001 §2).
func TestEquipmentLeavesTheTestDriveRule(t *testing.T) {
	for _, tc := range []struct {
		dealer shared.Dealership
		types  []shared.CarType
	}{
		{toyota, allTypes},
		{usedYard, usedOnly},
	} {
		testDrive := 0
		for _, c := range Stock(tc.dealer, tc.types, 550, now) {
			m, v, _ := findVariant(c)
			if !slices.Equal(c.StandardEquipment, Equipment(m, v, c.Year)) || c.InteriorColour != Interior(m, v, c.StockNum) {
				t.Errorf("%s: equipment or interior is not the variant's own", c.StockNum)
			}
			if shared.TestDriveOnly(c) {
				testDrive++
			}
		}
		if franchised := tc.dealer.Make != ""; franchised && testDrive == 0 {
			t.Errorf("%s: no test-drive-only car", tc.dealer.Slug)
		}
	}
}
