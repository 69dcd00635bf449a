package seo

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"forecourt/shared"
)

var update = flag.Bool("update", false, "rewrite testdata/heads/*.html from the current output")

// Issue 14 "golden files for each page type's head, reviewed by hand once":
// the whole rendered shell of each page type is compared with its file in
// testdata/heads; `go test ./seo -run TestHeadGolden -update` rewrites them,
// and the diff is what a reviewer reads.
func TestHeadGolden(t *testing.T) {
	p := func(path string) Page {
		return Page{Site: riverside(), Origin: "https://riverside.example", Path: path}
	}
	car := corolla()
	view := shared.CarView{Available: true, Price: shared.PriceDisplay{Text: "$24,990", HasPrice: true, PriceType: "Drive Away"}}
	sold := car
	sold.ID, sold.Slug = "old", "2017-toyota-corolla-old"
	sold.Year = 2017
	other := car
	other.ID, other.Slug, other.Badge = "c2", "2022-toyota-corolla-sx-def", "SX"
	other.Year = 2022
	site := riverside()
	// A car page painted before its scripts run (issue 14): the header, a
	// tag, the price block with every part, and the gallery's first photo.
	// Its menu (as the app's Header renders it, dropdowns closed): the
	// site's navigation with a models dropdown, a group and a phone link,
	// then the Locations dropdown.
	painted := func() Head {
		page := p("/cars/" + car.Slug)
		page.Site.Manufacturer = &shared.Manufacturer{Name: "Toyota"}
		page.Site.Navigation = []shared.NavItem{{Label: "Home", Path: "/"},
			{Label: "Vehicles", Path: "/search/new-cars", Models: true, Children: []shared.NavItem{{Label: "Demo Cars", Path: "/search/demo-cars"}}},
			{Label: "Our Stock", Path: "/cars/"},
			{Label: "Service", Path: "/service", Children: []shared.NavItem{{Label: "Book a service", Path: "/service"}, {Label: "Parts", Path: "/vehicle-parts-and-accessories"}}},
			{Label: "Call us", Path: "tel:0730000000"}}
		full := shared.CarView{Available: true, Tag: shared.CardTag{Kind: shared.TagNew, Text: "New Arrival"},
			Price:     shared.PriceDisplay{Text: "$24,990", HasPrice: true, WasText: "$26,990", PriceType: "Drive Away"},
			Market:    &shared.MarketComparison{},
			Finance:   &shared.FinanceEstimate{Frequency: "weekly", AmountText: "$98"},
			Certified: &shared.CertifiedBadge{Title: "Toyota Certified Pre-Owned"}}
		h := page.Car(CarFacts{Car: car, View: full})
		h.Theme = &site.Theme
		h.Paint = page.CarPaint(car, full)
		return h
	}
	// A sold car with no photo: the sold notice and the gallery's placeholder.
	soldPainted := func() Head {
		page := p("/cars/" + car.Slug)
		c := car
		c.PrimaryImageURL, c.Images = "", nil
		v := shared.CarView{Tag: shared.CardTag{Kind: shared.TagSold, Text: "SOLD"}, Price: shared.PriceDisplay{Text: "$24,990", HasPrice: true},
			Actions: []shared.CarAction{{Kind: shared.ActionFindSimilar, Label: "Find Me Something Similar", Href: "/search/Toyota/Corolla"}}}
		s := site
		s.Texts.SoldNotice, s.Texts.NewArrival = "Unfortunately this vehicle recently sold.", "New Arrival"
		page.Site = s
		h := page.Car(CarFacts{Car: c, View: v})
		h.Paint = page.CarPaint(c, v)
		return h
	}
	// The home page painted: today's slides (one not started yet is left
	// out), the first in view, and the heading; the menu of a site with no
	// navigation of its own (Our Stock and its car types) whose Locations
	// control is a link; the quick search with the stats' makes and models.
	homePainted := func() Head {
		s := site
		s.Stock.CarTypes = []shared.CarType{shared.CarTypeNew, shared.CarTypeUsed}
		s.Header.LocationsLink = true
		s.Home = shared.HomeConfig{SlideWidth: 1920, SlideHeight: 540, Slides: []shared.PromoTile{
			{ID: "a", Title: "Finance that fits", Body: "Work out your repayments.", Background: "linear-gradient(90deg, #7f1d1d, #c00000)", LinkPath: "/finance"},
			{ID: "b", Title: "Not yet", Background: "#111", Start: "2999-01-01"},
			{ID: "c", Title: "Service", ImageURL: "/media/slides/service.jpg", Alt: "Our workshop", Background: "url(x) ; color: red", LinkPath: "https://example.com/service"},
		}}
		page := Page{Site: s, Origin: "https://riverside.example", Path: "/"}
		h := page.Home()
		h.Paint = page.HomePaint(time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC), quickStats)
		return h
	}
	// The listing of all stock painted (issue 14): heading and count,
	// toolbar, body tiles and the first three cards, the first's photo
	// preloaded.
	listingPainted := func() Head {
		page := Page{Site: listingSite(), Origin: "https://riverside.example", Path: ListingPath}
		h := page.Listing(Listing{}, 42)
		h.Paint = page.ListingPaint(Listing{}, nil, listingResults(t), listingSearch, listingNow)
		h.LCPImage = h.Paint.LCPImage()
		return h
	}
	for _, tt := range []struct {
		name string
		head Head
	}{
		{"home", p("/").Home()},
		{"listing", p("/search/Toyota/Corolla/").Listing(Listing{Make: "Toyota", Model: "Corolla"}, 2)},
		{"car", p("/cars/" + car.Slug).Car(CarFacts{Car: car, View: view})},
		{"car-painted", painted()},
		{"home-painted", homePainted()},
		{"car-painted-sold", soldPainted()},
		{"listing-painted", listingPainted()},
		{"sold", p("/cars/"+sold.Slug).Sold(sold, []shared.Car{other})},
		{"location", p("/contact-us/sales").Location(site.Locations[0])},
		{"offer", p("/offers/toyota/o1").Offer(shared.OfferView{Offer: shared.Offer{ID: "o1", Name: "Corolla drive away deal"}, DescriptionShort: "Drive away from $29,990.", Path: "/offers/toyota/o1"})},
		{"content", p("/about-us").Content("About us", "Family owned since 1975.")},
		{"notfound", p("/no-such-page").NotFound()},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.head.Preconnect = "https://search.example"
			got := render(t, tt.head)
			file := filepath.Join("testdata", "heads", tt.name+".html")
			if *update {
				if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run with -update once, then review the file)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from %s (run with -update and review the diff):\n%s", tt.name, file, got)
			}
		})
	}
}

