package shared

import (
	"slices"
	"strconv"
	"strings"
	"time"
)

// MaxCompareCars is how many cars one comparison holds: 3 side by side,
// 4 on wide screens (spec 000 §4 "favourites and compare", issue 12). The
// web's compare bar picks at most this many; GET /api/compare refuses more.
const MaxCompareCars = 4

// Comparison is what the compare page shows (spec 000 §4): the cars as
// columns and the rows to compare them by, each row's values in the cars'
// order. Go computes every value and whether the cars differ in it, so the
// browser only renders (DESIGN.md decision 9).
type Comparison struct {
	Cars []ComparedCar `json:"cars"`
	Rows []CompareRow  `json:"rows"`
}

// ComparedCar is one column's heading.
type ComparedCar struct {
	ID              string `json:"id"`
	Slug            string `json:"slug"`
	Title           string `json:"title"`
	PrimaryImageURL string `json:"primary_image_url,omitempty"`
	Available       bool   `json:"available"`
}

// Compare row groups, in page order.
const (
	CompareOverview = "overview"
	CompareSpecs    = "specifications"
	CompareFeatures = "features"
)

// CompareRow is one attribute across the compared cars. Values hold "" where
// a car has no value; Differs is true when the cars' values really differ
// (valuesDiffer), which the page highlights.
type CompareRow struct {
	Key     string   `json:"key"`
	Label   string   `json:"label"`
	Group   string   `json:"group"`
	Values  []string `json:"values"`
	Differs bool     `json:"differs"`
}

// CompareCars builds the comparison of cars (in the given order) as site
// shows them at now: price and weekly estimate as the car page shows them,
// year, km, body, transmission, fuel, the key specifications, then every
// feature any of the cars has ("Yes" or ""). A row no car has a value for
// is left out.
func CompareCars(cars []Car, site Site, now time.Time) Comparison {
	out := Comparison{Cars: make([]ComparedCar, len(cars)), Rows: []CompareRow{}}
	views := make([]CarView, len(cars))
	for i, c := range cars {
		views[i] = ViewCar(c, site, now)
		out.Cars[i] = ComparedCar{ID: c.ID, Slug: c.Slug, Title: compareTitle(c), PrimaryImageURL: c.PrimaryImageURL, Available: views[i].Available}
	}
	add := func(group, key, label string, value func(i int, c Car) string) {
		row := CompareRow{Key: key, Label: label, Group: group, Values: make([]string, len(cars))}
		any := false
		for i, c := range cars {
			row.Values[i] = strings.TrimSpace(value(i, c))
			any = any || row.Values[i] != ""
		}
		if !any {
			return
		}
		// A feature a car does not list is "No", a value; any other blank
		// is a value the car's feed left out.
		row.Differs = valuesDiffer(row.Values, group == CompareFeatures)
		out.Rows = append(out.Rows, row)
	}
	add(CompareOverview, "price", "Price", func(i int, _ Car) string { return views[i].Price.Text })
	add(CompareOverview, "weekly", estimateLabel(views), func(i int, _ Car) string { return repaymentText(views[i].Finance) })
	add(CompareOverview, "year", "Year", func(_ int, c Car) string { return positive(c.Year, "") })
	add(CompareOverview, "km", "Kilometres", func(_ int, c Car) string { return kmText(c) })
	add(CompareOverview, "body", "Body", func(_ int, c Car) string { return first(c.SimpleBody, c.Body) })
	add(CompareOverview, "transmission", "Transmission", func(_ int, c Car) string { return first(c.SimpleTransmission, c.Trans) })
	add(CompareOverview, "fuel", "Fuel", func(_ int, c Car) string { return first(c.SimpleFuel, c.Fuel) })

	v := func(c Car) Variant {
		if c.Variant == nil {
			return Variant{}
		}
		return *c.Variant
	}
	add(CompareSpecs, "engine", "Engine", func(_ int, c Car) string { return engineText(c, v(c)) })
	add(CompareSpecs, "cylinders", "Cylinders", func(_ int, c Car) string { return positive(v(c).Cylinders, "") })
	add(CompareSpecs, "drive", "Drive", func(_ int, c Car) string { return c.Drive })
	add(CompareSpecs, "seats", "Seats", func(_ int, c Car) string { return positive(c.Seats, "") })
	add(CompareSpecs, "doors", "Doors", func(_ int, c Car) string { return positive(c.Doors, "") })
	add(CompareSpecs, "colour", "Colour", func(_ int, c Car) string { return c.Colour })
	add(CompareSpecs, "fuel_consumption", "Fuel consumption", func(_ int, c Car) string {
		return decimal(v(c).FuelConsumptionCombined, " L/100 km")
	})
	add(CompareSpecs, "torque", "Torque", func(_ int, c Car) string { return decimal(v(c).Torque, " Nm") })
	add(CompareSpecs, "ancap", "ANCAP rating", func(_ int, c Car) string { return positive(v(c).ANCAPRating, " stars") })

	// Features: each one any car lists, in the order first seen, compared
	// without regard to case or surrounding spaces.
	var features []string
	has := make([]map[string]bool, len(cars))
	for i, c := range cars {
		has[i] = map[string]bool{}
		for _, f := range c.StandardEquipment {
			key := strings.ToLower(strings.TrimSpace(f))
			if key == "" {
				continue
			}
			if !slices.ContainsFunc(features, func(s string) bool { return strings.ToLower(s) == key }) {
				features = append(features, strings.TrimSpace(f))
			}
			has[i][key] = true
		}
	}
	for _, f := range features {
		key := strings.ToLower(f)
		add(CompareFeatures, "feature:"+key, f, func(i int, _ Car) string {
			if has[i][key] {
				return "Yes"
			}
			return ""
		})
	}
	return out
}

