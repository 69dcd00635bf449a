package route

import (
	"cmp"
	"slices"
	"strings"

	"forecourt/shared"
)

// Head is how the document handler builds a page's head (and its paint):
// from the row's own title and description (HeadApp), or from the record
// the path names.
type Head string

const (
	HeadApp             Head = "app"              // the row's title and description
	HeadHome            Head = "home"             // the home page, painted
	HeadListing         Head = "listing"          // a listing path (seo.ParseListing), painted
	HeadCar             Head = "car"              // a car, painted; 410 when sold past retention
	HeadOffers          Head = "offers"           // the offers page
	HeadOffer           Head = "offer"            // one offer, by its last segment
	HeadLocation        Head = "location"         // a location, or a dealership's first location
	HeadContactLocation Head = "contact-location" // a location by its contact slug
	HeadDealershipCars  Head = "dealership-cars"  // a dealership's cars: the row's text with {name}
	HeadContent         Head = "content"          // the site's Markdown page, or the 404
)

// Paint is what the server paints of a page before the scripts run (the
// #root's data-paint, web main.tsx); PaintShell is the bare app shell.
type Paint string

const (
	PaintShell   Paint = ""
	PaintHome    Paint = "home"
	PaintListing Paint = "listing"
	PaintCar     Paint = "car"
	// PaintLocation is a location page's name, address, hours and map box (functions/seo/templates/LocationPage.tmpl).
	PaintLocation Paint = "location"
	// PaintOffers is the offers page with its cards, PaintOffer one offer
	// (templates/OffersPage.tmpl, OfferCard.tmpl), from the offers inlined.
	PaintOffers Paint = "offers"
	PaintOffer  Paint = "offer"
	// PaintContent is the site's Markdown page, or the 404 (templates/ContentPage.tmpl).
	PaintContent Paint = "content"
	// The app's own pages: the page's heading and a box of the screen's
	// height for its form or list (templates/PageHead.tmpl), each its own
	// kind as each is its own route chunk (web PAINTED_ROUTES).
	PaintFinance         Paint = "finance"
	PaintTradeIn         Paint = "trade-in"
	PaintContact         Paint = "contact"
	PaintEnquiry         Paint = "enquiry"
	PaintBookTestDrive   Paint = "book-test-drive"
	PaintSignIn          Paint = "sign-in"
	PaintDealerships     Paint = "dealerships"
	PaintManufacturers   Paint = "manufacturers"
	PaintCompare         Paint = "compare"
	PaintTeam            Paint = "team"
	PaintContactLocation Paint = "contact-location"
	PaintDealershipCars  Paint = "dealership-cars"
)

// DocumentCache is the pages' edge cache: CloudFront keeps a page's shell a
// minute per host and path and serves a stale one for ten more while it
// refetches, so a sold car or a new price shows within a minute without a
// request ever waiting on the Lambda.
const DocumentCache = "public, max-age=60, stale-while-revalidate=600"

// GateAlways gates a page for every site (Page.Gate).
const GateAlways = "always"

// Page is one page of the web app (docs/contracts.md "Pages"). Adding a
// page is a row of Pages plus its component in web/src/app/routes.tsx.
type Page struct {
	// Name names the page in Go and in tests; the web knows it by Key.
	Name string
	// Paths are ServeMux-style patterns ({name} one segment, a final
	// {name...} the rest); the first is the canonical one of its aliases.
	Paths []string
	// SitePath names the site's features field holding the page's path
	// instead ("favourites_path").
	SitePath string
	// Title and Description are the head of a HeadApp or HeadDealershipCars
	// page; {name} stands for the record's name.
	Title, Description string
	// Head says how the head is built.
	Head Head
	// Gate is GateAlways, or a site features flag gating the page where it
	// is true, or "": a signed-out shopper goes to sign-in first (spec 001 §5).
	Gate string
	// Feature is a site features flag without which the site has no such
	// page ("" for every site).
	Feature string
	// Noindex keeps the page out of search results.
	Noindex bool
	// Paint is what the server paints before the scripts run.
	Paint Paint
	// Cache is the document's Cache-Control.
	Cache string
	// Sitemap lists the page's first path in the site's pages sitemap.
	Sitemap bool
}

// Gated reports whether the page needs a signed-in shopper on a site whose
// features flags flag reads.
func (p Page) Gated(flag func(name string) bool) bool {
	return p.Gate == GateAlways || (p.Gate != "" && flag(p.Gate))
}

