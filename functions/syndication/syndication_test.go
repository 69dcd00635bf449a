package syndication

import (
	"bytes"
	"encoding/csv"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"forecourt/functions/demo"
	"forecourt/functions/tenantfile"
	"forecourt/shared"
)

var update = flag.Bool("update", false, "rewrite testdata/golden/* from the current output")

func testSite() shared.Site {
	s := shared.DefaultSite()
	s.Slug, s.Name = "acme-cars", "Acme Cars"
	s.Domains = []string{"www.acme.example"}
	s.Dealerships = []shared.Dealership{{ID: "d1", Slug: "acme", Name: "Acme Motors", StoreCode: "ACME01"}}
	s.Locations = []shared.Location{{ID: "l1", Name: "Acme Yard", Slug: "acme-yard", Primary: true, DealershipSlug: "acme",
		Address: shared.Address{Street: "1 Main St", City: "Southport", State: "QLD", Postcode: "4215", Lat: -27.97, Long: 153.41}}}
	return s
}

// completeCar has every field every format requires.
func completeCar() shared.Car {
	return shared.Car{
		ID: "c1", Slug: "2021-toyota-corolla-c1", Year: 2021, Make: "Toyota", Model: "Corolla", Badge: "Ascent Sport",
		CarType: shared.CarTypeUsed, Status: shared.StatusInStock, Price: 24990, VIN: "JTDBR32E720123456", KM: 35120,
		Colour: "White", Body: "Hatchback", SimpleBody: shared.BodyHatch, SimpleFuel: shared.FuelPetrol, Fuel: "Petrol",
		SimpleTransmission: shared.TransmissionAutomatic, Drive: "Front Wheel Drive", StockNum: "S123",
		PrimaryImageURL: "/media/photos/c1/1.jpg", Images: []shared.Image{{URL: "/media/photos/c1/1.jpg"}, {URL: "/media/photos/c1/2.jpg"}},
		DealershipSlug: "acme", CreatedAt: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC),
	}
}

// parse reads a feed back into header -> value maps, one per row.
func parse(t *testing.T, f Format, body []byte) []map[string]string {
	t.Helper()
	r := csv.NewReader(bytes.NewReader(body))
	if f == Google {
		r.Comma = '\t'
		r.LazyQuotes = true
	}
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatalf("%s feed does not parse: %v\n%s", f, err, body)
	}
	var out []map[string]string
	for _, rec := range recs[1:] {
		m := map[string]string{}
		for i, h := range recs[0] {
			m[h] = rec[i]
		}
		out = append(out, m)
	}
	return out
}