// valuesDiffer is the one rule for marking a row (issue 32 item 12): the
// values differ when two of them do not read the same, ignoring case and
// surrounding spaces (feeds capitalise freely). A blank is unknown, not a
// different value, unless blankIsValue: a row of "5", "5" and a car that
// lists no seats is not marked.
func valuesDiffer(values []string, blankIsValue bool) bool {
	var seen string
	have := false
	for _, v := range values {
		v = strings.TrimSpace(v)
		if v == "" && !blankIsValue {
			continue
		}
		if !have {
			seen, have = v, true
			continue
		}
		if !strings.EqualFold(v, seen) {
			return true
		}
	}
	return false
}

func compareTitle(c Car) string {
	parts := []string{}
	if c.Year > 0 {
		parts = append(parts, strconv.Itoa(c.Year))
	}
	for _, p := range []string{c.Make, c.Model, c.Badge} {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, " ")
}

// estimateLabel names the estimate row by the frequency its figures are in
// (issue 32: a "Weekly estimate" row showed "$509 / month"): weekly,
// monthly, or "Finance estimate" when the cars' estimates differ in it.
func estimateLabel(views []CarView) string {
	per := ""
	for _, v := range views {
		if v.Finance == nil || v.Finance.Amount <= 0 {
			continue
		}
		if per != "" && per != v.Finance.Per() {
			return "Finance estimate"
		}
		per = v.Finance.Per()
	}
	if per == "month" {
		return "Monthly estimate"
	}
	return "Weekly estimate"
}

func repaymentText(f *FinanceEstimate) string {
	if f == nil || f.Amount <= 0 {
		return ""
	}
	return f.AmountText + " / " + f.Per()
}

func kmText(c Car) string {
	if c.KM <= 0 && c.CarType == CarTypeNew {
		return ""
	}
	return FormatKM(float64(c.KM))
}

func engineText(c Car, v Variant) string {
	switch {
	case v.EngineSizeLitres > 0:
		return decimal(v.EngineSizeLitres, " L")
	case v.EngineSize > 0:
		return strconv.Itoa(v.EngineSize) + " cc"
	}
	return strings.TrimSpace(c.EngineSize)
}

func positive(n int, unit string) string {
	if n <= 0 {
		return ""
	}
	return strconv.Itoa(n) + unit
}

func decimal(f float64, unit string) string {
	if f <= 0 {
		return ""
	}
	return strconv.FormatFloat(f, 'f', -1, 64) + unit
}

func first(vals ...string) string {
	for _, v := range vals {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

// ParseCompareIDs reads the cars parameter of GET /api/compare: car ids
// separated by commas, blanks and repeats dropped, in order. None, more than
// MaxCompareCars, or an id over 128 characters is an EINVALID error on
// "cars".
func ParseCompareIDs(param string) ([]string, error) {
	var ids []string
	for _, id := range strings.Split(param, ",") {
		id = strings.TrimSpace(id)
		if id == "" || slices.Contains(ids, id) {
			continue
		}
		if len(id) > 128 {
			return nil, FieldError("cars", "a car id is longer than 128 characters")
		}
		ids = append(ids, id)
	}
	switch {
	case len(ids) == 0:
		return nil, FieldError("cars", "is required: car ids separated by commas")
	case len(ids) > MaxCompareCars:
		return nil, FieldError("cars", "at most %d cars can be compared, got %d", MaxCompareCars, len(ids))
	}
	return ids, nil
}
