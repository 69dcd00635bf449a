package seo

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"forecourt/shared"
)

// builtIndex is what `vite build` writes (web/index.html with hashed scripts).
const builtIndex = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Search new, used and demo cars." />
    <title>Cars for sale</title>
    <link rel="icon" href="data:," />
    <link rel="preload" href="/api/site" as="fetch" crossorigin="anonymous" />
    <script type="module" crossorigin src="/assets/rolldown-runtime-0.js"></script>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <script id="forecourt-route-assets" type="application/json">{"home":{"js":["/assets/HomePage-1.js","/assets/CarStrip-2.js"],"css":["/assets/HomePage-3.css","/assets/CarStrip-5.css"]},"car":{"js":["/assets/CarRoute-4.js"],"css":[]},"listing":{"js":["/assets/SearchPage-7.js"],"css":["/assets/SearchPage-8.css"]}}</script>
    <script id="forecourt-paint-first" defer src="/assets/paint-first-9.js"></script>
    <script id="forecourt-build-assets" type="application/json">{"certified-badge":"/assets/certified-used-6.svg"}</script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`

func mustShell(t *testing.T) *Shell {
	t.Helper()
	s, err := ParseShell([]byte(builtIndex))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func render(t *testing.T, h Head) string {
	t.Helper()
	var buf bytes.Buffer
	if err := mustShell(t).Render(&buf, h); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// jsonLD parses every JSON-LD script of a page back, as a crawler does.
func jsonLD(t *testing.T, page string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, m := range regexp.MustCompile(`(?s)<script type="application/ld\+json">(.*?)</script>`).FindAllStringSubmatch(page, -1) {
		var v map[string]any
		if err := json.Unmarshal([]byte(m[1]), &v); err != nil {
			t.Fatalf("JSON-LD %q: %v", m[1], err)
		}
		out = append(out, v)
	}
	return out
}

// Issue 14 "a real HTML head before any script runs": the build's generic
// title, description, icon and /api/site preload are replaced by the page's
// own; the scripts and the root stay.
func TestShellReplacesTheGenericHead(t *testing.T) {
	page := render(t, Head{Lang: "en-AU", Title: "2021 Toyota Corolla | Riverside", Description: "Used car", Canonical: "https://riverside.example/cars/x",
		ThemeColor: "#112233", Icon: "https://riverside.example/logo.png", OGType: "product", Image: "https://riverside.example/media/x.jpg"})
	for _, want := range []string{
		`<html lang="en-AU">`,
		`<title>2021 Toyota Corolla | Riverside</title>`,
		`<meta name="description" content="Used car" />`,
		`<link rel="canonical" href="https://riverside.example/cars/x" />`,
		`<meta name="theme-color" content="#112233" />`,
		`<link rel="icon" href="https://riverside.example/logo.png" />`,
		`<meta property="og:type" content="product" />`,
		`<meta property="og:image" content="https://riverside.example/media/x.jpg" />`,
		`<meta name="twitter:card" content="summary_large_image" />`,
		`<script type="module" crossorigin src="/assets/index-abc123.js"></script>`,
		`<div id="root"></div>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s:\n%s", want, page)
		}
	}
	for _, gone := range []string{"Cars for sale", "Search new, used and demo cars.", `href="data:,"`, `href="/api/site"`} {
		if strings.Contains(page, gone) {
			t.Errorf("page still has %q", gone)
		}
	}
	if strings.Index(page, "<title>") > strings.Index(page, "</head>") {
		t.Error("the title is not in the head")
	}
}