// Issue 37: a complete car is listed by every format with each field the
// format requires, its links absolute on the dealer's primary domain over
// HTTPS and its mirrored photos at a width the platform takes.
func TestBuildCompleteCar(t *testing.T) {
	tests := []struct {
		format Format
		want   map[string]string
	}{
		{Google, map[string]string{
			"vin": "JTDBR32E720123456", "store_code": "ACME01", "dealership_name": "Acme Motors",
			"dealership_address": "1 Main St, Southport, QLD 4215, AU", "link": "https://www.acme.example/cars/2021-toyota-corolla-c1",
			"image_link": "https://www.acme.example/media/photos/c1/1.jpg?w=1280", "additional_image_link": "https://www.acme.example/media/photos/c1/2.jpg?w=1280",
			"price": "24990.00 AUD", "condition": "used", "make": "Toyota", "model": "Corolla", "trim": "Ascent Sport", "year": "2021",
			"mileage": "35120 km", "exterior_color": "White", "body_style": "hatchback", "fuel": "gasoline", "transmission": "automatic",
			"id": "S123", "date_in_stock": "2026-11-01",
		}},
		{Meta, map[string]string{
			"vehicle_id": "c1", "title": "2021 Toyota Corolla Ascent Sport", "url": "https://www.acme.example/cars/2021-toyota-corolla-c1",
			"make": "Toyota", "model": "Corolla", "year": "2021", "mileage.value": "35120", "mileage.unit": "KM",
			"image[0].url": "https://www.acme.example/media/photos/c1/1.jpg?w=960", "image[1].url": "https://www.acme.example/media/photos/c1/2.jpg?w=960",
			"body_style": "HATCHBACK", "drivetrain": "FWD", "fuel_type": "PETROL", "transmission": "AUTOMATIC", "vin": "JTDBR32E720123456",
			"state_of_vehicle": "USED", "price": "24990.00 AUD", "availability": "AVAILABLE", "address.addr1": "1 Main St",
			"address.city": "Southport", "address.region": "QLD", "address.postal_code": "4215", "address.country": "AU",
			"latitude": "-27.970000", "longitude": "153.410000", "exterior_color": "White",
			"description": "Used 2021 Toyota Corolla Ascent Sport, 35,120 km, Hatchback, Automatic, Petrol, White. Available at Acme Motors.",
		}},
		{TikTok, map[string]string{
			"vehicle_id": "c1", "title": "2021 Toyota Corolla Ascent Sport", "url": "https://www.acme.example/cars/2021-toyota-corolla-c1",
			"make": "Toyota", "model": "Corolla", "year": "2021", "mileage.value": "35120", "mileage.unit": "KM",
			"image_link": "https://www.acme.example/media/photos/c1/1.jpg?w=960", "body_style": "HATCHBACK", "vin": "JTDBR32E720123456",
			"state_of_vehicle": "USED", "price": "24990.00 AUD", "transmission": "AUTOMATIC",
			"description": "Used 2021 Toyota Corolla Ascent Sport, 35,120 km, Hatchback, Automatic, Petrol, White. Available at Acme Motors.",
		}},
	}
	for _, tt := range tests {
		t.Run(string(tt.format), func(t *testing.T) {
			res, err := Build(tt.format, Input{Site: testSite(), Dealership: testSite().Dealerships[0], Cars: []shared.Car{completeCar()}})
			if err != nil {
				t.Fatal(err)
			}
			if res.Listed != 1 || len(res.Dropped) != 0 {
				t.Fatalf("listed %d, dropped %+v; want the car listed", res.Listed, res.Dropped)
			}
			rows := parse(t, tt.format, res.Body)
			if len(rows) != 1 {
				t.Fatalf("%d rows, want 1", len(rows))
			}
			for k, want := range tt.want {
				if got, ok := rows[0][k]; !ok || got != want {
					t.Errorf("%s = %q (column present: %v), want %q", k, got, ok, want)
				}
			}
		})
	}
}

