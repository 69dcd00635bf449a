package feed_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"forecourt/functions/feed"
	"forecourt/shared"
)

func ptr(f float64) *float64 { return &f }

// fullCar is a shared.Car with every nested object set, already in the
// normalised form ingestion produces, as the demo seeding and GET /api/cars
// hand it out.
func fullCar() shared.Car {
	return shared.Car{
		ID: "ignored-id", Slug: "ignored-slug", Name: "2021 Toyota Corolla Ascent Sport",
		Year: 2021, Make: "Toyota", Model: "Corolla", Badge: "Ascent Sport", Series: "ZWE211R",
		CarType: shared.CarTypeUsed, Status: shared.StatusInStock, Tag: "Low km", Certified: true, ItemType: "car",
		CreatedAt: time.Date(2026, 2, 1, 8, 30, 0, 0, time.UTC), RegoExpiry: "2026-11-30", BuildDate: "2021-03",
		Price: 27990, PriceType: "drive_away", BeforePrice: 28990, StockNum: "T1001", VIN: "JTDBR32E720012345",
		RegPlate: "ABC123", PaymentProcessors: []string{"stripe"},
		KM: 31200, Colour: "White", InteriorColour: "Black", Seats: 5, Doors: 5, Body: "Hatchback",
		Fuel: "Petrol", SimpleFuel: "Petrol", SimpleBody: "Hatch", SimpleTransmission: "Automatic", Trans: "CVT Automatic",
		Drive: "FWD", EngineSize: "2.0L", Views: 4, HasNVIC: true, Categories: []string{"family"},
		FilteredFeatures: []string{"Reversing Camera"}, DealerComments: "One owner, full history.",
		StandardEquipment: []string{"Cruise control", "Apple CarPlay"},
		Images:            []shared.Image{{URL: "https://img.example/1.jpg"}, {URL: "https://img.example/2.jpg"}},
		PrimaryImageURL:   "https://img.example/1.jpg", PhotosCount: 2,
		DealershipSlug: "north",
		Location: &shared.CarLocation{ID: "loc-1", Name: "North Yard", Slug: "north-yard", Phone: "02 9000 0000",
			Address: &shared.Address{Street: "1 Main St", City: "Parramatta", State: "NSW", Postcode: "2150", Lat: -33.81, Long: 151.0}},
		LocationName: "North Yard", City: "Parramatta", State: "NSW", ShowOnDealerWebsite: true,
		FinanceLenders: map[string]shared.FinanceLender{
			"plenti": {InterestRate: ptr(7.49), ComparisonRate: ptr(8.1), PaymentWeek: ptr(112), TermMonths: 60, Deposit: 2000},
		},
		AutograbData: &shared.AutograbData{StateAverageMarketPrice: 28500, AverageMarketPrice: 28100},
		Variant: &shared.Variant{Cylinders: 4, EngineSize: 1987, EngineSizeLitres: 2.0, Induction: "Aspirated",
			GearType: "CVT", ANCAPRating: 5, BodyConfiguration: "Hatchback"},
		Specifications: &shared.CaravanSpecifications{Sleeps: 2, AxleType: "single"},
	}
}

