package feed_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"forecourt/functions/feed"
	"forecourt/shared"
)

var now = time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)

// Issue 4 "Validation per row": each rule rejects with its field.
func TestParseRowRules(t *testing.T) {
	base := func() map[string]any {
		return map[string]any{"stocknum": "X1", "make": "toyota", "model": "HILUX", "year": "2021", "car_type": "Used"}
	}
	tests := []struct {
		name  string
		edit  func(map[string]any)
		field string
	}{
		{"valid", func(map[string]any) {}, ""},
		{"vin only", func(m map[string]any) { delete(m, "stocknum"); m["vin"] = "jtdbr32e720123456" }, ""},
		{"no stock or vin", func(m map[string]any) { delete(m, "stocknum") }, "stocknum"},
		{"vin with O", func(m map[string]any) { m["vin"] = "JTDBR32E72012345O" }, "vin"},
		{"short vin", func(m map[string]any) { m["vin"] = "JTDBR32E7" }, "vin"},
		{"no make", func(m map[string]any) { delete(m, "make") }, "make"},
		{"no model", func(m map[string]any) { delete(m, "model") }, "model"},
		{"no year", func(m map[string]any) { delete(m, "year") }, "year"},
		{"year 1899", func(m map[string]any) { m["year"] = "1899" }, "year"},
		{"year next year ok", func(m map[string]any) { m["year"] = "2027" }, ""},
		{"year after next", func(m map[string]any) { m["year"] = "2028" }, "year"},
		{"year text", func(m map[string]any) { m["year"] = "soon" }, "year"},
		{"negative price", func(m map[string]any) { m["price"] = "-1" }, "price"},
		{"negative km", func(m map[string]any) { m["km"] = "-5" }, "km"},
		{"negative seats", func(m map[string]any) { m["seats"] = "-2" }, "seats"},
		{"negative doors", func(m map[string]any) { m["doors"] = "-4" }, "doors"},
		{"bad car type", func(m map[string]any) { m["car_type"] = "vintage" }, "car_type"},
		{"no car type", func(m map[string]any) { delete(m, "car_type") }, "car_type"},
		{"bad bool", func(m map[string]any) { m["certified"] = "maybe" }, "certified"},
		{"lender data (spec 001 §3)", func(m map[string]any) {
			m["finance_lenders"] = map[string]any{"taurus": map[string]any{"interestRate": 8.5, "comparisonRate": 9.1, "termMonths": 60}}
		}, ""},
		{"a lender no site uses is kept", func(m map[string]any) {
			m["finance_lenders"] = map[string]any{"Shark Loans": map[string]any{"interestRate": 8.5}}
		}, ""},
		{"the same provider twice", func(m map[string]any) {
			m["finance_lenders"] = map[string]any{"Taurus": map[string]any{}, "taurus": map[string]any{}}
		}, "finance_lenders.taurus"},
		{"lender rate out of range", func(m map[string]any) {
			m["finance_lenders"] = map[string]any{"Angle": map[string]any{"interestRate": 85, "comparisonRate": 9.1}}
		}, "finance_lenders.Angle.interestRate"},
		{"negative weekly payment", func(m map[string]any) {
			m["finance_lenders"] = map[string]any{"Manual": map[string]any{"paymentWeek": -3}}
		}, "finance_lenders.Manual.paymentWeek"},
		{"lender term too long", func(m map[string]any) {
			m["finance_lenders"] = map[string]any{"AusLoans": map[string]any{"termMonths": 240}}
		}, "finance_lenders.AusLoans.termMonths"},
		{"lender rate as text", func(m map[string]any) {
			m["finance_lenders"] = map[string]any{"Angle": map[string]any{"interestRate": "eight"}}
		}, "finance_lenders.Angle.interestRate"},
		{"lender data not an object", func(m map[string]any) { m["finance_lenders"] = []any{} }, "finance_lenders"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := base()
			tc.edit(m)
			_, err := feed.ParseRow(feed.Row{Num: 7, Fields: m}, "d", now)
			switch {
			case tc.field == "" && err != nil:
				t.Fatalf("rejected: %v", err)
			case tc.field != "" && (err == nil || err.Field != tc.field || err.Row != 7):
				t.Fatalf("err = %v, want row 7 field %s", err, tc.field)
			}
		})
	}
}

// Issue 4 "normalisation": canonical make and model casing, simple fields derived.
// Issue 10: feeds carry finance_lenders keyed by provider; keys take the
// spec's spelling so the site's provider finds them.
func TestParseRowLenders(t *testing.T) {
	c, err := feed.ParseRow(feed.Row{Num: 1, Fields: map[string]any{
		"stocknum": "X1", "make": "Nissan", "model": "X-Trail", "year": "2022", "car_type": "used",
		"finance_lenders": map[string]any{"nissan_finance": map[string]any{"interestRate": 6.99, "comparisonRate": 7.4, "paymentMonth": 689.5, "disclaimer": " Nissan Financial Services terms. "}},
	}}, "d", now)
	if err != nil {
		t.Fatal(err)
	}
	l, ok := c.FinanceLenders["Nissan Finance"]
	if !ok || *l.PaymentMonth != 689.5 || l.Disclaimer != "Nissan Financial Services terms." {
		t.Errorf("lenders %+v, want Nissan Finance with its monthly payment", c.FinanceLenders)
	}
}