// Issue 37: a car that lacks what a format requires is dropped by that
// format with its reason (the stock health report), and listed by the
// formats that do not require it.
func TestBuildDropsWithReasons(t *testing.T) {
	tests := []struct {
		name   string
		change func(c *shared.Car)
		want   map[Format][]Reason // a format not named lists the car
	}{
		{"no VIN: Google requires one; Meta and TikTok outside the US do not", func(c *shared.Car) { c.VIN = "" },
			map[Format][]Reason{Google: {NoVIN}}},
		{"invalid VIN", func(c *shared.Car) { c.VIN = "JTDBR32E72O123456" },
			map[Format][]Reason{Google: {InvalidVIN}, Meta: {InvalidVIN}, TikTok: {InvalidVIN}}},
		{"North American VIN with a wrong check digit", func(c *shared.Car) { c.VIN = "1M8GDM9A1KP042788" },
			map[Format][]Reason{Google: {InvalidVIN}, Meta: {InvalidVIN}, TikTok: {InvalidVIN}}},
		{"no photo", func(c *shared.Car) { c.PrimaryImageURL, c.Images = "", nil },
			map[Format][]Reason{Google: {NoPhoto}, Meta: {NoPhoto}, TikTok: {NoPhoto}}},
		{"a placeholder photo only", func(c *shared.Car) {
			c.PrimaryImageURL, c.Images = "/media/demo/placeholder.svg", []shared.Image{{URL: "/media/demo/placeholder.svg"}}
		}, map[Format][]Reason{Google: {PlaceholderPhoto}, Meta: {PlaceholderPhoto}, TikTok: {PlaceholderPhoto}}},
		{"no price", func(c *shared.Car) { c.Price = 0 },
			map[Format][]Reason{Google: {NoPrice}, Meta: {NoPrice}, TikTok: {NoPrice}}},
		{"a price under the display threshold (spec 001 §5)", func(c *shared.Car) { c.Price = 10 },
			map[Format][]Reason{Google: {NoPrice}, Meta: {NoPrice}, TikTok: {NoPrice}}},
		{"no make or model", func(c *shared.Car) { c.Make, c.Model = "", "" },
			map[Format][]Reason{Google: {NoMake, NoModel}, Meta: {NoMake, NoModel}, TikTok: {NoMake, NoModel}}},
		{"a used car without km", func(c *shared.Car) { c.KM = 0 },
			map[Format][]Reason{Google: {NoMileage}, Meta: {NoMileage}, TikTok: {NoMileage}}},
		{"a new car without km is fine", func(c *shared.Car) { c.KM, c.CarType = 0, shared.CarTypeNew }, nil},
		{"a motorhome: outside Google's and Meta's body styles, TikTok's OTHER", func(c *shared.Car) { c.Body, c.SimpleBody = "Motorhome", shared.BodyMotorhome },
			map[Format][]Reason{Google: {BodyType}, Meta: {BodyType}}},
		{"no body: optional for Google only", func(c *shared.Car) { c.Body, c.SimpleBody = "", "" },
			map[Format][]Reason{Meta: {BodyType}, TikTok: {BodyType}}},
		{"reserved: Meta marks it PENDING, the others leave it out", func(c *shared.Car) { c.Reserved = true },
			map[Format][]Reason{Google: {Reserved}, TikTok: {Reserved}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := completeCar()
			tt.change(&c)
			for _, f := range Formats {
				res, err := Build(f, Input{Site: testSite(), Dealership: testSite().Dealerships[0], Cars: []shared.Car{c}})
				if err != nil {
					t.Fatal(err)
				}
				want := tt.want[f]
				var got []Reason
				if len(res.Dropped) == 1 {
					got = res.Dropped[0].Reasons
					if res.Dropped[0].CarID != "c1" || res.Dropped[0].Slug != c.Slug {
						t.Errorf("%s: drop names %+v", f, res.Dropped[0])
					}
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s: reasons %v, want %v", f, got, want)
				}
				if wantListed := len(want) == 0; (res.Listed == 1) != wantListed || len(parse(t, f, res.Body)) != res.Listed {
					t.Errorf("%s: listed %d, rows %d; want listed=%v", f, res.Listed, len(parse(t, f, res.Body)), wantListed)
				}
			}
		})
	}
}

// Issue 37: sold cars are in no feed; a reserved car is PENDING on Meta.
func TestBuildSoldAndReserved(t *testing.T) {
	sold := completeCar()
	sold.Sold, sold.Status = true, shared.StatusSold
	reserved := completeCar()
	reserved.ID, reserved.Slug, reserved.Reserved = "c2", "c2", true
	for _, f := range Formats {
		res, err := Build(f, Input{Site: testSite(), Dealership: testSite().Dealerships[0], Cars: []shared.Car{sold, reserved}})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range res.Dropped {
			if d.CarID == "c1" {
				t.Errorf("%s reports the sold car as dropped: a sold car is not stock", f)
			}
		}
		rows := parse(t, f, res.Body)
		if f == Meta {
			if len(rows) != 1 || rows[0]["availability"] != "PENDING" || rows[0]["vehicle_id"] != "c2" {
				t.Errorf("meta rows %v, want the reserved car only, PENDING", rows)
			}
		} else if len(rows) != 0 {
			t.Errorf("%s rows %v, want none", f, rows)
		}
	}
}

