package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"forecourt/functions/httpapi/route"
	"forecourt/functions/seo"
	"forecourt/shared"
)

const docIndex = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Cars for sale</title>` +
	`<link rel="preload" href="/api/site" as="fetch" crossorigin="anonymous" /></head><body><div id="root"></div></body></html>`

func documentAPI(t *testing.T) http.Handler {
	t.Helper()
	return documentAPIWith(t, func(c fakeCars) shared.CarStore { return c })
}

// documentAPIWith is documentAPI with the car store store makes of the fake
// cars, and the config changed by opts.
func documentAPIWith(t *testing.T, store func(fakeCars) shared.CarStore, opts ...func(*APIConfig)) http.Handler {
	t.Helper()
	shell, err := seo.ParseShell([]byte(docIndex))
	if err != nil {
		t.Fatal(err)
	}
	site := shared.Site{Slug: "riverside", Name: "Riverside Toyota", Domains: []string{"riverside.example"},
		Dealerships: []shared.Dealership{{Slug: "riverside-toyota", Name: "Riverside Toyota"}},
		Locations:   []shared.Location{{ID: "l1", Name: "Riverside Sales", Slug: "sales", Address: shared.Address{City: "Brisbane", State: "QLD"}}},
		Offers:      []shared.Offer{{ID: "o1", Name: "Corolla drive away deal"}, {ID: "o2", Name: "HiLux bonus", Manufacturer: shared.OfferManufacturer{Name: "Toyota"}}}}
	cars := fakeCars{}
	for i, c := range []shared.Car{
		{Make: "Toyota", Model: "Corolla", Year: 2021, Badge: "Ascent", Price: 24990, KM: 35000, VIN: "VIN0000001"},
		{Make: "Toyota", Model: "Corolla", Year: 2019},
		{Make: "Toyota", Model: "HiLux", Year: 2020, SimpleBody: shared.BodyUte},
		{Make: "Toyota", Model: "Corolla", Year: 2018, Sold: true, Status: shared.StatusSold, SoldDateTimestamp: testNow.Add(-time.Hour).Unix()},
		{Make: "Toyota", Model: "Corolla", Year: 2017, Sold: true, Status: shared.StatusSold, SoldDateTimestamp: testNow.Add(-30 * 24 * time.Hour).Unix()},
	} {
		c.ID = string(rune('a' + i))
		c.Slug = "car-" + c.ID
		c.DealershipSlug, c.CarType, c.ShowOnDealerWebsite = "riverside-toyota", shared.CarTypeUsed, true
		if c.Status == "" {
			c.Status = shared.StatusInStock
		}
		cars[c.Slug] = c
	}
	cfg := APIConfig{
		Sites: fakeSites{"riverside": site}, Cars: store(cars), Keys: fakeKeys{}, ServerKeys: fakeKeys{}, OriginSecret: testSecret,
		Search: SearchConfig{AppID: "APP", Index: "cars", Host: "search.example:7700"},
		Pages:  fakePages{"riverside": {"about-us": "---\ntitle: About us\ndescription: Family owned since 1975.\n---\nHello"}},
		Shell:  shell,
		Now:    func() time.Time { return testNow },
	}
	for _, o := range opts {
		o(&cfg)
	}
	h, err := newAPIHandler(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

var titleRe = regexp.MustCompile(`<title>(.*?)</title>`)

// Issue 14: every page's shell is rendered with its own head and status;
// an unknown car, offer, location or page is a 404 with the shell (the SPA
// shows its not-found page); the site JSON is inlined.
func TestDocuments(t *testing.T) {
	h := documentAPI(t)
	tests := []struct {
		path       string
		wantStatus int
		wantTitle  string
		wantInHead string
	}{
		{"/", 200, "Riverside Toyota: new, used and demo cars for sale", `<link rel="canonical" href="https://riverside.example/" />`},
		{"/cars/car-a", 200, "2021 Toyota Corolla Ascent $24,990 | Riverside Toyota", `"vehicleIdentificationNumber":"VIN0000001"`},
		{"/cars/no-such-car", 404, "Page not found | Riverside Toyota", `<meta name="robots" content="noindex" />`},
		// Sold 30 days ago, past the default retention: gone, with similar cars.
		{"/cars/car-e", 410, "Recently sold: 2017 Toyota Corolla | Riverside Toyota", `<li><a href="https://riverside.example/cars/car-a">2021 Toyota Corolla Ascent</a></li>`},
		// Sold an hour ago: still the car's own page, saying it sold.
		{"/cars/car-d", 200, "2018 Toyota Corolla | Riverside Toyota", "<li>" + seo.SoldNotice + "</li>"},
		{"/search/Toyota/Corolla/", 200, "Toyota Corolla cars for sale | Riverside Toyota", `content="2 cars in stock at Riverside Toyota`},
		// A body tile's path (spec 001 §2 /search/{slug}), read as the web reads it (listing_paths.json).
		{"/search/ute", 200, "Ute cars for sale | Riverside Toyota", `content="1 car in stock at Riverside Toyota`},
		{"/cars", 200, "New, used and demo cars for sale | Riverside Toyota", `href="https://riverside.example/search/new-used-and-demo-cars/"`},
		{"/special-offers", 200, "Special offers | Riverside Toyota", "2 current special offers"},
		{"/offers/o1", 200, "Corolla drive away deal | Riverside Toyota", `og:title`},
		{"/offers/nope", 404, "Page not found | Riverside Toyota", ""},
		{"/contact-us/sales", 200, "Riverside Sales | Riverside Toyota", `"@type":"AutoDealer"`},
		// The contact page the location views link (contact_path, the name's contact slug); its
		// AutoDealer's url is the location's own page, as the location cards link it.
		{"/contact-us/riverside-sales", 200, "Riverside Sales | Riverside Toyota", `"url":"https://riverside.example/locations/sales"`},
		{"/locations/sales", 200, "Riverside Sales | Riverside Toyota", `"url":"https://riverside.example/locations/sales"`},
		{"/contact-us/nowhere", 404, "Page not found | Riverside Toyota", ""},
		{"/about-us", 200, "About us | Riverside Toyota", `content="Family owned since 1975."`},
		{"/no-such-page", 404, "Page not found | Riverside Toyota", ""},
		// The page table's Feature: a site without spin-to-win answers its 404 (review of issue 34).
		{"/spin-to-win", 404, "Page not found | Riverside Toyota", ""},
		{"/sell-my-car", 200, "Get a trade-in appraisal | Riverside Toyota", `href="https://riverside.example/trade-in"`},
		{"/watchlist", 200, "Your watchlist | Riverside Toyota", `content="noindex"`},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			rec := get(h, tt.path, "riverside", testSecret)
			body := rec.Body.String()
			if rec.Code != tt.wantStatus {
				t.Fatalf("status: got %d, want %d: %s", rec.Code, tt.wantStatus, body)
			}
			if ct := rec.Header().Get("Content-Type"); ct != "text/html; charset=utf-8" {
				t.Errorf("Content-Type: got %q", ct)
			}
			if cc := rec.Header().Get("Cache-Control"); cc != documentCacheControl {
				t.Errorf("Cache-Control: got %q, want %q", cc, documentCacheControl)
			}
			if m := titleRe.FindStringSubmatch(body); m == nil || m[1] != tt.wantTitle {
				t.Errorf("title: got %v, want %q", m, tt.wantTitle)
			}
			if !strings.Contains(body, tt.wantInHead) {
				t.Errorf("page lacks %s:\n%s", tt.wantInHead, body)
			}
			// A painted page's root holds the page as HTML (issues 14, 34), the others the shell's own.
			if !strings.Contains(body, `<div id="root"></div>`) && !regexp.MustCompile(`<div id="root" data-paint="[a-z-]+"><div class="layout`).MatchString(body) {
				t.Error("the app's root is missing")
			}
		})
	}
}