// Spec 001 §9: caravan body sizes given in feet are stored in metres (0.3048).
func TestParseRowCaravanFeet(t *testing.T) {
	row := func(unit string) feed.Row {
		return feed.Row{Num: 1, Fields: map[string]any{
			"stocknum": "V1", "make": "Jayco", "model": "Journey", "year": "2021", "car_type": "used",
			"specifications": map[string]any{"body_length": 21, "body_width": 7.5, "dimension_unit": unit},
		}}
	}
	c, err := feed.ParseRow(row("ft"), "d", now)
	if err != nil {
		t.Fatal(err)
	}
	if s := c.Specifications; s.BodyLength != 6.4 || s.BodyWidth != 2.29 || s.DimensionUnit != "m" {
		t.Errorf("specifications %+v, want 6.4 × 2.29 m", s)
	}
	if _, err := feed.ParseRow(row("cubits"), "d", now); err == nil || !strings.Contains(err.Error(), "specifications.dimension_unit") {
		t.Errorf("unknown unit: err %v, want one naming specifications.dimension_unit", err)
	}
}

func TestParseRowNormalises(t *testing.T) {
	c, err := feed.ParseRow(feed.Row{Num: 1, Fields: map[string]any{
		"stocknum": "X1", "make": "MERCEDES BENZ", "model": "cx-5", "year": "2021", "car_type": "Demonstrator",
		"body": "4D SEDAN", "fuel": "Petrol - Premium ULP", "trans": "8 SP AUTOMATIC", "status": "Sold",
		"price": "$45,990", "km": "12,000 km", "images": "https://a/1.jpg|https://a/2.jpg",
	}}, "d", now)
	if err != nil {
		t.Fatal(err)
	}
	want := shared.Car{Make: "Mercedes-Benz", Model: "CX-5", CarType: shared.CarTypeDemo, Sold: true, Status: shared.StatusSold,
		Price: 45990, KM: 12000, SimpleTransmission: "Automatic", PrimaryImageURL: "https://a/1.jpg", PhotosCount: 2}
	got := shared.Car{Make: c.Make, Model: c.Model, CarType: c.CarType, Sold: c.Sold, Status: c.Status, Price: c.Price, KM: c.KM,
		SimpleTransmission: c.SimpleTransmission, PrimaryImageURL: c.PrimaryImageURL, PhotosCount: c.PhotosCount}
	if got.Make != want.Make || got.Model != want.Model || got.CarType != want.CarType || !got.Sold || got.Status != want.Status ||
		got.Price != want.Price || got.KM != want.KM || got.SimpleTransmission != want.SimpleTransmission ||
		got.PrimaryImageURL != want.PrimaryImageURL || got.PhotosCount != 2 || c.SimpleBody == "" || c.SimpleFuel == "" {
		t.Errorf("got %+v (simple body %q fuel %q)", got, c.SimpleBody, c.SimpleFuel)
	}
}

// Spec 001 §3: a feed's make is normalised through the built-in manufacturer
// list, so "TOYOTA" and "toyota" index as one Toyota make facet value.
func TestParseRowMakeFromManufacturerList(t *testing.T) {
	tests := []struct{ raw, want string }{
		{"TOYOTA", "Toyota"},
		{"toyota", "Toyota"},
		{" Land-Rover ", "Land Rover"},
		{"VW", "Volkswagen"},
		{"great wall", "GWM"},
		{"mclaren", "McLaren"},
		{"some new brand", "Some New Brand"}, // not in the list: words capitalised
	}
	for _, tt := range tests {
		c, err := feed.ParseRow(feed.Row{Num: 1, Fields: map[string]any{
			"stocknum": "M1", "make": tt.raw, "model": "Thing", "year": "2021", "car_type": "used",
		}}, "d", now)
		if err != nil {
			t.Fatal(err)
		}
		if c.Make != tt.want {
			t.Errorf("make %q indexed as %q, want %q", tt.raw, c.Make, tt.want)
		}
	}
}

// Issue 4: per-provider column mapping wins over the usual names.
func TestProviderColumns(t *testing.T) {
	body, err := feed.DecodeCSV(strings.NewReader("Ref,Marque,Range,MY,Kind\nR1,Kia,Rio,2020,used\n"),
		feed.Columns{"Ref": "stocknum", "Marque": "make", "Range": "model", "MY": "year", "Kind": "car_type"}, 10)
	if err != nil || len(body.Rows) != 1 {
		t.Fatalf("%+v %v", body, err)
	}
	if _, rowErr := feed.ParseRow(body.Rows[0], "d", now); rowErr != nil {
		t.Fatal(rowErr)
	}
}