// Issue 37: a dealer's description template replaces the default, and
// values that would break a row (tabs, line breaks, commas, quotes) stay
// inside their cell.
func TestBuildDescriptionTemplateAndEscaping(t *testing.T) {
	s := testSite()
	s.Syndication = &shared.SyndicationConfig{Meta: shared.FeedFormatConfig{DescriptionTemplate: "{{.Title}} at {{.Dealership}}: {{.Comments}}"}}
	c := completeCar()
	c.DealerComments = "One owner,\n\"full\"\tservice history"
	c.Colour = "Red,\tmetallic"
	for _, f := range Formats {
		res, err := Build(f, Input{Site: s, Dealership: s.Dealerships[0], Cars: []shared.Car{c}})
		if err != nil {
			t.Fatal(err)
		}
		rows := parse(t, f, res.Body)
		if len(rows) != 1 {
			t.Fatalf("%s: %d rows, want 1:\n%s", f, len(rows), res.Body)
		}
		if got := rows[0]["exterior_color"]; got != "Red, metallic" {
			t.Errorf("%s exterior_color = %q, want %q", f, got, "Red, metallic")
		}
		if f == Meta {
			want := `2021 Toyota Corolla Ascent Sport at Acme Motors: One owner, "full" service history`
			if got := rows[0]["description"]; got != want {
				t.Errorf("meta description = %q, want %q", got, want)
			}
		}
	}
}

// Issue 37: golden files per format from the demo stock of each demo
// tenant (go test -update rewrites them).
func TestGoldenDemoFeeds(t *testing.T) {
	sites, err := tenantfile.Load("../../infra/tenants")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
	for _, site := range sites {
		for _, d := range site.Dealerships {
			cars := demo.Stock(d, site.Stock.CarTypes, 12, now)
			for _, f := range Formats {
				if !f.Enabled(site) {
					t.Errorf("%s: %s is off; the demo tenants publish every format", site.Slug, f)
					continue
				}
				res, err := Build(f, Input{Site: site, Dealership: d, Cars: cars})
				if err != nil {
					t.Fatal(err)
				}
				name := filepath.Join("testdata", "golden", site.Slug, d.Slug+"."+string(f)+"."+f.Ext())
				if *update {
					if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(name, res.Body, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				want, err := os.ReadFile(name)
				if err != nil {
					t.Fatalf("%v (go test -run TestGoldenDemoFeeds -update writes it)", err)
				}
				if !bytes.Equal(res.Body, want) {
					t.Errorf("%s differs from the current output (go test -update rewrites it)", name)
				}
				if rows := parse(t, f, res.Body); len(rows) != res.Listed || res.Listed == 0 {
					t.Errorf("%s: %d rows, listed %d", name, len(rows), res.Listed)
				}
				if !strings.HasPrefix(string(res.Body), googleSpec.header[0]) && f == Google {
					t.Errorf("%s does not start with Google's vin header", name)
				}
			}
		}
	}
}

// Issue 37: the stock health report names, per format the site publishes,
// the cars dropped and counts them by reason; a format the site does not
// publish is not in it.
func TestBuildAllHealth(t *testing.T) {
	s := testSite()
	s.Syndication = &shared.SyndicationConfig{Google: shared.FeedFormatConfig{Enabled: true}, Meta: shared.FeedFormatConfig{Enabled: true}}
	noVIN, noPrice, ok := completeCar(), completeCar(), completeCar()
	noVIN.ID, noVIN.Slug, noVIN.VIN = "a", "a", ""
	noPrice.ID, noPrice.Slug, noPrice.Price = "b", "b", 0
	now := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	results, h, err := BuildAll(Input{Site: s, Dealership: s.Dealerships[0], Cars: []shared.Car{noVIN, noPrice, ok}}, now)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 2 || len(h.Formats) != 2 {
		t.Fatalf("formats %d/%d, want google and meta only", len(results), len(h.Formats))
	}
	tests := []struct {
		got, want string
	}{
		{h.Formats[0].Summary(), "google: 1 listed, 2 dropped (no_vin 1, no_price 1)"},
		{h.Formats[1].Summary(), "meta: 2 listed, 1 dropped (no_price 1)"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("summary %q, want %q", tt.got, tt.want)
		}
	}
	if got := Counts(h); got["google"] != 2 || got["meta"] != 1 || len(got) != 2 {
		t.Errorf("counts %v", got)
	}
	if h.Site != "acme-cars" || h.Dealership != "acme" || !h.BuiltAt.Equal(now) {
		t.Errorf("report names %q %q %v", h.Site, h.Dealership, h.BuiltAt)
	}
}
