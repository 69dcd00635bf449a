package shared

import (
	"errors"
	"slices"
	"testing"
	"time"
)

// Spec 000 §4 (favourites and compare): the comparison's rows, with the
// attributes the cars differ in marked for highlighting.
func TestCompareCars(t *testing.T) {
	now := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	site := DefaultSite()
	site.Slug = "s"
	base := func(id string) Car {
		return Car{ID: id, Slug: id + "-slug", Year: 2021, Make: "Toyota", Model: "Corolla", Price: 25990,
			CarType: CarTypeUsed, Status: StatusInStock, KM: 42000, SimpleBody: "Hatch", SimpleTransmission: "Automatic",
			SimpleFuel: "Petrol", StandardEquipment: []string{"Reversing camera", "Cruise control"}}
	}
	a, b, c := base("a"), base("b"), base("c")
	b.Price, b.KM = 31990, 15000
	b.StandardEquipment = []string{"reversing camera ", "Cruise control", "Sunroof"}
	c.Status, c.Sold = StatusSold, true

	got := CompareCars([]Car{a, b, c}, site, now)

	if titles := []string{got.Cars[0].Title, got.Cars[1].Title}; titles[0] != "2021 Toyota Corolla" {
		t.Errorf("title: got %q, want %q", titles[0], "2021 Toyota Corolla")
	}
	if got.Cars[2].Available {
		t.Errorf("sold car: got available, want not")
	}
	rows := map[string]CompareRow{}
	var keys []string
	for _, r := range got.Rows {
		rows[r.Key] = r
		keys = append(keys, r.Key)
	}
	tests := []struct {
		key     string
		values  []string
		differs bool
	}{
		{"price", []string{"$25,990", "$31,990", "$25,990"}, true},
		{"year", []string{"2021", "2021", "2021"}, false},
		{"km", []string{"42,000 km", "15,000 km", "42,000 km"}, true},
		{"body", []string{"Hatch", "Hatch", "Hatch"}, false},
		{"transmission", []string{"Automatic", "Automatic", "Automatic"}, false},
		{"fuel", []string{"Petrol", "Petrol", "Petrol"}, false},
		{"feature:reversing camera", []string{"Yes", "Yes", "Yes"}, false},
		{"feature:sunroof", []string{"", "Yes", ""}, true},
	}
	for _, tt := range tests {
		r, ok := rows[tt.key]
		if !ok {
			t.Errorf("row %q missing; rows %v", tt.key, keys)
			continue
		}
		if !slices.Equal(r.Values, tt.values) || r.Differs != tt.differs {
			t.Errorf("row %q: got %q differs=%v, want %q differs=%v", tt.key, r.Values, r.Differs, tt.values, tt.differs)
		}
	}
	if _, ok := rows["cylinders"]; ok {
		t.Errorf("a row no car has a value for is shown: cylinders")
	}
	if rows["price"].Group != CompareOverview || rows["feature:sunroof"].Group != CompareFeatures {
		t.Errorf("groups: got %q and %q", rows["price"].Group, rows["feature:sunroof"].Group)
	}
}