// Issue 14 first paint: a page whose route is a lazy page (home, car)
// loads that page's chunks and CSS with the entry, from the build's list,
// which no page carries itself. Only the page's own CSS (the list's first)
// blocks the first paint, which it styles; the CSS of what it imports
// (rows below the fold) is fetched alongside and applied by the chunk.
func TestShellPreloadsTheRoutePage(t *testing.T) {
	tests := []struct {
		route      string
		want, gone []string
	}{
		{"home", []string{`<link rel="modulepreload" crossorigin href="/assets/HomePage-1.js" />`,
			`<link rel="modulepreload" crossorigin href="/assets/CarStrip-2.js" />`,
			`<link rel="stylesheet" crossorigin href="/assets/HomePage-3.css" />`,
			`<link rel="preload" as="style" crossorigin href="/assets/CarStrip-5.css" />`}, []string{"CarRoute-4.js", `rel="stylesheet" crossorigin href="/assets/CarStrip-5.css"`}},
		{"car", []string{`<link rel="modulepreload" crossorigin href="/assets/CarRoute-4.js" />`}, []string{"HomePage-1.js", "HomePage-3.css"}},
		{"", nil, []string{"HomePage-1.js", "CarRoute-4.js"}},
	}
	for _, tt := range tests {
		t.Run(tt.route, func(t *testing.T) {
			page := render(t, Head{Route: tt.route})
			for _, w := range tt.want {
				if !strings.Contains(page, w) || strings.Index(page, w) > strings.Index(page, "</head>") {
					t.Errorf("head lacks %s:\n%s", w, page)
				}
			}
			for _, g := range append(tt.gone, "forecourt-route-assets", "forecourt-build-assets") {
				if strings.Contains(page, g) {
					t.Errorf("page has %s:\n%s", g, page)
				}
			}
		})
	}
}

// Issue 14 first paint: a page the shell paints loads the app only once
// it is on screen. Its head has no module script: the boot script
// (web/src/app/paintFirst.js) adds the entry's (data-entry) and the route
// page's chunks (data-preload) after the window's load; the route's CSS
// stays, as the painted markup needs it. Every other page loads the
// entry as the build wrote it and has no boot script.
func TestShellPaintedPageBootsAfterItsPaint(t *testing.T) {
	boot := `<script id="forecourt-paint-first" defer src="/assets/paint-first-9.js" data-entry="/assets/rolldown-runtime-0.js /assets/index-abc123.js" data-preload="/assets/CarRoute-4.js"></script>`
	tests := []struct {
		name       string
		head       Head
		want, gone []string
	}{
		{"painted car", Head{Route: "car", Paint: &Paint{Route: "car"}},
			[]string{boot},
			[]string{`<script type="module"`, `rel="modulepreload"`}},
		{"painted home", Head{Route: "home", Paint: &Paint{Route: "home"}},
			[]string{`data-preload="/assets/HomePage-1.js /assets/CarStrip-2.js"`,
				`<link rel="stylesheet" crossorigin href="/assets/HomePage-3.css" />`,
				// Every CSS file of a painted route is a stylesheet: the painted
				// markup may use any (the location page's came fourth in its chunk).
				`<link rel="stylesheet" crossorigin href="/assets/CarStrip-5.css" />`},
			[]string{`<script type="module"`, `rel="modulepreload"`}},
		{"car not painted", Head{Route: "car"},
			[]string{`<script type="module" crossorigin src="/assets/rolldown-runtime-0.js"></script>`,
				`<script type="module" crossorigin src="/assets/index-abc123.js"></script>`,
				`<link rel="modulepreload" crossorigin href="/assets/CarRoute-4.js" />`},
			[]string{"paint-first"}},
		{"no route", Head{}, []string{`src="/assets/index-abc123.js"`}, []string{"paint-first"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page := render(t, tt.head)
			head := page[:strings.Index(page, "</head>")]
			for _, w := range tt.want {
				if !strings.Contains(head, w) {
					t.Errorf("head lacks %s:\n%s", w, head)
				}
			}
			for _, g := range tt.gone {
				if strings.Contains(page, g) {
					t.Errorf("page has %s:\n%s", g, page)
				}
			}
		})
	}
}

