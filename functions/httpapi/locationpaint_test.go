package httpapi

import (
	"bytes"
	"encoding/json"
	"flag"
	"regexp"
	"strings"
	"testing"

	"forecourt/functions/seo"
	"forecourt/shared"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/location-painted.* from the current output")

// locationFixture is the input the location page is painted from, which
// the web's LocationPage.paint.test.tsx renders too.
type locationFixture struct {
	Site shared.Site      `json:"site"`
	Slug string           `json:"slug"`
	Page LocationResponse `json:"page"`
}

// paintedLocationFixture is a location with everything LocationPage shows
// above the fold: a rating, licences, a live map, three departments (the
// page's own second), phones, hours with a closed day and holiday hours.
func paintedLocationFixture() locationFixture {
	site := shared.DefaultSite()
	site.Slug, site.Name = "coastal", "Coastal Motor Group"
	site.LocationsBlock.ShowContact, site.LocationsBlock.EmailUs, site.LocationsBlock.BookService = true, true, true
	site.LocationsBlock.MapStyleURL = "https://maps.example/style.json"
	site.Hours.ClosedEnquireLink = true
	hours := []shared.OpeningHours{{Weekday: 0, Status: "Closed"}, {Weekday: 6, Status: "Open", Open: "09:00", Close: "13:00"}}
	for d := 1; d <= 5; d++ {
		hours = append(hours, shared.OpeningHours{Weekday: d, Status: "Open", Open: "08:30", Close: "17:30"})
	}
	addr := shared.Address{Street: "1 Ocean Rd", City: "Gosford", State: "NSW", Postcode: "2250", Lat: -33.42, Long: 151.34}
	sales := shared.Location{ID: "l1", Name: "Coastal Mazda Sales", Slug: "coastal-mazda-sales", LocationType: "sales", DealershipSlug: "coastal",
		Address: addr, DealerLicenseNumber: "MD12345", MotorVehicleRepairer: "MVRL5678",
		ContactDetail: shared.ContactDetail{Phone: "0400 000 000", LandlinePhone: "(02) 4300 0000", OpeningHours: hours},
		SpecialHours:  []shared.SpecialHours{{Status: "Closed", Date: "2026-12-25", Department: "all"}}}
	service := sales
	service.ID, service.Name, service.Slug, service.LocationType = "l2", "Coastal Mazda Service", "coastal-mazda-service", "service"
	service.Address.Street = "3 Ocean Rd"
	service.ContactDetail.Phone = ""
	parts := service
	parts.ID, parts.Name, parts.Slug, parts.LocationType = "l3", "Coastal Mazda Parts", "coastal-mazda-parts", "parts"
	site.Locations = []shared.Location{sales, service, parts}
	reviews := &shared.ReviewSummary{Count: 42, AverageRating: 4.6}
	var depts []LocationView
	for _, l := range site.Locations {
		depts = append(depts, viewLocation(site, l, reviews, testNow))
	}
	return locationFixture{Site: site, Slug: service.Slug, Page: LocationResponse{Location: depts[1], Departments: depts, Reviews: []ReviewView{}}}
}

// Issue 34: the location page is painted from its first HTML, and that
// markup is LocationPage's own (web LocationPage.paint.test.tsx renders
// the fixture written here and compares its DOM with the golden page).
func TestLocationPaintGolden(t *testing.T) {
	fx := paintedLocationFixture()
	shell, err := seo.ParseShell([]byte(docIndex))
	if err != nil {
		t.Fatal(err)
	}
	p := seo.Page{Site: fx.Site, Origin: "https://coastal.example", Path: "/locations/" + fx.Slug}
	h := p.Location(fx.Page.Location.Location)
	paintLocation(&h, p, LocationPageData{Slug: fx.Slug, Page: fx.Page})
	var page bytes.Buffer
	if err := shell.Render(&page, h); err != nil {
		t.Fatal(err)
	}
	input, err := json.MarshalIndent(fx, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "TestLocationPaintGolden", "LocationPage.paint.test.tsx", map[string][]byte{"location-painted.html": page.Bytes(), "location-painted.json": append(input, '\n')})
}

// Issue 34: /locations/{slug} answers its name, address, opening hours
// and map box before any script runs (it measured CLS 0.751 while the app
// drew them); a team page, a
// contact page and an unknown location are not painted as one.
func TestDocumentPaintsLocation(t *testing.T) {
	h := documentAPI(t)
	for _, tt := range []struct {
		path  string
		paint bool
	}{
		{"/locations/sales", true},
		{"/teams/sales", false},
		{"/contact-us/riverside-sales", false},
		{"/locations/nowhere", false},
	} {
		t.Run(tt.path, func(t *testing.T) {
			page := get(h, tt.path, "riverside", testSecret).Body.String()
			painted := strings.Contains(page, `<div id="root" data-paint="location">`)
			if painted != tt.paint {
				t.Fatalf("painted %v, want %v:\n%s", painted, tt.paint, page)
			}
			if !tt.paint {
				return
			}
			for _, want := range []string{`<h1>Riverside Sales</h1>`, `<section class="location-map" aria-label="Map of Riverside Sales">`,
				`<address><span>Brisbane QLD</span></address>`, `<h2 id="location-hours-title">Opening hours</h2>`} {
				if !strings.Contains(page, want) {
					t.Errorf("no %s in\n%s", want, page)
				}
			}
			if regexp.MustCompile(`Loading location`).MatchString(page) {
				t.Error("painted page says it is loading")
			}
		})
	}
}

// Issue 34 "every page painted": a painted page is whole, the site footer
// (web Footer: templates/Footer.tmpl) after its main, with this year's
// copyright. Every page of the table is painted now, the team page too.
func TestDocumentPaintsFooter(t *testing.T) {
	h := documentAPI(t)
	for _, tt := range []struct {
		path   string
		footer bool
	}{
		{"/", true},
		{"/cars/car-a", true},
		{"/locations/sales", true},
		{"/teams/sales", true},
		{"/finance", true},
	} {
		t.Run(tt.path, func(t *testing.T) {
			page := get(h, tt.path, "riverside", testSecret).Body.String()
			main, footer := strings.Index(page, `</main>`), strings.Index(page, `<footer class="site-footer">`)
			if got := footer >= 0; got != tt.footer {
				t.Fatalf("footer painted %v, want %v", got, tt.footer)
			}
			if !tt.footer {
				return
			}
			if footer < main {
				t.Errorf("the footer is not after main:\n%s", page[footer:])
			}
			if want := `<p class="site-footer__legal">© 2025 Riverside Toyota</p></footer>`; !strings.Contains(page, want) {
				t.Errorf("no %s in\n%s", want, page[footer:])
			}
		})
	}
}