// Issue 4 "Bodies" (JSON): a feed of shared.Car JSON, as GET /api/cars and
// the demo seeding produce, keeps every nested object: the Car's own names
// ("location", "variant") are read as its fields, not as DMS aliases.
func TestCarJSONRoundTrip(t *testing.T) {
	e := newEnv(t)
	want := fullCar()
	body, err := json.Marshal([]shared.Car{want})
	if err != nil {
		t.Fatal(err)
	}
	if rep := e.ingest(t, feed.ModeFull, "application/json", string(body)); rep.Created != 1 || rep.Rejected != 0 {
		t.Fatalf("report = %+v", rep)
	}
	stored, err := e.cars.StoredCars(context.Background(), "north")
	if err != nil || len(stored) != 1 {
		t.Fatalf("stored = %d cars, %v", len(stored), err)
	}
	got := stored[0].Car
	want.ID, want.Slug = got.ID, got.Slug // assigned by ingestion
	if !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", " ")
		w, _ := json.MarshalIndent(want, "", " ")
		t.Fatalf("DynamoDB car differs from the feed's:\n got %s\nwant %s", g, w)
	}
	rec := e.index.records[got.ID]
	for _, name := range []string{"location", "variant", "finance_lenders", "specifications", "images"} {
		w, _ := json.Marshal(map[string]any{"v": mustField(t, want, name)})
		g, _ := json.Marshal(map[string]any{"v": rec[name]})
		if string(g) != string(w) {
			t.Errorf("index record %s = %s, want %s", name, g, w)
		}
	}
	// The market figures stay in DynamoDB: Go decides the badge
	// (below_market_sites) and the index never holds them (issue 17).
	if _, ok := rec["autograb_data"]; ok {
		t.Errorf("index record carries autograb_data: %v", rec["autograb_data"])
	}
	if rec["location_name"] != "North Yard" || rec["badge"] != "Ascent Sport" {
		t.Errorf("record location_name %v badge %v", rec["location_name"], rec["badge"])
	}
}

func mustField(t *testing.T, c shared.Car, name string) any {
	t.Helper()
	b, _ := json.Marshal(c)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	return m[name]
}

// Issue 4 "Bodies": where a Car field is an object, a text value under its
// name is the DMS column it is in CSV exports ("variant" = badge,
// "location" = yard name), in CSV and JSON alike.
func TestScalarAliasesOfNestedNames(t *testing.T) {
	for _, tc := range []struct{ name, contentType, body string }{
		{"csv", "text/csv", "Stock No,Make,Model,Year,Condition,Variant,Location\nV1,Kia,Rio,2020,used,GT Line,Back lot\n"},
		{"json", "application/json", `[{"stocknum":"V1","make":"Kia","model":"Rio","year":2020,"car_type":"used","variant":"GT Line","location":"Back lot"}]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			e.ingest(t, feed.ModeFull, tc.contentType, tc.body)
			cars, err := e.cars.FindCarsByDealership(context.Background(), "north")
			if err != nil || len(cars) != 1 {
				t.Fatalf("cars = %v, %v", cars, err)
			}
			c := cars[0]
			if c.Badge != "GT Line" || c.LocationName != "Back lot" || c.Variant != nil || c.Location != nil {
				t.Errorf("badge %q location_name %q variant %v location %v", c.Badge, c.LocationName, c.Variant, c.Location)
			}
		})
	}
}

// Issue 4 "Diffing": slugs are year-make-model-badge plus a stock suffix,
// lower-case words joined by single hyphens, with an id part that keeps
// two dealerships' cars with the same stock number apart.
func TestSlug(t *testing.T) {
	for _, tt := range []struct {
		name string
		car  shared.Car
		id   string
		want string
	}{
		{"stock number", shared.Car{Year: 2020, Make: "Toyota", Model: "Corolla", Badge: "Ascent Sport", StockNum: "A100"},
			"abcd1234", "2020-toyota-corolla-ascent-sport-a100-abcd"},
		{"no badge, punctuation", shared.Car{Year: 2019, Make: "Mercedes-Benz", Model: "C300 (AMG)", StockNum: "S/12"},
			"ff001122", "2019-mercedes-benz-c300-amg-s-12-ff00"},
		{"VIN tail without a stock number", shared.Car{Year: 2021, Make: "Kia", Model: "Rio", VIN: "KNADN512AM6123456"},
			"0a0b0c0d", "2021-kia-rio-123456-0a0b"},
	} {
		if got := feed.Slug(tt.car, tt.id); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
	a := shared.Car{Year: 2020, Make: "Kia", Model: "Rio", StockNum: "1"}
	if feed.Slug(a, feed.CarID("north", "stock:1")) == feed.Slug(a, feed.CarID("south", "stock:1")) {
		t.Error("the same stock number at two dealerships got the same slug")
	}
}