// Pages lists every page of the web app, the catch-all content page last.
// Where two patterns could match one path, the more specific comes first,
// as react-router ranks them (TestPagesMatchTheirOwnPaths).
func Pages() []Page {
	app := func(name, title, description string, paths ...string) Page {
		return Page{Name: name, Paths: paths, Title: title, Description: description, Head: HeadApp, Cache: DocumentCache}
	}
	noindex := func(p Page) Page { p.Noindex = true; return p }
	gated := func(gate string, p Page) Page { p.Gate = gate; p.Noindex = true; return p }
	sitemap := func(p Page) Page { p.Sitemap = true; return p }
	painted := func(paint Paint, p Page) Page { p.Paint = paint; return p }
	data := func(name string, h Head, paint Paint, paths ...string) Page {
		return Page{Name: name, Paths: paths, Head: h, Paint: paint, Cache: DocumentCache}
	}
	// The trade-in entry points a site may name (spec 001 §2), and the old one.
	tradeIn := append(slices.Clone(shared.TradeInPaths), "/cars/trade-in")
	return []Page{
		data("Home", HeadHome, PaintHome, "/"),
		// The budget finder's /search?price=a:b goes to the listing.
		noindex(app("SearchRedirect", "Search cars", "Search our new, demo and used cars.", "/search")),
		data("Listing", HeadListing, PaintListing, "/search/{rest...}", "/cars"),
		painted(PaintTradeIn, sitemap(app("TradeIn", "Get a trade-in appraisal", "Tell us about your car and the dealership will appraise it and contact you with a value.", tradeIn...))),
		gated(GateAlways, app("Checkout", "Reserve online", "Reserve this car with a refundable deposit.", "/cars/{slug}/checkout", "/cars/{slug}/buy-online")),
		data("Car", HeadCar, PaintCar, "/cars/{slug}"),
		painted(PaintManufacturers, sitemap(app("Manufacturers", "Manufacturers", "The car makes we sell: browse stock by manufacturer.", "/manufacturers"))),
		painted(PaintDealerships, sitemap(app("Dealerships", "Our dealerships", "Our dealerships: addresses, opening hours and their cars for sale.", "/dealerships"))),
		{Name: "DealershipCars", Paths: []string{"/dealerships/{slug}/cars"}, Title: "Cars for sale at {name}", Description: "Browse the cars for sale at {name}.", Head: HeadDealershipCars, Paint: PaintDealershipCars, Cache: DocumentCache},
		painted(PaintFinance, sitemap(app("Finance", "Apply for car finance", "Apply for finance on your next car: a quick enquiry, and our finance team calls you back.", "/finance", "/finance-enquiry", "/apply-for-finance", "/finance-pre-approval"))),
		noindex(app("Success", "Thank you", "Your enquiry has been sent.", "/success")),
		painted(PaintContact, sitemap(app("Contact", "Contact us", "Call, e-mail or visit us, or send an enquiry online.", "/contact-us", "/contact"))),
		// The page the location views link (contact_path), by the name's contact slug.
		data("ContactLocation", HeadContactLocation, PaintContactLocation, "/contact-us/{slug}"),
		painted(PaintEnquiry, app("Enquiry", "General enquiry", "Ask us anything: send a general enquiry.", "/enquiry")),
		painted(PaintBookTestDrive, app("BookTestDrive", "Book a test drive", "Book a test drive at a time that suits you.", "/book-test-drive")),
		sitemap(data("Offers", HeadOffers, PaintOffers, "/special-offers")),
		data("Offer", HeadOffer, PaintOffer, "/offers/{manufacturer}/{id}", "/offers/{id}"),
		painted(PaintSignIn, noindex(app("SignIn", "Sign in", "Sign in to keep a watchlist of cars.", "/sign-in"))),
		// The watchlist (spec 000 §2) at the path the site names.
		{Name: "Watchlist", SitePath: "watchlist_path", Title: "Your watchlist", Description: "The cars you are watching.", Head: HeadApp, Noindex: true, Cache: DocumentCache},
		// Local favourites (spec 000 §4) at the path the site names.
		{Name: "Favourites", SitePath: "favourites_path", Title: "Your favourites", Description: "The cars you saved on this device.", Head: HeadApp, Noindex: true, Cache: DocumentCache},
		painted(PaintCompare, noindex(app("Compare", "Compare cars", "Cars side by side.", "/compare"))),
		data("Location", HeadLocation, PaintLocation, "/locations/{slug}"),
		data("Team", HeadLocation, PaintTeam, "/teams/{slug}"),
		// Gated pages (spec 001 §5).
		gated(GateAlways, app("OnlinePayment", "Online payment", "Pay online.", "/online-payment")),
		gated(GateAlways, app("CheckoutJourney", "Reserve online", "Reserve a car online with a refundable deposit.", "/checkout-journey")),
		func() Page {
			p := gated("spin_to_win_gated", app("SpinToWin", "Spin to win", "Spin to win.", "/spin-to-win"))
			p.Feature = "spin_to_win"
			return p
		}(),
		gated(GateAlways, app("PersonalisedFinance", "Your finance", "Your personalised finance.", "/personalised/finance")),
		noindex(app("Reservation", "Your reservation", "Your reservation.", "/reservations/{id}")),
		// Every other path: the site's content page, or the 404.
		data("Content", HeadContent, PaintContent, "/{path...}"),
	}
}

// SitePaths are the site's own page paths by the features field naming
// them (Page.SitePath), as MatchPage takes them; an unset one is its
// default, as ApplyDefaults would make it.
func SitePaths(f shared.Features) map[string]string {
	return map[string]string{
		"favourites_path": cmp.Or(f.FavouritesPath, shared.DefaultFavouritesPath),
		"watchlist_path":  cmp.Or(f.WatchlistPath, shared.DefaultWatchlistPath),
	}
}