func FuzzDecodeCSV(f *testing.F) {
	f.Add("\xef\xbb\xbfStock No,Make,Model,Year,Condition\r\nA1,\"Kia, Motors\",Rio,2020,used\r\n\r\n")
	f.Add("stocknum,price\n\"unterminated,1\n")
	f.Add(",,,\n,,,\n")
	f.Add("vin,km\nJTDBR32E720123456,\"1,000\"\n")
	f.Fuzz(func(t *testing.T, in string) {
		body, err := feed.DecodeCSV(strings.NewReader(in), nil, 100)
		if err != nil {
			if shared.ErrorCode(err) == shared.EINTERNAL {
				t.Fatalf("internal error for bad input: %v", err)
			}
			return
		}
		for _, row := range body.Rows {
			feed.ParseRow(row, "d", now) // must not panic
		}
	})
}

func FuzzDecodeJSON(f *testing.F) {
	f.Add(`[{"stocknum":"A","make":"Kia","model":"Rio","year":2020,"car_type":"used","images":["x",{"url":"y"}]}]`)
	f.Add(`{"cars":[1,"x",null,{}],"mode":"delta","remove":["A"]}`)
	f.Add(`{"cars":[{"year":1e400,"price":"NaN","km":-0}]}`)
	f.Add(`[{"location":"yard","variant":3,"finance_lenders":[]}]`)
	f.Fuzz(func(t *testing.T, in string) {
		body, err := feed.DecodeJSON(strings.NewReader(in), nil, 100)
		if err != nil {
			if shared.ErrorCode(err) == shared.EINTERNAL {
				t.Fatalf("internal error for bad input: %v", err)
			}
			return
		}
		for _, row := range body.Rows {
			feed.ParseRow(row, "d", now)
		}
	})
}

// DESIGN.md quality bar "bad input gets a clear error (status, field,
// reason)": a feed body of the wrong JSON shape names the field and what
// was expected in JSON's terms, never a Go type.
func TestDecodeJSONShapeErrors(t *testing.T) {
	for _, tt := range []struct {
		in, field, want string
	}{
		{`{"cars": 5}`, "cars", "expected an array, got JSON number"},
		{`{"cars": [], "mode": true}`, "mode", "expected a string, got JSON bool"},
		{`{"cars": [], "remove": [1]}`, "remove", "expected a string, got JSON number"},
		{`[1, 2`, "body", "invalid JSON"},
	} {
		_, err := feed.DecodeJSON(strings.NewReader(tt.in), nil, 100)
		var e *shared.Error
		if !errors.As(err, &e) || e.Code != shared.EINVALID || e.Field != tt.field || !strings.Contains(e.Message, tt.want) {
			t.Errorf("%s: got %v, want invalid %s: %s", tt.in, err, tt.field, tt.want)
		}
		if e != nil && strings.Contains(e.Message, "json.") {
			t.Errorf("%s: message %q names a Go type", tt.in, e.Message)
		}
	}
}

// Issue 31 "unbounded reads per request": a CSV header of 10,000 columns,
// or a header or car longer than one record's limit, is refused with an
// error naming the limit; a header at the column limit is read.
func TestDecodeCSVBoundsColumnsAndRecords(t *testing.T) {
	columns := func(n int) string {
		cols := make([]string, n)
		for i := range cols {
			cols[i] = "extra" + strings.Repeat("x", i%3)
		}
		cols[0] = "stocknum"
		return strings.Join(cols, ",")
	}
	long := strings.Repeat("y", feed.MaxCSVRecordBytes+8<<10) // past the reader's 4 KB read-ahead
	for _, tt := range []struct {
		name     string
		csv      string
		wantCode string // "" for no error
		wantMsg  string
	}{
		{"10,000 header columns", columns(10_000) + "\nS1\n", shared.EINVALID, "the CSV header has 10000 columns; at most 1000 are allowed"},
		{"a header at the column limit", columns(feed.MaxCSVColumns) + "\nS1\n", "", ""},
		{"a header longer than a record", "stocknum," + long + "\nS1\n", shared.ETOOLARGE, "the CSV header is longer than 256 KB"},
		{"a car longer than a record", "stocknum,make\nS1,Kia\nS2,\"" + long + "\"\n", shared.ETOOLARGE, "CSV record 2 (after the header) is longer than 256 KB"},
	} {
		body, err := feed.DecodeCSV(strings.NewReader(tt.csv), nil, 100)
		if tt.wantCode == "" {
			if err != nil || len(body.Rows) != 1 {
				t.Errorf("%s: %d rows, %v; want 1 row", tt.name, len(body.Rows), err)
			}
			continue
		}
		var e *shared.Error
		if !errors.As(err, &e) || e.Code != tt.wantCode || !strings.Contains(e.Message, tt.wantMsg) {
			t.Errorf("%s: got %v, want %s containing %q", tt.name, err, tt.wantCode, tt.wantMsg)
		}
	}
}