// Google's vehicle listing structured data (README "Structured data"): one
// case per required field, each read back from the rendered page as a
// crawler reads it, and each gone when its data is missing rather than
// written empty.
func TestCarRichResultsRequiredFields(t *testing.T) {
	p := Page{Site: riverside(), Origin: "https://riverside.example", Path: "/cars/x"}
	view := shared.CarView{Available: true, Price: shared.PriceDisplay{Text: "$24,990", HasPrice: true}}
	carLD := func(c shared.Car) map[string]any {
		return jsonLD(t, render(t, p.Car(CarFacts{Car: c, View: view})))[0]
	}
	get := func(m map[string]any, path string) any {
		var v any = m
		for _, k := range strings.Split(path, ".") {
			obj, _ := v.(map[string]any)
			v = obj[k]
		}
		return v
	}
	for _, tt := range []struct {
		field string // Google's name
		path  string // where the Car carries it
		want  any
		clear func(*shared.Car)
	}{
		{"VIN", "vehicleIdentificationNumber", "JTNKU3JE60J012345", func(c *shared.Car) { c.VIN = "" }},
		{"make", "brand.name", "Toyota", func(c *shared.Car) { c.Make = "" }},
		{"model", "model", "Corolla", func(c *shared.Car) { c.Model = "" }},
		{"trim", "vehicleConfiguration", "Ascent Sport", func(c *shared.Car) { c.Badge = "" }},
		{"year", "vehicleModelDate", "2021", func(c *shared.Car) { c.Year = 0 }},
		{"condition", "itemCondition", ConditionUsed, nil},
		{"mileage", "mileageFromOdometer.unitCode", "KMT", nil},
		{"price", "offers.price", 24990.0, func(c *shared.Car) { c.Price = 0 }},
		{"currency", "offers.priceCurrency", "AUD", func(c *shared.Car) { c.Price = 0 }},
		{"dealership name", "offers.seller.name", "Riverside Toyota Sales", func(c *shared.Car) { c.Price = 0 }},
		{"dealership address", "offers.seller.address.streetAddress", "1 River Rd", func(c *shared.Car) { c.Price = 0 }},
		{"image", "image", []any{"https://riverside.example/media/cars/c1/1.jpg", "https://cdn.example/c1/2.jpg"}, func(c *shared.Car) { c.PrimaryImageURL, c.Images = "", nil }},
	} {
		t.Run(tt.field, func(t *testing.T) {
			got := get(carLD(corolla()), tt.path)
			if !equalJSON(got, tt.want) {
				t.Errorf("%s (%s): got %v, want %v", tt.field, tt.path, got, tt.want)
			}
			if tt.clear == nil {
				return
			}
			c := corolla()
			tt.clear(&c)
			if v := get(carLD(c), tt.path); v != nil {
				t.Errorf("%s without its data: got %v, want the field left out", tt.field, v)
			}
		})
	}
}

func equalJSON(a, b any) bool {
	as, aok := a.([]any)
	bs, bok := b.([]any)
	if aok || bok {
		if len(as) != len(bs) {
			return false
		}
		for i := range as {
			if as[i] != bs[i] {
				return false
			}
		}
		return true
	}
	return a == b
}
