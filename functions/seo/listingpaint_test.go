package seo

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"forecourt/functions/algolia"
	"forecourt/shared"
)

// listingNow is the listing paint tests' clock.
var listingNow = time.Date(2026, 11, 24, 4, 0, 0, 0, time.UTC)

// listingSite is riverside with the defaults GET /api/site serves and the
// card's features on: favourites, compare, phone links, reserving and the
// site-default finance estimate.
func listingSite() shared.Site {
	s := riverside()
	shared.ApplyDefaults(&s)
	s.Features.Favourites, s.Features.Compare, s.Features.PhoneLinks, s.Features.Reserve = true, true, true, true
	s.Features.ReservePath = "checkout"
	s.Reserve.Deposit = 200
	s.Phones.Used = "07 3000 0002"
	s.Finance.DefaultRateEstimate, s.Finance.WeeklyOnCard = true, true
	s.Card.LocationOverlay = true
	return s
}

// hitOf is a car as the listing's search answers it: the index record
// (algolia.NewRecord) through JSON, as the browser and the document
// handler's search both receive it.
func hitOf(t *testing.T, c shared.Car, below ...string) Hit {
	t.Helper()
	rec, err := algolia.NewRecord(shared.IndexedCar{Car: c, Placement: shared.Placement{Sites: []string{"riverside-toyota"}, BelowMarketSites: below}}).Map()
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	var h Hit
	if err := json.Unmarshal(b, &h); err != nil {
		t.Fatal(err)
	}
	return h
}

// listingHits are three cards that between them show every part: a used
// car below market with a photo, finance, Reserve Now and the phone; a
// sold car with no photo; a new car with a was-price and a thumbnail only.
func listingHits(t *testing.T) []Hit {
	used := corolla()
	used.StockNum, used.LocationName, used.CreatedAt = "T123", "Riverside Toyota Sales", listingNow.Add(-30*24*time.Hour)
	sold := corolla()
	sold.ID, sold.Slug, sold.Year, sold.Sold, sold.Status = "c2", "2019-toyota-corolla-old", 2019, true, shared.StatusSold
	sold.PrimaryImageURL, sold.Images, sold.Badge, sold.Series = "", nil, "", ""
	fresh := corolla()
	fresh.ID, fresh.Slug, fresh.CarType, fresh.Year, fresh.KM = "c3", "2026-toyota-corolla-zr-new", shared.CarTypeNew, 2026, 10
	fresh.Badge, fresh.Series, fresh.Price, fresh.BeforePrice, fresh.PriceType = "ZR", "MZEA12R", 38990, 40990, "Drive Away"
	fresh.PrimaryImageURL, fresh.Images, fresh.Thumbnails, fresh.CreatedAt = "", nil, []string{"/media/cars/c3/thumb.png"}, listingNow.Add(-time.Hour)
	return []Hit{hitOf(t, used, "riverside-toyota"), hitOf(t, sold), hitOf(t, fresh), hitOf(t, corolla())}
}

func listingResults(t *testing.T) ListingResults {
	return ListingResults{Hits: listingHits(t), NbHits: 42, Facets: map[string]map[string]int{
		"car_type":    {"used": 30, "new": 12},
		"simple_body": {"Hatch": 20, "SUV": 15, "Ute": 7},
	}}
}

var listingSearch = ListingSearch{Index: "cars", SortIndices: map[string]string{"latest": "cars_latest", "price_asc": "cars_price_asc"}}