// Issue 14 "First paint without a round trip" and "a crawler that runs no
// JavaScript reads every car's title, price and VIN": the head preconnects
// to the search host before any script, and the body's <noscript> carries
// the car's details and links into the listing.
func TestDocumentNoScriptAndPreconnect(t *testing.T) {
	h := documentAPI(t)
	car := get(h, "/cars/car-a", "riverside", testSecret).Body.String()
	head, body, _ := strings.Cut(car, "</head>")
	if !strings.Contains(head, `<link rel="preconnect" href="https://search.example:7700" crossorigin="anonymous" />`) {
		t.Errorf("no preconnect to the search host in the head:\n%s", head)
	}
	m := regexp.MustCompile(`(?s)<noscript>(.*?)</noscript>`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no <noscript> in the body:\n%s", body)
	}
	for _, want := range []string{"<h1>2021 Toyota Corolla Ascent</h1>", "<li>Price: $24,990", "<li>VIN: VIN0000001</li>", "<li>Kilometres: 35,000 km</li>",
		`<a href="https://riverside.example/search/Toyota/Corolla/">Toyota Corolla cars for sale</a>`,
		`<a href="https://riverside.example/search/used-cars/">Used cars</a>`} {
		if !strings.Contains(m[1], want) {
			t.Errorf("noscript lacks %s:\n%s", want, m[1])
		}
	}
	home := get(h, "/", "riverside", testSecret).Body.String()
	if !strings.Contains(home, `<noscript>`) || !strings.Contains(home, `href="https://riverside.example/search/new-used-and-demo-cars/">All cars for sale</a>`) {
		t.Errorf("the home page's noscript lacks the listing links:\n%s", home)
	}
}