// A build without the boot script (an older index.html) paints as before:
// the entry's scripts stay in the head.
func TestShellWithoutBootKeepsTheEntry(t *testing.T) {
	s, err := ParseShell([]byte(strings.Replace(builtIndex, `<script id="forecourt-paint-first" defer src="/assets/paint-first-9.js"></script>`, "", 1)))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := s.Render(&buf, Head{Route: "car", Paint: &Paint{Route: "car"}}); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`<script type="module" crossorigin src="/assets/index-abc123.js"></script>`, `<link rel="modulepreload" crossorigin href="/assets/CarRoute-4.js" />`} {
		if !strings.Contains(buf.String(), w) {
			t.Errorf("page lacks %s:\n%s", w, buf.String())
		}
	}
}

// Values from feeds and tenant files are escaped: a car name cannot close
// the title or a script, and inlined JSON parses back to what was given.
func TestShellEscapes(t *testing.T) {
	evil := `</title><script>alert(1)</script>`
	data := map[string]string{"name": `</script><script>alert(2)</script>`}
	page := render(t, Head{Title: evil, Description: `"quoted"`, JSONLD: []any{map[string]string{"name": evil}}, Data: data})
	if strings.Contains(page, "<script>alert") {
		t.Fatalf("unescaped markup in the page:\n%s", page)
	}
	m := regexp.MustCompile(`(?s)<script id="forecourt-data" type="application/json">(.*?)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no inlined data:\n%s", page)
	}
	var got map[string]string
	if err := json.Unmarshal([]byte(m[1]), &got); err != nil || got["name"] != data["name"] {
		t.Errorf("inlined data: got %v (%v), want %v", got, err, data)
	}
	if ld := jsonLD(t, page); len(ld) != 1 || ld[0]["name"] != evil {
		t.Errorf("JSON-LD: got %v", ld)
	}
}

func TestParseShellNeedsHTMLAndHead(t *testing.T) {
	for _, in := range []string{"<div id=root></div>", "<html><body></body></html>"} {
		if _, err := ParseShell([]byte(in)); err == nil {
			t.Errorf("ParseShell(%q): want an error", in)
		}
	}
}

// An index.html may write #root's id in any of HTML's attribute forms (the
// dev gateway's tests write it unquoted); a painted page goes inside it.
func TestParseShellFindsRootInEveryAttributeForm(t *testing.T) {
	for _, root := range []string{`<div id="root">`, `<div id='root'>`, `<div id=root>`} {
		in := `<!doctype html><html><head><title>x</title></head><body>` + root + `</div></body></html>`
		if _, err := ParseShell([]byte(in)); err != nil {
			t.Errorf("ParseShell with %s: %v", root, err)
		}
	}
}

// Issue 14 "an absolute canonical on the tenant's primary domain (page 1
// and default parameters left out)".
func TestCanonical(t *testing.T) {
	site := shared.Site{Domains: []string{"WWW.Riverside.example", "riverside.example"}}
	if got := Origin(site, "x.cloudfront.net"); got != "https://www.riverside.example" {
		t.Errorf("Origin: got %q, want the first domain over https", got)
	}
	if got := Origin(shared.Site{}, "riverside-toyota.localhost:8080"); got != "http://riverside-toyota.localhost:8080" {
		t.Errorf("Origin without domains: got %q, want the request's host", got)
	}
	// Issue 32 item 9: a used-only site's listing of all its stock is its
	// used listing, and /cars names that, not the all-types path.
	const used = "/search/used-cars"
	for _, tt := range []struct{ in, listing, want string }{
		{"", ListingPath, "/"},
		{"/", ListingPath, "/"},
		{"/cars", ListingPath, ListingPath},
		{"/cars/", ListingPath, ListingPath},
		{"/search", ListingPath, ListingPath},
		{"/search/new-used-and-demo-cars", ListingPath, ListingPath},
		{"/search/used-cars", ListingPath, "/search/used-cars/"},
		{"/search/Toyota/Corolla/", ListingPath, "/search/Toyota/Corolla/"},
		{"/cars/2021-toyota-corolla-abc", ListingPath, "/cars/2021-toyota-corolla-abc"},
		{"/about-us/", ListingPath, "/about-us"},
		{"/a//b/../c", ListingPath, "/a/c"},
		{"/cars", used, "/search/used-cars/"},
		{"/search", used, "/search/used-cars/"},
		{"/search/new-used-and-demo-cars/", used, "/search/used-cars/"},
		{"/search/used-cars", used, "/search/used-cars/"},
		{"/search/Toyota/", used, "/search/Toyota/"},
	} {
		if got := CanonicalPath(tt.in, tt.listing); got != tt.want {
			t.Errorf("CanonicalPath(%q, %q): got %q, want %q", tt.in, tt.listing, got, tt.want)
		}
	}
}

func TestParseListing(t *testing.T) {
	for _, tt := range []struct {
		path string
		want Listing
		ok   bool
	}{
		{"/cars", Listing{}, true},
		{"/search/new-used-and-demo-cars/", Listing{}, true},
		{"/search/used-cars/", Listing{Types: []shared.CarType{shared.CarTypeUsed}}, true},
		{"/search/new-and-demo-cars", Listing{Types: []shared.CarType{shared.CarTypeDemo, shared.CarTypeNew}}, true},
		{"/search/Toyota/", Listing{Make: "Toyota"}, true},
		{"/search/Land%20Rover/Range%20Rover", Listing{Make: "Land Rover", Model: "Range Rover"}, true},
		{"/cars/some-car", Listing{}, false},
		{"/about", Listing{}, false},
	} {
		got, ok := ParseListing(tt.path)
		if ok != tt.ok || got.Make != tt.want.Make || got.Model != tt.want.Model || len(got.Types) != len(tt.want.Types) {
			t.Errorf("ParseListing(%q): got %+v %v, want %+v %v", tt.path, got, ok, tt.want, tt.ok)
		}
	}
}

func riverside() shared.Site {
	return shared.Site{Slug: "riverside-toyota", Name: "Riverside Toyota", Domains: []string{"riverside.example"},
		Theme: shared.Theme{PrimaryColor: "#eb0a1e"}, Logo: &shared.ImageRef{URL: "/media/logos/riverside.png"},
		Address: shared.Address{City: "Brisbane", State: "QLD"},
		Locations: []shared.Location{{ID: "loc-1", Name: "Riverside Toyota Sales", Slug: "sales",
			Address:       shared.Address{Street: "1 River Rd", City: "Brisbane", State: "QLD", Postcode: "4000", Lat: -27.47, Long: 153.02},
			ContactDetail: shared.ContactDetail{Phone: "07 3000 0000", OpeningHours: []shared.OpeningHours{{Weekday: 1, Status: "Open", Open: "08:30", Close: "17:00"}, {Weekday: 0, Status: "Closed"}}}}}}
}

func corolla() shared.Car {
	return shared.Car{ID: "c1", Slug: "2021-toyota-corolla-ascent-sport-abc", Year: 2021, Make: "Toyota", Model: "Corolla", Badge: "Ascent Sport",
		CarType: shared.CarTypeUsed, Status: shared.StatusInStock, Price: 24990, KM: 35120, VIN: "JTNKU3JE60J012345",
		SimpleBody: "Hatch", SimpleFuel: "Petrol", SimpleTransmission: "Automatic", Colour: "White", Seats: 5, Doors: 5,
		LocationID: "loc-1", City: "Brisbane", State: "QLD",
		PrimaryImageURL: "/media/cars/c1/1.jpg", Images: []shared.Image{{URL: "/media/cars/c1/1.jpg"}, {URL: "https://cdn.example/c1/2.jpg"}}}
}

// Issue 14 car page: title and description from year, make, model, badge,
// price, km and location; the car's photo for previews; a schema.org Car
// with the fields Google's vehicle listings need, and breadcrumbs.
func TestCarHead(t *testing.T) {
	p := Page{Site: riverside(), Origin: "https://riverside.example", Path: "/cars/2021-toyota-corolla-ascent-sport-abc"}
	car := corolla()
	h := p.Car(CarFacts{Car: car, View: shared.CarView{Available: true, Price: shared.PriceDisplay{Text: "$24,990", HasPrice: true, PriceType: "Drive Away"}}})
	if want := "2021 Toyota Corolla Ascent Sport $24,990 | Riverside Toyota"; h.Title != want {
		t.Errorf("title: got %q, want %q", h.Title, want)
	}
	for _, want := range []string{"Used 2021 Toyota Corolla Ascent Sport", "$24,990 Drive Away", "35,120 km", "Riverside Toyota Sales, Brisbane QLD"} {
		if !strings.Contains(h.Description, want) {
			t.Errorf("description %q lacks %q", h.Description, want)
		}
	}
	if h.Canonical != "https://riverside.example/cars/2021-toyota-corolla-ascent-sport-abc" || h.Image != "https://riverside.example/media/cars/c1/1.jpg" || h.OGType != "product" {
		t.Errorf("canonical %q, image %q, og:type %q", h.Canonical, h.Image, h.OGType)
	}
	ld := jsonLD(t, render(t, h))
	if len(ld) != 2 {
		t.Fatalf("JSON-LD: got %d objects, want Car and BreadcrumbList", len(ld))
	}
	c := ld[0]
	for field, want := range map[string]any{
		"@context": "https://schema.org", "@type": "Car", "name": "2021 Toyota Corolla Ascent Sport",
		"vehicleIdentificationNumber": "JTNKU3JE60J012345", "model": "Corolla", "vehicleModelDate": "2021",
		"itemCondition": ConditionUsed, "bodyType": "Hatch", "fuelType": "Petrol", "vehicleTransmission": "Automatic",
		"color": "White", "seatingCapacity": 5.0,
	} {
		if c[field] != want {
			t.Errorf("Car.%s: got %v, want %v", field, c[field], want)
		}
	}
	if b, _ := c["brand"].(map[string]any); b["@type"] != "Brand" || b["name"] != "Toyota" {
		t.Errorf("brand: got %v", c["brand"])
	}
	if m, _ := c["mileageFromOdometer"].(map[string]any); m["value"] != 35120.0 || m["unitCode"] != "KMT" {
		t.Errorf("mileage: got %v, want 35120 KMT", c["mileageFromOdometer"])
	}
	if imgs, _ := c["image"].([]any); len(imgs) != 2 || imgs[0] != "https://riverside.example/media/cars/c1/1.jpg" || imgs[1] != "https://cdn.example/c1/2.jpg" {
		t.Errorf("images: got %v, want both photos as absolute URLs, once each", c["image"])
	}
	o, _ := c["offers"].(map[string]any)
	if o["@type"] != "Offer" || o["price"] != 24990.0 || o["priceCurrency"] != "AUD" || o["availability"] != InStock {
		t.Errorf("offer: got %v", o)
	}
	seller, _ := o["seller"].(map[string]any)
	addr, _ := seller["address"].(map[string]any)
	if seller["@type"] != "AutoDealer" || seller["name"] != "Riverside Toyota Sales" || addr["streetAddress"] != "1 River Rd" || addr["addressCountry"] != "AU" {
		t.Errorf("seller: got %v", seller)
	}
	crumbs, _ := ld[1]["itemListElement"].([]any)
	if ld[1]["@type"] != "BreadcrumbList" || len(crumbs) != 5 {
		t.Fatalf("breadcrumbs: got %v", ld[1])
	}
	if last, _ := crumbs[4].(map[string]any); last["name"] != "2021 Toyota Corolla Ascent Sport" || last["position"] != 5.0 {
		t.Errorf("last crumb: got %v", last)
	}
}

// A sold car says so and offers nothing; a new car is NewCondition; a car
// without a price has no Offer (it would read as free); coming soon is a
// pre-order.
func TestCarDataStates(t *testing.T) {
	sold := corolla()
	sold.Sold, sold.Status = true, shared.StatusSold
	if got := CarData(sold, "u", nil, nil).Offers.Availability; got != SoldOut {
		t.Errorf("sold: got %q, want SoldOut", got)
	}
	soon := corolla()
	soon.Status = shared.StatusComingSoon
	if got := CarData(soon, "u", nil, nil).Offers.Availability; got != PreOrder {
		t.Errorf("coming soon: got %q, want PreOrder", got)
	}
	newCar := corolla()
	newCar.CarType = shared.CarTypeNew
	if got := CarData(newCar, "u", nil, nil).ItemCondition; got != ConditionNew {
		t.Errorf("new: got %q", got)
	}
	demo := corolla()
	demo.CarType = shared.CarTypeDemo
	if got := CarData(demo, "u", nil, nil).ItemCondition; got != ConditionUsed {
		t.Errorf("demo: got %q, want UsedCondition", got)
	}
	unpriced := corolla()
	unpriced.Price = 0
	if got := CarData(unpriced, "u", nil, nil).Offers; got != nil {
		t.Errorf("no price: got offer %+v, want none", got)
	}
}

// Issue 34: the listing is a lazy route page, out of the entry chunk, so a
// listing's document loads its chunks with the entry (painted: the boot
// script's data-preload, its CSS a stylesheet for the painted cards), not
// after the entry has run.
func TestListingHeadLoadsTheListingRoute(t *testing.T) {
	p := Page{Site: riverside(), Origin: "https://riverside.example", Path: "/search/new-used-and-demo-cars/"}
	tests := []struct {
		name    string
		listing Listing
		paint   *Paint
		want    []string
	}{
		{"all stock painted", Listing{}, &Paint{Route: "listing"},
			[]string{`data-preload="/assets/SearchPage-7.js"`, `<link rel="stylesheet" crossorigin href="/assets/SearchPage-8.css" />`}},
		{"used cars", Listing{Types: []shared.CarType{shared.CarTypeUsed}}, nil,
			[]string{`<link rel="modulepreload" crossorigin href="/assets/SearchPage-7.js" />`, `href="/assets/SearchPage-8.css"`}},
		{"make and model", Listing{Make: "Toyota", Model: "Corolla"}, nil,
			[]string{`<link rel="modulepreload" crossorigin href="/assets/SearchPage-7.js" />`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := p.Listing(tt.listing, 12)
			h.Paint = tt.paint
			page := render(t, h)
			head := page[:strings.Index(page, "</head>")]
			for _, w := range tt.want {
				if !strings.Contains(head, w) {
					t.Errorf("head lacks %s:\n%s", w, head)
				}
			}
		})
	}
}

// Issue 14 listing: its type, make and model, and the stock count.
func TestListingHead(t *testing.T) {
	p := Page{Site: riverside(), Origin: "https://riverside.example", Path: "/search/Toyota/Corolla"}
	h := p.Listing(Listing{Make: "Toyota", Model: "Corolla"}, 12)
	if h.Title != "Toyota Corolla cars for sale | Riverside Toyota" {
		t.Errorf("title: got %q", h.Title)
	}
	if !strings.HasPrefix(h.Description, "12 cars in stock at Riverside Toyota in Brisbane, QLD") {
		t.Errorf("description: got %q", h.Description)
	}
	if h.Canonical != "https://riverside.example/search/Toyota/Corolla/" {
		t.Errorf("canonical: got %q", h.Canonical)
	}
	used := Page{Site: riverside(), Origin: "https://riverside.example", Path: "/search/used-cars"}.Listing(Listing{Types: []shared.CarType{shared.CarTypeUsed}}, 1)
	if used.Title != "Used cars for sale | Riverside Toyota" || !strings.HasPrefix(used.Description, "1 car in stock") {
		t.Errorf("used listing: %q, %q", used.Title, used.Description)
	}
	ld := jsonLD(t, render(t, h))
	if len(ld) != 1 || ld[0]["@type"] != "BreadcrumbList" {
		t.Errorf("listing JSON-LD: got %v", ld)
	}
}

// Issue 14 location pages: an AutoDealer with address, geo, phone and
// opening hours (closed days left out); its url is the location's own page,
// the one the location cards link, also on its contact page.
func TestLocationHead(t *testing.T) {
	site := riverside()
	l, ok := FindLocation(site, "SALES")
	if !ok {
		t.Fatal("FindLocation: not found")
	}
	h := Page{Site: site, Origin: "https://riverside.example", Path: "/contact-us/sales"}.Location(l)
	ld := jsonLD(t, render(t, h))
	d := ld[0]
	if d["@type"] != "AutoDealer" || d["@context"] != "https://schema.org" || d["telephone"] != "07 3000 0000" || d["url"] != "https://riverside.example/locations/sales" {
		t.Errorf("dealer: got %v", d)
	}
	if geo, _ := d["geo"].(map[string]any); geo["latitude"] != -27.47 {
		t.Errorf("geo: got %v", d["geo"])
	}
	hours, _ := d["openingHoursSpecification"].([]any)
	if len(hours) != 1 || hours[0].(map[string]any)["dayOfWeek"] != "https://schema.org/Monday" || hours[0].(map[string]any)["opens"] != "08:30" {
		t.Errorf("hours: got %v", hours)
	}
	hidden := false
	site.Locations[0].Visible = &hidden
	if _, ok := FindLocation(site, "sales"); ok {
		t.Error("a hidden location has a page")
	}
}

// The home page names the site and its stock search (WebSite SearchAction).
func TestHomeHead(t *testing.T) {
	h := Page{Site: riverside(), Origin: "https://riverside.example", Path: "/"}.Home()
	ld := jsonLD(t, render(t, h))
	if len(ld) != 2 || ld[0]["@type"] != "WebSite" {
		t.Fatalf("home JSON-LD: got %v", ld)
	}
	action, _ := ld[0]["potentialAction"].(map[string]any)
	if action["target"] != "https://riverside.example"+ListingPath+"?query={search_term_string}" {
		t.Errorf("search action: got %v", action)
	}
	// The icon is same-origin (issue 14: an icon on the primary domain is a
	// console error wherever the page is served from another host); the
	// JSON-LD logo stays absolute.
	if h.Canonical != "https://riverside.example/" || h.Icon != "/media/logos/riverside.png" || h.ThemeColor != "#eb0a1e" {
		t.Errorf("home head: %+v", h)
	}
	if ld[1]["logo"] != "https://riverside.example/media/logos/riverside.png" {
		t.Errorf("organization logo: got %v", ld[1]["logo"])
	}
}

func TestNotFoundHead(t *testing.T) {
	h := Page{Site: riverside(), Origin: "https://riverside.example", Path: "/cars/gone"}.NotFound()
	if h.Status != 404 || h.Robots != "noindex" || h.Canonical != "" {
		t.Errorf("not found head: %+v", h)
	}
}

// Issue 14 first paint: a car page preloads the photo its gallery shows
// first, with the gallery's srcset and sizes, so the browser downloads it
// while the scripts load and uses the same file.
func TestGalleryPreload(t *testing.T) {
	tests := []struct {
		name string
		car  shared.Car
		want *ImagePreload
	}{
		{"the first of the car's images", shared.Car{PrimaryImageURL: "/media/cars/c1/0.jpg", Images: []shared.Image{{URL: "/media/cars/c1/1.jpg"}}},
			&ImagePreload{Href: "/media/cars/c1/1.jpg", Sizes: GallerySizes,
				SrcSet: "/media/cars/c1/1.jpg?w=320&f=webp 320w, /media/cars/c1/1.jpg?w=480&f=webp 480w, /media/cars/c1/1.jpg?w=640&f=webp 640w, /media/cars/c1/1.jpg?w=960&f=webp 960w, /media/cars/c1/1.jpg?w=1280&f=webp 1280w, /media/cars/c1/1.jpg?w=1920&f=webp 1920w"}},
		{"the primary image when there are no images", shared.Car{PrimaryImageURL: "https://cdn.example/a.jpg"},
			&ImagePreload{Href: "https://cdn.example/a.jpg", Sizes: GallerySizes}},
		{"an SVG has one size", shared.Car{Images: []shared.Image{{URL: "/media/demo/suv/grey.svg?angle=1"}}},
			&ImagePreload{Href: "/media/demo/suv/grey.svg?angle=1", Sizes: GallerySizes}},
		{"a placeholder shows no photo", shared.Car{PrimaryImageURL: "/media/no-image.jpg"}, nil},
		{"no photo", shared.Car{}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := GalleryPreload(tt.car)
			if (got == nil) != (tt.want == nil) || got != nil && *got != *tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

// Issue 32 item 9: the home page's title, description, stock search and
// "Browse all cars" name the stock the site sells: a used-only yard is not
// "new, used and demo cars", and its listing of everything is used cars.
func TestHomeSaysWhatTheSiteSells(t *testing.T) {
	usedOnly := riverside()
	usedOnly.Name = "Northside Used Cars"
	usedOnly.Stock.CarTypes = []shared.CarType{shared.CarTypeUsed}
	// Issue 33: override_city names the site's city in place of the address's.
	overridden := riverside()
	overridden.OverrideCity = "Greater Brisbane"
	tests := []struct {
		name, title, description, listing string
		site                              shared.Site
		absent                            []string
	}{
		{name: "franchise selling every type", site: riverside(),
			title:       "Riverside Toyota: new, used and demo cars for sale",
			description: "Browse new, used and demo cars for sale at Riverside Toyota in Brisbane, QLD.",
			listing:     "/search/new-used-and-demo-cars/"},
		{name: "override_city", site: overridden,
			title:       "Riverside Toyota: new, used and demo cars for sale",
			description: "Browse new, used and demo cars for sale at Riverside Toyota in Greater Brisbane, QLD.",
			listing:     "/search/new-used-and-demo-cars/"},
		{name: "used-only yard", site: usedOnly,
			title:       "Northside Used Cars: used cars for sale",
			description: "Browse used cars for sale at Northside Used Cars in Brisbane, QLD.",
			listing:     "/search/used-cars",
			absent:      []string{"new", "demo", "New", "Demo"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := Page{Site: tt.site, Origin: "https://site.example", Path: "/"}
			h := p.Home()
			if h.Title != tt.title {
				t.Errorf("title: got %q, want %q", h.Title, tt.title)
			}
			if !strings.HasPrefix(h.Description, tt.description) {
				t.Errorf("description: got %q, want it to start %q", h.Description, tt.description)
			}
			for _, w := range tt.absent {
				if strings.Contains(h.Title+h.Description, w) {
					t.Errorf("title or description says %q: %q %q", w, h.Title, h.Description)
				}
			}
			ld := jsonLD(t, render(t, h))
			action, _ := ld[0]["potentialAction"].(map[string]any)
			if want := "https://site.example" + tt.listing + "?query={search_term_string}"; action["target"] != want {
				t.Errorf("search action: got %v, want %s", action["target"], want)
			}
			if got := p.HomePaint(time.Now(), nil).Home.Listing; got != tt.listing {
				t.Errorf("Browse all cars: got %q, want %q", got, tt.listing)
			}
			// The listing of all stock is named for it too.
			if got, want := p.Listing(Listing{}, 3).Title, strings.ToUpper(tt.title[len(tt.site.Name)+2:][:1])+tt.title[len(tt.site.Name)+3:]+" | "+tt.site.Name; got != want {
				t.Errorf("listing title: got %q, want %q", got, want)
			}
		})
	}
}
