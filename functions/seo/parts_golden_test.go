package seo

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"forecourt/functions/tenantfile"
	"forecourt/shared"
)

// partsFixture is the input of the painted parts' golden pages
// (testdata/parts/<case>.html): the web's *.paint.test.tsx (Header,
// Footer, CarDetail and Gallery) render each case's React component from it and
// compare its DOM with the painted one, so a change to a component that
// its template lacks, or the reverse, fails a test (issue 34 "One source
// of markup, verified").
type partsFixture struct {
	Now time.Time `json:"now"`
	// BundledBadge stands for the app's bundled certified badge, whose URL
	// the build decides (Paint.BundledBadge).
	BundledBadge string                 `json:"bundled_badge"`
	Sites        map[string]shared.Site `json:"sites"`
	Cases        []partsCase            `json:"cases"`
}

// partsCase is one painted page: the site (a key of Sites), the page's
// path, the header's locations as GET /api/site answers them, and for a
// car page the car and the server's view of it (GET /api/cars/{slug}).
type partsCase struct {
	Name            string                `json:"name"`
	Site            string                `json:"site"`
	Path            string                `json:"path"`
	HeaderLocations []shared.LocationLink `json:"header_locations"`
	Car             *shared.Car           `json:"car,omitempty"`
	View            *shared.CarView       `json:"view,omitempty"`
	// Stats are the site's stats GET /api/site carries, for a page that
	// reads them (the dealerships' stock counts).
	Stats *shared.SiteStats `json:"stats,omitempty"`
	// Dealership, Hits and NbHits are a dealership's search page's: the
	// dealership's slug and its first search's answer.
	Dealership string `json:"dealership,omitempty"`
	Hits       []Hit  `json:"hits,omitempty"`
	NbHits     int    `json:"nb_hits,omitempty"`
}

// partsNow is when the parts are painted.
var partsNow = time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)