// Issue 14 first paint: the listing of all stock paints its heading with
// the count, the toolbar, the body tiles and the first three cards as the
// app's first render with the same results shows them.
func TestListingPaint(t *testing.T) {
	p := Page{Site: listingSite(), Origin: "https://riverside.example", Path: ListingPath}
	paint := p.ListingPaint(Listing{}, nil, listingResults(t), listingSearch, listingNow)
	if paint == nil || paint.Listing == nil {
		t.Fatal("the listing of all stock is not painted")
	}
	lp := paint.Listing
	if paint.Route != "listing" || lp.Title != "New, used and demo cars" || lp.Count != "42 cars found" {
		t.Errorf("route %q, title %q, count %q", paint.Route, lp.Title, lp.Count)
	}
	if got := strings.Join(lp.Tiles, ","); got != "Hatch,SUV,Ute" {
		t.Errorf("body tiles %q, want the most common first", got)
	}
	if len(lp.Sort) != 3 || !lp.Sort[0].Selected || lp.Sort[0].Value != "cars" || lp.Sort[2].Value != "cars_price_asc" {
		t.Errorf("sort options %+v: relevance on the main index (selected), latest, lowest price; highest price has no index", lp.Sort)
	}
	if len(lp.Cards) != ListingPaintCards {
		t.Fatalf("%d cards painted, want %d", len(lp.Cards), ListingPaintCards)
	}
	used, sold, fresh := lp.Cards[0], lp.Cards[1], lp.Cards[2]
	for _, tt := range []struct {
		name      string
		got, want any
	}{
		{"title", used.Title, "2021 Toyota Corolla"},
		{"chips (spec 000 §2)", strings.Join(used.Chips, "|"), "Used|Hatch|35,120 km|Automatic|Stock #T123"},
		{"below market from the record's sites (issue 17)", used.BelowMarket, true},
		{"weekly finance estimate", used.Finance != nil && used.Finance.AmountText != "", true},
		{"reserve path", used.Reserve != nil && used.Reserve.Path == "/cars/2021-toyota-corolla-ascent-sport-abc/checkout", true},
		{"masked phone (spec 000 §4)", used.Masked, "07 30XX XXXX"},
		{"location overlay", used.Location, "Riverside Toyota Sales"},
		{"sold: its status and tag", sold.Status + "/" + string(sold.Tag.Kind), "sold/sold"},
		{"sold: no heart, compare, phone or reserve", sold.Heart || sold.Compare || sold.Phone != "" || sold.Reserve != nil, false},
		{"sold: find similar from the record", sold.Similar, "/search/Toyota/Corolla"},
		{"sold: no photo", sold.Photo == nil, true},
		{"new: tag within 8 days", fresh.Tag.Kind, shared.TagNew},
		{"new: was-price", fresh.Price.WasText, "$40,990"},
		{"new: the thumbnail is the photo", fresh.Photo != nil && fresh.Photo.Href == "/media/cars/c3/thumb.png", true},
	} {
		if tt.got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, tt.got, tt.want)
		}
	}
	// The head preloads the first card's photo as the card asks for it.
	pre := paint.LCPImage()
	if pre == nil || pre.Href != "/media/cars/c1/1.jpg" || pre.Sizes != CardSizes || !strings.Contains(pre.SrcSet, "/media/cars/c1/1.jpg?w=") {
		t.Errorf("LCP image %+v, want the first card's photo with its srcset and sizes", pre)
	}
	html := render(t, Head{Paint: paint, LCPImage: pre})
	for _, want := range []string{
		`data-paint="listing"`,
		`<img src="/media/cars/c1/1.jpg" srcset="/media/cars/c1/1.jpg?w=`,
		`alt="" loading="eager" fetchpriority="high" decoding="async" width="480" height="320" />`,
		`<link rel="preload" as="image" href="/media/cars/c1/1.jpg"`,
		`<span class="car-card__amount car-card__amount">$24,990</span>`,
		`<span class="car-card__amount car-card__amount">$38,990</span><span class="car-card__price-type">Drive Away</span>`,
		`<strong>` + used.Finance.AmountText + `</strong> per week*`,
		// Spec 001 §1 "weekly finance estimates on listings … with
		// disclaimers" (issue 33): what the asterisk refers to is on the
		// page, under the results, not only in the rate popup.
		`</ol><p class="results-fine-print">*` + shared.DefaultIndicativeDisclaimer + ` ` + shared.DefaultFinePrint + `</p>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("painted listing lacks %q", want)
		}
	}
	if n := strings.Count(html, `fetchpriority="high"`); n != 2 {
		t.Errorf("%d high-priority images or preloads, want the first card's photo and its preload", n)
	}
}

// The paint covers only what it reproduces: nil, leaving the page to the
// app as before, where the first render would differ.
func TestListingPaintNotPainted(t *testing.T) {
	p := Page{Site: listingSite(), Origin: "https://riverside.example", Path: ListingPath}
	for _, tt := range []struct {
		name    string
		listing Listing
		query   url.Values
		results func(ListingResults) ListingResults
	}{
		{name: "a path preset (its filter chip is the app's)", listing: Listing{Make: "Toyota"}},
		// Issue 34: a type listing is painted, but past the count's cap the
		// app counts from the car_type facet of a search the page does not run.
		{name: "a car-type listing past the stock count cap", listing: Listing{Types: []shared.CarType{shared.CarTypeUsed}},
			results: func(r ListingResults) ListingResults { r.NbHits = shared.StockCountCap + 1; return r }},
		{name: "a body tile's path", listing: Listing{Body: "SUV"}},
		{name: "a query", query: url.Values{"query": {"corolla"}}},
		{name: "a later page", query: url.Values{"page": {"2"}}},
		{name: "no hits", results: func(r ListingResults) ListingResults { r.Hits = nil; return r }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := listingResults(t)
			if tt.results != nil {
				r = tt.results(r)
			}
			if got := p.ListingPaint(tt.listing, tt.query, r, listingSearch, listingNow); got != nil {
				t.Errorf("painted %+v, want nil", got.Listing)
			}
		})
	}
}

// Spec 001 §3, §9 promo tiles and the CTA card: a tile or the CTA among
// the first cards would stand where the paint has a car, so the paint
// stops before the first position any of them can take.
func TestListingPaintStopsBeforePromotions(t *testing.T) {
	tile := func(id string, pos int) shared.PromoTile { return shared.PromoTile{ID: id, Title: id, Position: pos} }
	for _, tt := range []struct {
		name  string
		edit  func(*shared.Site)
		cards int
	}{
		{"the default positions (8, 17) are past the first cards", func(s *shared.Site) { s.Promotions = []shared.PromoTile{tile("a", 0)} }, 3},
		{"a tile's own position 2", func(s *shared.Site) { s.Promotions = []shared.PromoTile{tile("a", 2)} }, 1},
		{"the site's first position 3, taken by the first tile", func(s *shared.Site) {
			s.Search.PromoPositions = []int{3, 9}
			s.Promotions = []shared.PromoTile{tile("a", 0)}
		}, 2},
		{"the site's second position 1, taken by the second tile", func(s *shared.Site) {
			s.Search.PromoPositions = []int{9, 1}
			s.Promotions = []shared.PromoTile{tile("a", 0), tile("b", 0)}
		}, 0},
		{"in random order only the first position is used", func(s *shared.Site) {
			s.Search.PromoPositions, s.Search.PromoRandomOrder = []int{9, 1}, true
			s.Promotions = []shared.PromoTile{tile("a", 0), tile("b", 0)}
		}, 3},
		{"a tile not started yet is not shown", func(s *shared.Site) {
			t := tile("a", 1)
			t.Start = "2999-01-01"
			s.Promotions = []shared.PromoTile{t}
		}, 3},
		{"a strict tile for demo cars does not show on the unrefined listing", func(s *shared.Site) {
			t := tile("a", 2)
			t.Display, t.StrictDisplay = []shared.CarType{shared.CarTypeDemo}, true
			s.Promotions = []shared.PromoTile{t}
		}, 3},
		{"the CTA card at position 2", func(s *shared.Site) {
			s.Search.CTA, s.Search.CTAPosition = &shared.PromoTile{ID: "cta", Title: "Sell"}, 2
		}, 1},
		{"the CTA past the results follows the last car", func(s *shared.Site) {
			s.Search.CTA, s.Search.CTAPosition = &shared.PromoTile{ID: "cta", Title: "Sell"}, 100
		}, 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			site := listingSite()
			tt.edit(&site)
			p := Page{Site: site, Origin: "https://riverside.example", Path: ListingPath}
			paint := p.ListingPaint(Listing{}, nil, listingResults(t), listingSearch, listingNow)
			got := 0
			if paint != nil {
				got = len(paint.Listing.Cards)
			}
			if got != tt.cards {
				t.Errorf("%d cards painted, want %d", got, tt.cards)
			}
		})
	}
}

// listingFixture is the painted listing's input as JSON, beside its golden
// file: web/src/components/search/CarCard.paint.test.tsx renders CarCard
// for each hit on this site at this time and compares it with the cards
// of testdata/heads/listing-painted.html, so a change to the card on
// either side is caught without a browser.
type listingFixture struct {
	Site shared.Site `json:"site"`
	Hits []Hit       `json:"hits"`
	Now  time.Time   `json:"now"`
}

func TestListingPaintFixture(t *testing.T) {
	b, err := json.MarshalIndent(listingFixture{Site: listingSite(), Hits: listingResults(t).Hits[:ListingPaintCards], Now: listingNow}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, '\n')
	file := filepath.Join("testdata", "heads", "listing-painted.json")
	if *update {
		if err := os.WriteFile(file, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if string(want) != string(b) {
		t.Errorf("%s is stale: run go test ./seo -run 'TestListingPaintFixture|TestHeadGolden' -update", file)
	}
}

// Issue 34: a car-type listing is painted with its title and the type's
// filter chips, and a promo tile shown only on other types' listings
// (spec 001 §3 display) leaves its cards painted.
func TestListingPaintTypeListing(t *testing.T) {
	site := listingSite()
	site.Promotions = []shared.PromoTile{{ID: "new-only", Title: "New car offer", Position: 1, Display: []shared.CarType{shared.CarTypeNew}, StrictDisplay: true}}
	for _, tt := range []struct {
		path, title, chips string
		cards              int
	}{
		{"/search/used-cars", "Used cars", "Condition: Used", ListingPaintCards},
		// Strict display: the tile needs every refined type in its display.
		{"/search/new-and-demo-cars", "New and demo cars", "Condition: Demo,Condition: New", ListingPaintCards},
		{"/search/new-cars", "New cars", "Condition: New", 0},
	} {
		l, ok := ParseListing(tt.path)
		if !ok {
			t.Fatalf("%s is not a listing", tt.path)
		}
		p := Page{Site: site, Origin: "https://riverside.example", Path: tt.path}
		paint := p.ListingPaint(l, nil, listingResults(t), listingSearch, listingNow)
		if tt.cards == 0 {
			// The new-only tile takes the first position there: not painted.
			if paint != nil {
				t.Errorf("%s: painted with the promo tile first", tt.path)
			}
			continue
		}
		if paint == nil || paint.Listing == nil {
			t.Fatalf("%s: not painted", tt.path)
		}
		lp := paint.Listing
		if lp.Title != tt.title || strings.Join(lp.Chips, ",") != tt.chips || len(lp.Cards) != tt.cards {
			t.Errorf("%s: title %q chips %q %d cards, want %q %q %d", tt.path, lp.Title, lp.Chips, len(lp.Cards), tt.title, tt.chips, tt.cards)
		}
	}
}