func TestParseCompareIDs(t *testing.T) {
	tests := []struct {
		in      string
		want    []string
		wantErr string
	}{
		{"a,b,c", []string{"a", "b", "c"}, ""},
		{" a, ,a,b ", []string{"a", "b"}, ""},
		{"a,b,c,d", []string{"a", "b", "c", "d"}, ""},
		{"", nil, "is required: car ids separated by commas"},
		{"a,b,c,d,e", nil, "at most 4 cars can be compared, got 5"},
	}
	for _, tt := range tests {
		got, err := ParseCompareIDs(tt.in)
		if tt.wantErr != "" {
			var e *Error
			if err == nil || ErrorCode(err) != EINVALID || !errors.As(err, &e) || e.Field != "cars" || e.Message != tt.wantErr {
				t.Errorf("ParseCompareIDs(%q): got %v, want invalid cars %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("ParseCompareIDs(%q): got %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

// Issue 32 item 12: a row is marked as differing only when the cars' values
// really differ. Values that read the same (a feed's trailing space or
// capitals) are equal, and a car that does not list an attribute is not a
// difference (the page shows "–": unknown, not another value); a feature
// one car lists and another does not is one ("Yes" against "No").
func TestCompareCarsDiffers(t *testing.T) {
	now := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	site := DefaultSite()
	site.Slug = "s"
	car := func(id, colour, drive string, seats int, features ...string) Car {
		return Car{ID: id, Slug: id, Year: 2021, Make: "Kia", Model: "Rio", Price: 19990, CarType: CarTypeUsed,
			Status: StatusInStock, Colour: colour, Drive: drive, Seats: seats, StandardEquipment: features}
	}
	tests := []struct {
		name    string
		cars    []Car
		key     string
		values  []string
		differs bool
	}{
		{"same colour", []Car{car("a", "White", "", 0), car("b", "White", "", 0)}, "colour", []string{"White", "White"}, false},
		{"same colour, a feed's space and capitals", []Car{car("a", "White ", "", 0), car("b", "white", "", 0)}, "colour", []string{"White", "white"}, false},
		{"same drive, one padded", []Car{car("a", "", "AWD", 0), car("b", "", " AWD", 0)}, "drive", []string{"AWD", "AWD"}, false},
		{"one car lists no colour", []Car{car("a", "White", "", 0), car("b", "", "", 0)}, "colour", []string{"White", ""}, false},
		{"two the same, one unlisted", []Car{car("a", "", "", 5), car("b", "", "", 5), car("c", "", "", 0)}, "seats", []string{"5", "5", ""}, false},
		{"different colours", []Car{car("a", "White", "", 0), car("b", "Red", "", 0)}, "colour", []string{"White", "Red"}, true},
		{"different, one unlisted", []Car{car("a", "", "", 5), car("b", "", "", 7), car("c", "", "", 0)}, "seats", []string{"5", "7", ""}, true},
		{"feature on one car only", []Car{car("a", "", "", 0, "Sunroof"), car("b", "", "", 0)}, "feature:sunroof", []string{"Yes", ""}, true},
		{"feature on both", []Car{car("a", "", "", 0, "Sunroof"), car("b", "", "", 0, "sunroof ")}, "feature:sunroof", []string{"Yes", "Yes"}, false},
		{"same price", []Car{car("a", "", "", 0), car("b", "", "", 0)}, "price", []string{"$19,990", "$19,990"}, false},
	}
	for _, tt := range tests {
		got := CompareCars(tt.cars, site, now)
		i := slices.IndexFunc(got.Rows, func(r CompareRow) bool { return r.Key == tt.key })
		if i < 0 {
			t.Errorf("%s: no %q row", tt.name, tt.key)
			continue
		}
		if r := got.Rows[i]; !slices.Equal(r.Values, tt.values) || r.Differs != tt.differs {
			t.Errorf("%s: got %q differs=%v, want %q differs=%v", tt.name, r.Values, r.Differs, tt.values, tt.differs)
		}
	}
}

// Issue 32 item 3: the compare page's "Weekly estimate" row showed
// "$509 / month" for a Nissan Finance site; the row's label names the
// frequency its figures are in ("Finance estimate" when they differ).
func TestCompareEstimateLabelAgreesWithFigures(t *testing.T) {
	now := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	lender := func(week, month float64) map[string]FinanceLender {
		l := FinanceLender{InterestRate: ptr(7.5), ComparisonRate: ptr(8.1), TermMonths: 60}
		if week > 0 {
			l.PaymentWeek = ptr(week)
		}
		if month > 0 {
			l.PaymentMonth = ptr(month)
		}
		return map[string]FinanceLender{"Angle": l, "Nissan Finance": l, "Car Clarity": l}
	}
	car := func(id string, lenders map[string]FinanceLender) Car {
		return Car{ID: id, Slug: id, Year: 2024, Make: "Mazda", Model: "CX-60", Price: 52990,
			CarType: CarTypeUsed, Status: StatusInStock, FinanceLenders: lenders}
	}
	tests := []struct {
		name     string
		provider string
		cars     []Car
		label    string
		values   []string
	}{
		{"weekly lender", "Angle", []Car{car("a", lender(159, 0)), car("b", lender(171, 0))}, "Weekly estimate", []string{"$159 / week", "$171 / week"}},
		{"monthly lender", "Nissan Finance", []Car{car("a", lender(0, 509)), car("b", lender(0, 611))}, "Monthly estimate", []string{"$509 / month", "$611 / month"}},
		{"weekly and monthly", "Car Clarity", []Car{car("a", lender(159, 0)), car("b", lender(0, 611))}, "Finance estimate", []string{"$159 / week", "$611 / month"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			site := DefaultSite()
			site.Finance.Provider = tt.provider
			got := CompareCars(tt.cars, site, now)
			i := slices.IndexFunc(got.Rows, func(r CompareRow) bool { return r.Key == "weekly" })
			if i < 0 {
				t.Fatalf("no estimate row in %v", got.Rows)
			}
			if r := got.Rows[i]; r.Label != tt.label || !slices.Equal(r.Values, tt.values) {
				t.Errorf("row %q %v, want %q %v", r.Label, r.Values, tt.label, tt.values)
			}
		})
	}
}