// demoTenant is a demo tenant's site as the platform loads it.
func demoTenant(t *testing.T, slug string) shared.Site {
	t.Helper()
	s, err := tenantfile.LoadFile(filepath.Join("..", "..", "infra", "tenants", slug+".json"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// partsCars are the car pages painted: one with photos and every part of
// the head (custom tag, badge and series, was price, price type, below
// market, weekly estimate), one with no photo, a sold one and a certified
// one.
func partsCars(sites map[string]shared.Site) []partsCase {
	base := shared.Car{Year: 2021, Make: "Toyota", Model: "Corolla", Badge: "Ascent Sport", CarType: shared.CarTypeUsed,
		Status: shared.StatusInStock, Price: 24990, KM: 35120, SimpleBody: "Hatch", SimpleFuel: "Petrol", SimpleTransmission: "Automatic",
		Colour: "White", Seats: 5, Doors: 5, CreatedAt: partsNow.AddDate(0, -2, 0)}
	photos := func(c shared.Car, n int) shared.Car {
		c.Images = nil
		for i := 1; i <= n; i++ {
			c.Images = append(c.Images, shared.Image{URL: "/media/cars/" + c.ID + "/" + string(rune('0'+i)) + ".jpg"})
		}
		if n > 0 {
			c.PrimaryImageURL = c.Images[0].URL
		}
		return c
	}
	full := base
	full.ID, full.Slug, full.Make, full.Model, full.Badge, full.Series = "p1", "2021-mazda-cx-5-maxx-sport-p1", "Mazda", "CX-5", "Maxx Sport", "KF Series 2"
	full.Tag, full.PriceType, full.BeforePrice = "Low km", "Drive Away", 27990
	full.AutograbData = &shared.AutograbData{StateAverageMarketPrice: 29990, AverageMarketPrice: 30490}
	full = photos(full, 3)
	bare := base
	bare.ID, bare.Slug, bare.CarType, bare.KM, bare.Year = "p2", "2026-mazda-cx-30-g20-pure-p2", shared.CarTypeNew, 10, 2026
	bare.Make, bare.Model, bare.Badge, bare.Price, bare.CreatedAt = "Mazda", "CX-30", "G20 Pure", 36990, partsNow.Add(-24*time.Hour)
	sold := base
	sold.ID, sold.Slug, sold.Status, sold.Sold = "p3", "2021-toyota-corolla-ascent-sport-p3", shared.StatusSold, true
	sold = photos(sold, 1)
	certified := base
	certified.ID, certified.Slug, certified.Certified = "p4", "2021-toyota-corolla-ascent-sport-p4", true
	certified = photos(certified, 2)
	var out []partsCase
	for _, c := range []struct {
		name, site string
		car        shared.Car
	}{
		{"car-photos", "northside-used", full},
		{"car-no-photos", "coastal-motor-group", bare},
		{"car-sold", "riverside-toyota", sold},
		{"car-certified", "riverside-toyota", certified},
	} {
		site := sites[c.site]
		car, view := c.car, shared.ViewCar(c.car, site, partsNow)
		out = append(out, partsCase{Name: c.name, Site: c.site, Path: "/cars/" + car.Slug, HeaderLocations: shared.HeaderLocations(site), Car: &car, View: &view})
	}
	return out
}

// partsFixtureOf is the fixture: every demo tenant's header on a page whose
// menu link is active (a logo and phone link, dropdowns of links, models
// and stock, the Locations dropdown or link), a site with neither logo nor
// navigation of its own, and the car pages.
func partsFixtureOf(t *testing.T) partsFixture {
	fx := partsFixture{Now: partsNow, BundledBadge: "/assets/certified-used.svg", Sites: map[string]shared.Site{}}
	for _, slug := range []string{"riverside-toyota", "coastal-motor-group", "northside-used"} {
		fx.Sites[slug] = demoTenant(t, slug)
	}
	plain := shared.DefaultSite()
	plain.Slug, plain.Name = "plain-motors", "Plain Motors"
	plain.Stock.CarTypes = []shared.CarType{shared.CarTypeNew, shared.CarTypeUsed}
	fx.Sites[plain.Slug] = plain
	for _, c := range []struct{ name, site, path string }{
		{"header-riverside-toyota", "riverside-toyota", "/"},
		{"header-coastal-motor-group", "coastal-motor-group", "/special-offers"},
		{"header-northside-used", "northside-used", "/finance"},
		{"header-plain-motors", "plain-motors", "/search/used-cars"},
	} {
		fx.Cases = append(fx.Cases, partsCase{Name: c.name, Site: c.site, Path: c.path, HeaderLocations: shared.HeaderLocations(fx.Sites[c.site])})
	}
	fx.Cases = append(fx.Cases, partsCars(fx.Sites)...)
	// The finance page with its calculator: each demo tenant's term, rate
	// and fine print, and the defaults of a site that sets none.
	for _, slug := range []string{"riverside-toyota", "coastal-motor-group", "northside-used", "plain-motors"} {
		fx.Cases = append(fx.Cases, partsCase{Name: "finance-" + slug, Site: slug, Path: "/finance", HeaderLocations: shared.HeaderLocations(fx.Sites[slug])})
	}
	// The dealerships: a group's three with counts from stats (one car at
	// one, none counted at another), and one dealership with stats that
	// count no dealership (the app asks the index; no count painted).
	coastal := fx.Sites["coastal-motor-group"]
	counts := map[string]int{coastal.Dealerships[0].Name: 1234, coastal.Dealerships[1].Name: 1}
	fx.Cases = append(fx.Cases,
		partsCase{Name: "dealerships-coastal-motor-group", Site: "coastal-motor-group", Path: "/dealerships", HeaderLocations: shared.HeaderLocations(coastal),
			Stats: &shared.SiteStats{NbHits: 1235, Facets: map[string]map[string]int{"dealership_name": counts}, MinPrice: map[string]float64{}}},
		partsCase{Name: "dealerships-riverside-toyota", Site: "riverside-toyota", Path: "/dealerships", HeaderLocations: shared.HeaderLocations(fx.Sites["riverside-toyota"]),
			Stats: &shared.SiteStats{NbHits: 40, Facets: map[string]map[string]int{"make": {"Toyota": 40}}, MinPrice: map[string]float64{}}},
	)
	// A dealership's own search with four cars: three painted.
	var hits []Hit
	for _, c := range partsCars(fx.Sites) {
		car := *c.Car
		car.DealershipSlug = coastal.Dealerships[0].Slug
		hits = append(hits, Hit{Car: car})
	}
	fx.Cases = append(fx.Cases, partsCase{Name: "dealership-cars-coastal-motor-group", Site: "coastal-motor-group",
		Path: "/dealerships/" + coastal.Dealerships[0].Slug + "/cars", HeaderLocations: shared.HeaderLocations(coastal),
		Dealership: coastal.Dealerships[0].Slug, Hits: hits, NbHits: len(hits)})
	return fx
}

// paintOf is the case's page painted: the site's parts, and the car's.
func (c partsCase) paintOf(fx partsFixture) *Paint {
	p := Page{Site: fx.Sites[c.Site], Origin: "https://" + c.Site + ".example", Path: c.Path}
	var paint *Paint
	if c.Car != nil {
		paint = p.CarPaint(*c.Car, *c.View)
	} else if strings.HasPrefix(c.Name, "finance-") {
		paint = p.FinancePaint(c.Path)
	} else if strings.HasPrefix(c.Name, "dealerships-") {
		paint = p.DealershipsPagePaint(c.Stats)
	} else if c.Dealership != "" {
		d, _ := p.Site.Dealership(c.Dealership)
		paint = p.DealershipCarsPaint(d, ListingResults{Hits: c.Hits, NbHits: c.NbHits}, ListingSearch{Index: "cars"}, fx.Now)
	} else {
		sp := p.sitePaint()
		paint = &sp
	}
	paint.BundledBadge = fx.BundledBadge
	paint.Footer = p.FooterPaint(fx.Now)
	return paint
}

// Issue 34 "One source of markup, verified": each case's painted page is
// its golden file, and the fixture the web renders the same components
// from is beside them; `go test ./functions/seo -run TestPartsPaintGolden
// -update` rewrites both, then the web's *.paint.test.tsx say whether the
// templates still match the components.
func TestPartsPaintGolden(t *testing.T) {
	fx := partsFixtureOf(t)
	files := map[string][]byte{}
	input, err := json.MarshalIndent(fx, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	files["parts.json"] = append(input, '\n')
	for _, c := range fx.Cases {
		var b bytes.Buffer
		if err := paintTemplate.Execute(&b, c.paintOf(fx)); err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		files[c.Name+".html"] = append(b.Bytes(), '\n')
	}
	dir := filepath.Join("testdata", "parts")
	for name, got := range files {
		file := filepath.Join(dir, name)
		if *update {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%v (run go test ./functions/seo -run TestPartsPaintGolden -update)", err)
		}
		if !bytes.Equal(want, got) {
			t.Errorf("%s is stale: run go test ./functions/seo -run TestPartsPaintGolden -update, review the diff, then the web's *.paint.test.tsx", file)
		}
	}
}