// Issue 14 "old query forms redirect with 301": older forms of a path
// answer 301 to the page's current path, keeping the query.
func TestDocumentOldForms(t *testing.T) {
	h := documentAPI(t)
	for _, tt := range []struct{ path, want string }{
		{"/cars/car-a/", "/cars/car-a"},
		{"/cars/car-a/?utm_source=x", "/cars/car-a?utm_source=x"},
		{"/offers/o2", "/offers/toyota/o2"},
		{"/offers/ford/o2", "/offers/toyota/o2"},
	} {
		rec := get(h, tt.path, "riverside", testSecret)
		if rec.Code != http.StatusMovedPermanently || rec.Header().Get("Location") != tt.want {
			t.Errorf("%s: got %d to %q, want 301 to %q", tt.path, rec.Code, rec.Header().Get("Location"), tt.want)
		}
	}
	for _, p := range []string{"/cars/car-a", "/offers/o1", "/offers/toyota/o2", "/cars/"} {
		if rec := get(h, p, "riverside", testSecret); rec.Code != http.StatusOK {
			t.Errorf("%s: got %d, want 200", p, rec.Code)
		}
	}
}

// Issue 14 "first paint without a round trip": the page carries GET
// /api/site's body, so the app needs no request before it renders.
func TestDocumentInlinesSite(t *testing.T) {
	h := documentAPI(t)
	page := get(h, "/", "riverside", testSecret).Body.String()
	m := regexp.MustCompile(`(?s)<script id="forecourt-data" type="application/json">(.*?)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no inlined site:\n%s", page)
	}
	var inlined, fetched SiteResponse
	if err := json.Unmarshal([]byte(m[1]), &inlined); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(get(h, "/api/site", "riverside", testSecret).Body.Bytes(), &fetched); err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(inlined)
	b, _ := json.Marshal(fetched)
	if string(a) != string(b) {
		t.Errorf("inlined site differs from GET /api/site:\n%s\n%s", a, b)
	}
	if strings.Contains(page, `href="/api/site"`) {
		t.Error("the page still preloads /api/site")
	}
}

// Issue 14 "First paint without a round trip": a car page carries GET
// /api/cars/{slug}'s body, so the app renders the car without asking; a
// page that is not a car's carries none.
func TestDocumentInlinesCar(t *testing.T) {
	h := documentAPI(t)
	carRe := regexp.MustCompile(`(?s)<script id="forecourt-car" type="application/json">(.*?)</script>`)
	page := get(h, "/cars/car-a", "riverside", testSecret).Body.String()
	m := carRe.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no inlined car:\n%s", page)
	}
	var inlined, fetched CarResponse
	if err := json.Unmarshal([]byte(m[1]), &inlined); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(get(h, "/api/cars/car-a", "riverside", testSecret).Body.Bytes(), &fetched); err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(inlined)
	b, _ := json.Marshal(fetched)
	if string(a) != string(b) {
		t.Errorf("inlined car differs from GET /api/cars/car-a:\n%s\n%s", a, b)
	}
	for _, p := range []string{"/", "/cars/no-such-car", "/cars/car-e", "/search/Toyota/Corolla/"} {
		if carRe.MatchString(get(h, p, "riverside", testSecret).Body.String()) {
			t.Errorf("%s inlines a car", p)
		}
	}
}

// Issue 32 item 11: a location page showed "Loading location…", then
// moved everything under the reader (a 0.5 layout shift). Its HTML carries
// exactly the answers of GET /api/locations/{slug} and GET /api/locations,
// so the app renders the page at once; no other page carries them.
func TestDocumentInlinesLocation(t *testing.T) {
	h := documentAPI(t)
	locRe := regexp.MustCompile(`(?s)<script id="forecourt-location" type="application/json">(.*?)</script>`)
	for _, tt := range []struct{ path, slug string }{
		{"/locations/sales", "sales"},
		{"/teams/sales", "sales"},
	} {
		t.Run(tt.path, func(t *testing.T) {
			page := get(h, tt.path, "riverside", testSecret).Body.String()
			m := locRe.FindStringSubmatch(page)
			if m == nil {
				t.Fatalf("no inlined location:\n%s", page)
			}
			var inlined LocationPageData
			if err := json.Unmarshal([]byte(m[1]), &inlined); err != nil {
				t.Fatal(err)
			}
			if inlined.Slug != tt.slug {
				t.Errorf("slug %q, want %q", inlined.Slug, tt.slug)
			}
			for api, got := range map[string]any{"/api/locations/" + tt.slug: inlined.Page, "/api/locations": inlined.Locations} {
				a, _ := json.Marshal(got)
				var fetched any
				if err := json.Unmarshal(get(h, api, "riverside", testSecret).Body.Bytes(), &fetched); err != nil {
					t.Fatal(err)
				}
				b, _ := json.Marshal(fetched)
				var norm any
				_ = json.Unmarshal(a, &norm)
				a, _ = json.Marshal(norm)
				if string(a) != string(b) {
					t.Errorf("inlined answer differs from GET %s:\n%s\n%s", api, a, b)
				}
			}
		})
	}
	for _, p := range []string{"/", "/cars/car-a", "/locations/nowhere", "/contact-us/sales"} {
		if locRe.MatchString(get(h, p, "riverside", testSecret).Body.String()) {
			t.Errorf("%s inlines a location", p)
		}
	}
}

// Issue 34: /dealerships' locations block showed "Loading locations…" and
// then pushed the footer (CLS 0.054 at 1366 px) when GET /api/locations
// answered after the app's first frame. Its HTML carries that answer, and
// the dealerships and the nearest-dealership finder are painted.
func TestDocumentDealershipsCarryLocations(t *testing.T) {
	h := documentAPI(t)
	re := regexp.MustCompile(`(?s)<script id="forecourt-locations" type="application/json">(.*?)</script>`)
	page := get(h, "/dealerships", "riverside", testSecret).Body.String()
	m := re.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no inlined locations:\n%s", page)
	}
	var inlined, fetched any
	if err := json.Unmarshal([]byte(m[1]), &inlined); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(get(h, "/api/locations", "riverside", testSecret).Body.Bytes(), &fetched); err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(inlined)
	b, _ := json.Marshal(fetched)
	if string(a) != string(b) {
		t.Errorf("inlined locations differ from GET /api/locations:\n%s\n%s", a, b)
	}
	for _, want := range []string{`data-paint="dealerships"`, `<ul class="dealerships">`, `<h2 id="nearest-dealership-title">Find your nearest dealership</h2>`} {
		if !strings.Contains(page, want) {
			t.Errorf("/dealerships lacks %s", want)
		}
	}
	for _, p := range []string{"/", "/locations/sales", "/contact-us"} {
		if re.MatchString(get(h, p, "riverside", testSecret).Body.String()) {
			t.Errorf("%s inlines the locations", p)
		}
	}
}

// Pages need the tenant headers like every /api route, and a path under a
// prefix is never a page: it keeps the JSON 404.
func TestDocumentRouting(t *testing.T) {
	h := documentAPI(t)
	if rec := get(h, "/cars/car-a", "riverside", "forged"); rec.Code != http.StatusForbidden {
		t.Errorf("without the origin secret: got %d, want 403", rec.Code)
	}
	for _, p := range []string{"/api/nothing", "/ingest/nothing", "/media/"} {
		rec := get(h, p, "riverside", testSecret)
		if rec.Code != http.StatusNotFound || errorCode(t, rec) != shared.ENOTFOUND {
			t.Errorf("%s: got %d %s, want the JSON 404", p, rec.Code, rec.Body)
		}
	}
}

// Issue 14: robots.txt and the sitemaps are the tenant's own, as text and
// XML, never the HTML page.
func TestRobotsAndSitemaps(t *testing.T) {
	h := documentAPI(t)
	for _, tt := range []struct{ path, contentType, want string }{
		{"/robots.txt", "text/plain; charset=utf-8", "Sitemap: https://riverside.example/sitemap.xml"},
		{"/sitemap.xml", "application/xml; charset=utf-8", "<loc>https://riverside.example/sitemap-cars-1.xml</loc>"},
		{"/sitemap-cars-1.xml", "application/xml; charset=utf-8", "<loc>https://riverside.example/cars/car-a</loc>"},
		{"/sitemap-listings.xml", "application/xml; charset=utf-8", "<loc>https://riverside.example/search/Toyota/HiLux/</loc>"},
		{"/sitemap-pages.xml", "application/xml; charset=utf-8", "<loc>https://riverside.example/about-us</loc>"},
	} {
		rec := get(h, tt.path, "riverside", testSecret)
		if rec.Code != 200 || rec.Header().Get("Content-Type") != tt.contentType || !strings.Contains(rec.Body.String(), tt.want) {
			t.Errorf("%s: got %d %q, want %s containing %s:\n%s", tt.path, rec.Code, rec.Header().Get("Content-Type"), tt.contentType, tt.want, rec.Body)
		}
	}
	if body := get(h, "/sitemap-cars-1.xml", "riverside", testSecret).Body.String(); strings.Contains(body, "car-d") {
		t.Error("a sold car is in the sitemap")
	}
	if rec := get(h, "/sitemap-cars-9.xml", "riverside", testSecret); rec.Code != 404 {
		t.Errorf("unknown sitemap: got %d, want 404", rec.Code)
	}
}

// storedFakeCars adds the stores' bookkeeping: every car last written at updated.
type storedFakeCars struct {
	fakeCars
	updated time.Time
}

func (f storedFakeCars) StoredCars(ctx context.Context, d string) ([]shared.StoredCar, error) {
	cars, _ := f.FindCarsByDealership(ctx, d)
	out := make([]shared.StoredCar, len(cars))
	for i, c := range cars {
		out[i] = shared.StoredCar{Car: c, UpdatedAt: f.updated}
	}
	return out, nil
}

// Issue 14: with a store that keeps when each car was last written, a car's
// lastmod is that day (later than created_at), and sold cars stay out.
func TestSitemapLastModFromTheStore(t *testing.T) {
	updated := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
	h := documentAPIWith(t, func(c fakeCars) shared.CarStore { return storedFakeCars{c, updated} })
	body := get(h, "/sitemap-cars-1.xml", "riverside", testSecret).Body.String()
	if !strings.Contains(body, "<loc>https://riverside.example/cars/car-a</loc><lastmod>2026-11-20</lastmod>") {
		t.Errorf("car-a's lastmod is not its stored update day:\n%s", body)
	}
	if strings.Contains(body, "car-d") {
		t.Error("a sold car is in the sitemap")
	}
}

// fakeSitemaps is a site's stored sitemap list (sitemaps.Reader).
type fakeSitemaps struct {
	cars []shared.SitemapCar
	ok   bool
	err  error
}

func (f fakeSitemaps) SiteCars(context.Context, shared.Site) ([]shared.SitemapCar, bool, error) {
	return f.cars, f.ok, f.err
}

// Issue 14 stored sitemaps: a current stored list is what the cars'
// sitemap lists; a missing, stale or unreadable one is never an outage:
// the sitemap is built from the cars.
func TestSitemapFromTheStoredList(t *testing.T) {
	stored := []shared.SitemapCar{{Slug: "stored-car", LastMod: time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC), CarType: shared.CarTypeUsed, Make: "Mazda", Model: "CX-5", Body: "SUV"}}
	for _, tt := range []struct {
		name      string
		list      fakeSitemaps
		want, not string
	}{
		{"current list", fakeSitemaps{cars: stored, ok: true}, "<loc>https://riverside.example/cars/stored-car</loc><lastmod>2026-11-22</lastmod>", "car-a"},
		{"no current list", fakeSitemaps{}, "<loc>https://riverside.example/cars/car-a</loc>", "stored-car"},
		{"list unreadable", fakeSitemaps{err: errors.New("s3 down")}, "<loc>https://riverside.example/cars/car-a</loc>", "stored-car"},
	} {
		h := documentAPIWith(t, func(c fakeCars) shared.CarStore { return c }, func(c *APIConfig) { c.Sitemaps = tt.list })
		rec := get(h, "/sitemap-cars-1.xml", "riverside", testSecret)
		if body := rec.Body.String(); rec.Code != 200 || !strings.Contains(body, tt.want) || strings.Contains(body, tt.not) {
			t.Errorf("%s: got %d, want %s and not %s:\n%s", tt.name, rec.Code, tt.want, tt.not, body)
		}
	}
	h := documentAPIWith(t, func(c fakeCars) shared.CarStore { return c }, func(c *APIConfig) { c.Sitemaps = fakeSitemaps{cars: stored, ok: true} })
	if body := get(h, "/sitemap-listings.xml", "riverside", testSecret).Body.String(); !strings.Contains(body, "<loc>https://riverside.example/search/Mazda/CX-5/</loc><lastmod>2026-11-22</lastmod>") {
		t.Errorf("listings from the stored list:\n%s", body)
	}
	// A listing page's head counts its stock from the same list (one read
	// per page view, not every car of the site): the stored Mazda, which the
	// cars table does not hold, and its body.
	for _, p := range []string{"/search/Mazda/CX-5/", "/search/suv"} {
		if body := get(h, p, "riverside", testSecret).Body.String(); !strings.Contains(body, "1 car in stock") {
			t.Errorf("%s head not counted from the stored list:\n%.600s", p, body)
		}
	}
}

// Issue 14 "recently sold" (spec 001 §2): the app's car request for a car
// sold past the site's retention answers 410 with the car and similar cars
// for sale, as the document does, so the app shows "recently sold" rather
// than "not found"; an unknown car stays 404 and a car still shown 200.
func TestCarAPIRecentlySold(t *testing.T) {
	h := documentAPI(t)
	tests := []struct {
		name        string
		path        string
		wantStatus  int
		wantSimilar []string
	}{
		{"sold past retention", "/api/cars/car-e", 410, []string{"car-a", "car-b", "car-c"}},
		{"sold within retention", "/api/cars/car-d", 200, nil},
		{"unknown", "/api/cars/no-such-car", 404, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := get(h, tt.path, "riverside", testSecret)
			if rec.Code != tt.wantStatus {
				t.Fatalf("status: got %d, want %d: %s", rec.Code, tt.wantStatus, rec.Body)
			}
			if tt.wantStatus != 410 {
				return
			}
			var body GoneCarResponse
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
				t.Fatal(err)
			}
			if body.Error.Code != CodeGone || body.Error.Message != seo.SoldNotice {
				t.Errorf("error: got %+v", body.Error)
			}
			if body.Car.Slug != "car-e" || body.Car.Model != "Corolla" {
				t.Errorf("car: got %s %s", body.Car.Slug, body.Car.Model)
			}
			var got []string
			for _, c := range body.Similar {
				got = append(got, c.Slug)
			}
			// Same model first (the store's order within a rank is its own).
			if len(got) != len(tt.wantSimilar) || got[len(got)-1] != tt.wantSimilar[len(tt.wantSimilar)-1] || !slices.Equal(slices.Sorted(slices.Values(got)), tt.wantSimilar) {
				t.Errorf("similar: got %v, want %v (available cars, same model first)", got, tt.wantSimilar)
			}
		})
	}
}

// listingCosts counts what a listing page costs: first searches, stored
// sitemap list reads and car reads.
type listingCosts struct{ searches, lists, carReads int }

type countingSearcher struct{ c *listingCosts }

func (s countingSearcher) SearchAs(context.Context, string, any) ([]json.RawMessage, error) {
	s.c.searches++
	return nil, errors.New("not answered: counted only")
}

type countingLists struct{ c *listingCosts }

func (l countingLists) SiteCars(context.Context, shared.Site) ([]shared.SitemapCar, bool, error) {
	l.c.lists++
	return nil, false, nil // none current: the cars are read
}

type countingCars struct {
	fakeCars
	c *listingCosts
}

func (s countingCars) FindCarsByDealership(ctx context.Context, d string) ([]shared.Car, error) {
	s.c.carReads++
	return s.fakeCars.FindCarsByDealership(ctx, d)
}

// Issue 31 (HIGH): a /search/ path naming a make the site has no stock of
// (by its stats, read with the site for every page anyway), or segments
// past what a listing path names (/search/used-cars/x: the web never
// writes one), is the 404 page before any search is sent or any stored
// list or car is read; a model of a known make that matches no car is the
// 404 after the count's one read, before the search. Real makes and models
// are served as before, in any case.
func TestUnknownListingPathsAreNotFoundBeforeAnySearch(t *testing.T) {
	stats := fakeStats{"riverside": {NbHits: 3, Facets: map[string]map[string]int{"make": {"Toyota": 3}}}}
	for _, tt := range []struct {
		path       string
		wantStatus int
		want       listingCosts
	}{
		{"/search/notamake/", 404, listingCosts{}},
		{"/search/notamake/notamodel", 404, listingCosts{}},
		{"/search/used-cars/notamake/", 404, listingCosts{}},
		{"/search/new-used-and-demo-cars/toyota/notamodel", 404, listingCosts{}},
		{"/search/Toyota/Corolla/extra", 404, listingCosts{}},
		{"/search/suv/notamodel", 404, listingCosts{}},
		{"/search/Toyota/notamodel", 404, listingCosts{lists: 1, carReads: 1}},
		{"/search/Toyota/Corolla/", 200, listingCosts{searches: 1, lists: 1, carReads: 1}},
		{"/search/toyota/hilux", 200, listingCosts{searches: 1, lists: 1, carReads: 1}},
		{"/search/Toyota", 200, listingCosts{searches: 1, lists: 1, carReads: 1}},
		{"/search/used-cars/", 200, listingCosts{searches: 1, lists: 1, carReads: 1}},
	} {
		t.Run(tt.path, func(t *testing.T) {
			var got listingCosts
			h := documentAPIWith(t, func(c fakeCars) shared.CarStore { return countingCars{c, &got} }, func(c *APIConfig) {
				c.Stats, c.Sitemaps, c.FirstSearch = stats, countingLists{&got}, countingSearcher{&got}
			})
			rec := get(h, tt.path, "riverside", testSecret)
			if rec.Code != tt.wantStatus {
				t.Fatalf("status %d, want %d", rec.Code, tt.wantStatus)
			}
			if tt.wantStatus == 404 && !strings.Contains(rec.Body.String(), "<title>Page not found") {
				t.Error("not the 404 page")
			}
			if got != tt.want {
				t.Errorf("costs %+v, want %+v", got, tt.want)
			}
		})
	}
}

// Issue 31 (HIGH, item 4 of the follow-up): with stats of the current
// format, which carry the make+model facet, a model the site has no stock
// of is the 404 before any stored list, car or search is read. A model
// whose only cars are sold but within the site's sold retention is a real
// page (issue 31 item 5): spec 001 §4 keeps such a car searchable, marked
// sold, for the site's sold retention, so the listing shows it, and the
// stats count it as the index does. Older stats (no model facet) leave the
// count to decide, as TestUnknownListingPathsAreNotFoundBeforeAnySearch does.
func TestUnknownModelIsNotFoundFromTheStats(t *testing.T) {
	stats := fakeStats{"riverside": {Format: shared.SiteStatsFormat, NbHits: 5,
		Facets: map[string]map[string]int{"make": {"Toyota": 5}},
		Models: map[string]map[string]int{"Toyota": {"Corolla": 3, "HiLux": 1, "Yaris": 1}}}}
	for _, tt := range []struct {
		path       string
		wantStatus int
		want       listingCosts
	}{
		{"/search/Toyota/notamodel", 404, listingCosts{}},
		{"/search/used-cars/toyota/notamodel/", 404, listingCosts{}},
		{"/search/toyota/corolla", 200, listingCosts{searches: 1, lists: 1, carReads: 1}},
		{"/search/Toyota/HiLux/", 200, listingCosts{searches: 1, lists: 1, carReads: 1}},
		// Sold an hour ago, within the default sold retention.
		{"/search/toyota/yaris", 200, listingCosts{searches: 1, lists: 1, carReads: 1}},
	} {
		t.Run(tt.path, func(t *testing.T) {
			var got listingCosts
			h := documentAPIWith(t, func(c fakeCars) shared.CarStore {
				c["car-y"] = shared.Car{ID: "y", Slug: "car-y", DealershipSlug: "riverside-toyota", CarType: shared.CarTypeUsed, ShowOnDealerWebsite: true,
					Make: "Toyota", Model: "Yaris", Year: 2020, Sold: true, Status: shared.StatusSold, SoldDateTimestamp: testNow.Add(-time.Hour).Unix()}
				return countingCars{c, &got}
			}, func(c *APIConfig) {
				c.Stats, c.Sitemaps, c.FirstSearch = stats, countingLists{&got}, countingSearcher{&got}
			})
			rec := get(h, tt.path, "riverside", testSecret)
			if rec.Code != tt.wantStatus {
				t.Fatalf("status %d, want %d", rec.Code, tt.wantStatus)
			}
			if tt.wantStatus == 404 && !strings.Contains(rec.Body.String(), "<title>Page not found") {
				t.Error("not the 404 page")
			}
			if got != tt.want {
				t.Errorf("costs %+v, want %+v", got, tt.want)
			}
		})
	}
}

// Issue 34: the document handler builds every page of the table
// (route.Pages), and has no builder for a head no page names.
func TestPageHeadsCoverTheTable(t *testing.T) {
	heads := (&apiServer{}).pageHeads()
	named := map[route.Head]bool{}
	for _, p := range route.Pages() {
		named[p.Head] = true
		if _, ok := heads[p.Head]; !ok {
			t.Errorf("page %s: the document handler has no builder for head %q", p.Name, p.Head)
		}
	}
	for h := range heads {
		if !named[h] {
			t.Errorf("head %q: no page of the table names it", h)
		}
	}
}

// Issue 32 "model spelling": a listing path naming a make carries that
// make's models in its inlined site data, so the app spells a lower-case
// path's model as the stock does (/search/toyota/hilux is "HiLux" in the
// heading, title and chip, as the painted heading is); other pages and
// GET /api/site carry no models (they would grow every page).
func TestDocumentInlinesListingMakeModels(t *testing.T) {
	stats := fakeStats{"riverside": {NbHits: 4, Facets: map[string]map[string]int{"make": {"Toyota": 3, "Kia": 1}},
		Models: map[string]map[string]int{"Toyota": {"HiLux": 1, "Corolla": 2}, "Kia": {"Seltos": 1}}}}
	h := documentAPIWith(t, func(c fakeCars) shared.CarStore { return c }, func(c *APIConfig) { c.Stats = stats })
	inlined := regexp.MustCompile(`(?s)<script id="forecourt-data" type="application/json">(.*?)</script>`)
	for _, tt := range []struct {
		path string
		want map[string]map[string]int
	}{
		{"/search/toyota/hilux", map[string]map[string]int{"Toyota": {"HiLux": 1, "Corolla": 2}}},
		{"/search/toyota", map[string]map[string]int{"Toyota": {"HiLux": 1, "Corolla": 2}}},
		{"/search/TOYOTA/corolla", map[string]map[string]int{"Toyota": {"HiLux": 1, "Corolla": 2}}},
		{"/search/used-cars", nil},
		{"/", nil},
		{"/api/site", nil},
	} {
		rec := get(h, tt.path, "riverside", testSecret)
		body := rec.Body.String()
		if m := inlined.FindStringSubmatch(body); m != nil {
			body = m[1]
		}
		var got SiteResponse
		if err := json.Unmarshal([]byte(body), &got); err != nil {
			t.Fatalf("%s: %d, site data unreadable: %v\n%s", tt.path, rec.Code, err, rec.Body)
		}
		if got.Stats == nil {
			t.Fatalf("%s: no stats", tt.path)
		}
		if a, b := fmt.Sprint(got.Stats.Models), fmt.Sprint(tt.want); a != b {
			t.Errorf("%s: stats.models %s, want %s", tt.path, a, b)
		}
	}
}

// Issue 32: the home page's painted quick search sends make, model and
// max_price to /search when pressed before the app runs; the document
// server answers with the listing of that make and model (spelled as the
// stock is), the price ceiling as its price range. /search without them
// stays the listing of all stock.
func TestDocumentQuickSearchRedirect(t *testing.T) {
	stats := fakeStats{"riverside": {NbHits: 4, Facets: map[string]map[string]int{"make": {"Toyota": 3}},
		Models: map[string]map[string]int{"Toyota": {"HiLux": 1, "Corolla": 2}}}}
	h := documentAPIWith(t, func(c fakeCars) shared.CarStore { return c }, func(c *APIConfig) { c.Stats = stats })
	for _, tt := range []struct {
		path, want string
		status     int
	}{
		{"/search?make=Toyota&model=HiLux&max_price=50000", "/search/Toyota/HiLux?price=:50000", 303},
		{"/search?make=toyota&model=hilux&max_price=", "/search/Toyota/HiLux", 303},
		{"/search?make=&model=Corolla&max_price=", "/search/Toyota/Corolla", 303},
		{"/search?make=&model=&max_price=", seo.ListingPath, 303},
		{"/search", "", 200},
	} {
		rec := get(h, tt.path, "riverside", testSecret)
		if rec.Code != tt.status || rec.Header().Get("Location") != tt.want {
			t.Errorf("%s: %d to %q, want %d to %q", tt.path, rec.Code, rec.Header().Get("Location"), tt.status, tt.want)
		}
	}
}