// CheckSitePaths refuses a site path that is already a page of the table
// (watchlist_path "/cars" would take the listing's place) or the other
// site path: MatchPage tries the site's paths first.
func CheckSitePaths(f shared.Features) error {
	seen := map[string]string{}
	for _, field := range []string{"favourites_path", "watchlist_path"} {
		p := SitePaths(f)[field]
		if other, ok := seen[p]; ok {
			return shared.FieldError("features."+field, "%q is also features.%s", p, other)
		}
		seen[p] = field
		if pg, _ := MatchPage(p, nil); pg.Head != HeadContent {
			return shared.FieldError("features."+field, "%q is the %s page's path", p, pg.Name)
		}
	}
	return nil
}

// MatchPage finds the page of a path: the site's own paths first
// (sitePaths, by Page.SitePath: "favourites_path" -> "/favourites"), then
// the first row whose pattern matches, with its variables. Every path
// matches, the last row being the catch-all.
func MatchPage(path string, sitePaths map[string]string) (Page, map[string]string) {
	all := Pages()
	for _, p := range all {
		if p.SitePath != "" && sitePaths[p.SitePath] != "" && sitePaths[p.SitePath] == path {
			return p, nil
		}
	}
	for _, p := range all {
		for _, pattern := range p.Paths {
			if vars, ok := match(pattern, path); ok {
				return p, vars
			}
		}
	}
	return Page{}, nil // unreachable: the catch-all matches
}

// match matches a cleaned path ("/a/b") against a pattern.
func match(pattern, path string) (map[string]string, bool) {
	pat := split(pattern)
	segs := split(path)
	vars := map[string]string{}
	for i, ps := range pat {
		if name, ok := strings.CutSuffix(strings.TrimPrefix(ps, "{"), "...}"); ok && strings.HasPrefix(ps, "{") {
			vars[name] = strings.Join(segs[min(i, len(segs)):], "/")
			return vars, true
		}
		if i >= len(segs) {
			return nil, false
		}
		if name, ok := strings.CutSuffix(strings.TrimPrefix(ps, "{"), "}"); ok && strings.HasPrefix(ps, "{") {
			if segs[i] == "" {
				return nil, false
			}
			vars[name] = segs[i]
			continue
		}
		if ps != segs[i] {
			return nil, false
		}
	}
	return vars, len(segs) == len(pat)
}

func split(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// RouterPath is a pattern in react-router's syntax: {name} becomes :name
// and a final {name...} becomes *.
func RouterPath(pattern string) string {
	segs := strings.Split(pattern, "/")
	for i, s := range segs {
		switch {
		case strings.HasPrefix(s, "{") && strings.HasSuffix(s, "...}"):
			segs[i] = "*"
		case strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}"):
			segs[i] = ":" + strings.Trim(s, "{}")
		}
	}
	return strings.Join(segs, "/")
}

// WebPage is a page as the web's router reads it (the PAGES constant of
// web/src/lib/types.ts): no heads, no cache, only what routes.tsx needs,
// so the listing's initial JavaScript carries no more. The web knows a page
// by its key (Key): its first path, which the bundle holds anyway, costs
// the listing's initial JavaScript less than a name would.
type WebPage struct {
	// Paths are react-router patterns; none for a SitePath page.
	Paths    []string `json:"paths,omitempty"`
	SitePath string   `json:"site_path,omitempty"`
	Gate     string   `json:"gate,omitempty"`
	// Feature is the site flag without which the page is not the site's:
	// its gate does not apply (a shopper is not sent to sign in for a 404).
	Feature string `json:"feature,omitempty"`
}

// Key is how the web names the page (routes.tsx PAGE_COMPONENTS): its
// first path as the router reads it, or its SitePath.
func (p Page) Key() string {
	if p.SitePath != "" {
		return p.SitePath
	}
	return RouterPath(p.Paths[0])
}

// Paints are the kinds of page the server paints (the rows' Paint, each
// once, in table order). The web keys PAINTED_ROUTES (routes.tsx) and the
// build's ROUTE_PAGES (vite.config.ts) by them; tsgen declares them as the
// PaintKind type, so the web does not type-check when either misses or adds
// one.
func Paints() []string {
	var out []string
	for _, p := range Pages() {
		if p.Paint != PaintShell && !slices.Contains(out, string(p.Paint)) {
			out = append(out, string(p.Paint))
		}
	}
	return out
}

// WebPages are the pages for the web's router, in table order.
func WebPages() []WebPage {
	var out []WebPage
	for _, p := range Pages() {
		w := WebPage{SitePath: p.SitePath, Gate: p.Gate}
		if p.Gate != "" {
			w.Feature = p.Feature
		}
		for _, path := range p.Paths {
			w.Paths = append(w.Paths, RouterPath(path))
		}
		out = append(out, w)
	}
	return out
}
