package seo

import (
	"fmt"
	"net/url"
	"path"
	"regexp"
	"strings"

	"forecourt/shared"
)

// ListingPath is the listing of all stock, where /cars and /search lead.
const ListingPath = "/search/new-used-and-demo-cars/"

// Origin is the scheme and host canonical URLs use: the site's primary
// domain (its first), else the host the request came to (a local site).
func Origin(site shared.Site, host string) string {
	if o := site.PrimaryOrigin(); o != "" {
		return o
	}
	return "http://" + host
}

// CanonicalPath is the path a page's canonical URL names on a site whose
// listing of all its stock is listing (shared.Site.StockListing: the
// all-types path, or "/search/used-cars" on a used-only site). Query
// parameters (filters, sort, page) are never part of it, so filtered
// listings and later pages do not compete with the listing itself; the
// listing's aliases (/cars, /search, the all-types path) name the listing.
func CanonicalPath(p, listing string) string {
	if p == "" {
		return "/"
	}
	listing = strings.TrimSuffix(path.Clean("/"+listing), "/") + "/"
	clean := path.Clean("/" + p)
	switch clean {
	case "/cars", "/search", ListingPath[:len(ListingPath)-1]:
		return listing
	}
	if strings.HasPrefix(clean, "/search/") {
		// Listing paths end in a slash, as the web writes them.
		return clean + "/"
	}
	return clean
}

// listingPath is the site's listing of all its stock, ending in a slash as
// the web writes listing paths.
func (p Page) listingPath() string {
	return CanonicalPath("/cars", p.Site.StockListing())
}

// Page is what every head of a site starts from.
type Page struct {
	Site shared.Site
	// Origin is Origin(site, host).
	Origin string
	// Path is the request's path.
	Path string
}

// URL is an absolute URL on the site for a path or URL.
func (p Page) URL(ref string) string {
	if ref == "" {
		return ""
	}
	if u, err := url.Parse(ref); err == nil && u.IsAbs() {
		return ref
	}
	if !strings.HasPrefix(ref, "/") {
		ref = "/" + ref
	}
	return p.Origin + ref
}

// base is the head every page shares: lang, theme colour, icon, site name,
// canonical of the path.
func (p Page) base(title, description string) Head {
	h := Head{
		Status: 200, Lang: DefaultLang, SiteName: p.Site.Name, OGType: "website",
		Title: title, Description: description,
		Canonical:  p.Origin + CanonicalPath(p.Path, p.Site.StockListing()),
		ThemeColor: p.Site.Theme.PrimaryColor,
		NoScript:   p.pageFallback(strings.TrimSuffix(title, " | "+p.Site.Name)),
	}
	if p.Site.Logo != nil && p.Site.Logo.URL != "" {
		// Same-origin, as the site config gives it: an absolute URL on the
		// primary domain fails wherever the page is served from another
		// host (a preview, locally), a console error on every page.
		h.Icon = p.Site.Logo.URL
	}
	return h
}

// titled appends the site's name: "Used cars for sale | Northside Used Cars".
func (p Page) titled(title string) string {
	if title == "" {
		return p.Site.Name
	}
	return title + " | " + p.Site.Name
}

func (p Page) home() Crumb { return Crumb{Name: "Home", URL: p.Origin + "/"} }

// Home is the home page's head, with the site and its stock search.
func (p Page) Home() Head {
	// Named for the stock the site sells (issue 32 item 9): a used-only
	// yard's title does not promise new and demo cars.
	words := p.Site.StockWords()
	h := p.base(p.Site.Name+": "+words+" for sale",
		fmt.Sprintf("Browse %s for sale at %s%s. Search the stock, see prices and enquire online.", words, p.Site.Name, p.where()))
	h.Canonical = p.Origin + "/"
	org := Organization{Context: schemaContext, Type: "AutoDealer", Name: p.Site.Name, URL: p.Origin + "/", Logo: p.URL(h.Icon)}
	site := WebSite{Context: schemaContext, Type: "WebSite", Name: p.Site.Name, URL: p.Origin + "/",
		PotentialAction: &SearchAction{Type: "SearchAction", Target: p.Origin + p.Site.StockListing() + "?query={search_term_string}", QueryInput: "required name=search_term_string"}}
	h.JSONLD = []any{site, org}
	h.Route = "home"
	return h
}

// where is " in Brisbane, QLD" from the site's address, its city the
// site's override_city when set, or "".
func (p Page) where() string {
	a := p.Site.Address
	city := a.City
	if c := strings.TrimSpace(p.Site.OverrideCity); c != "" {
		city = c
	}
	switch {
	case city != "" && a.State != "":
		return " in " + city + ", " + a.State
	case city != "":
		return " in " + city
	}
	return ""
}

// CarFacts is what a car's head needs beyond the car.
type CarFacts struct {
	Car  shared.Car
	View shared.CarView
}

// Car is a car page's head: title and description from year, make, model,
// badge, price, km and location; the car's photo; its Car and breadcrumbs.
func (p Page) Car(f CarFacts) Head {
	c := f.Car
	name := CarName(c)
	price := f.View.Price.Text
	if f.View.Price.HasPrice && f.View.Price.PriceType != "" {
		price += " " + f.View.Price.PriceType
	}
	title := name
	if f.View.Price.HasPrice {
		title += " " + f.View.Price.Text
	}
	loc := carLocationName(p.Site, c)
	desc := []string{c.CarType.Label() + " " + name}
	if price != "" {
		desc = append(desc, price)
	}
	if c.KM > 0 {
		desc = append(desc, shared.FormatKM(float64(c.KM)))
	}
	for _, s := range []string{c.SimpleBody, c.SimpleTransmission, c.SimpleFuel} {
		if s != "" {
			desc = append(desc, s)
		}
	}
	d := strings.Join(desc, ", ") + "."
	if loc != "" {
		d += " At " + loc + "."
	}
	if !f.View.Available {
		d = "Sold: " + d
	}
	h := p.base(p.titled(title), d)
	h.Canonical = p.Origin + shared.CarPath(c.Slug)
	h.OGType = "product"
	images := carImages(p, c)
	if len(images) > 0 {
		h.Image = images[0]
	}
	h.LCPImage = GalleryPreload(c)
	h.Route = "car"
	var seller *AutoDealer
	if l, ok := carLocation(p.Site, c); ok {
		d := Dealer(l, p.locationURL(l))
		seller = &d
	} else {
		seller = &AutoDealer{Type: "AutoDealer", Name: p.Site.Name, URL: p.Origin + "/", Address: postal(p.Site.Address)}
	}
	crumbs := []Crumb{p.home(), {Name: c.CarType.Label() + " cars", URL: p.Origin + "/search/" + string(c.CarType) + "-cars/"}}
	if c.Make != "" {
		crumbs = append(crumbs, Crumb{Name: c.Make, URL: p.Origin + "/search/" + url.PathEscape(c.Make) + "/"})
		if c.Model != "" {
			crumbs = append(crumbs, Crumb{Name: c.Model, URL: p.Origin + "/search/" + url.PathEscape(c.Make) + "/" + url.PathEscape(c.Model) + "/"})
		}
	}
	crumbs = append(crumbs, Crumb{Name: name})
	h.JSONLD = []any{CarData(c, h.Canonical, images, seller), Breadcrumbs(crumbs...)}
	h.NoScript = p.carFallback(f)
	return h
}

// GallerySizes is the car page gallery's <img sizes> (web
// features/car/components/Gallery.tsx).
const GallerySizes = "(min-width: 1024px) 66vw, 100vw"

// firstPhoto is the photo a car's card and gallery show first (shared.FirstPhoto).
func firstPhoto(c shared.Car) string { return shared.FirstPhoto(c) }

// GalleryPreload is the car page gallery's first photo as the page renders
// it (CarDetail: the car's images, else its primary image; none when it
// has only a placeholder), or nil when the gallery shows none.
// web/e2e/seo.test.mjs checks the preload is the picture the page shows.
func GalleryPreload(c shared.Car) *ImagePreload {
	primary := firstPhoto(c)
	if primary == "" {
		return nil
	}
	src := primary
	for _, im := range c.Images {
		if im.URL != "" {
			src = im.URL
			break
		}
	}
	return &ImagePreload{Href: src, Sizes: GallerySizes, SrcSet: shared.PhotoSrcSet(src)}
}

func carImages(p Page, c shared.Car) []string {
	var out []string
	seen := map[string]bool{}
	add := func(u string) {
		if u == "" || seen[u] {
			return
		}
		seen[u] = true
		out = append(out, p.URL(u))
	}
	add(c.PrimaryImageURL)
	for _, im := range c.Images {
		add(im.Src())
	}
	return out
}

// carLocation finds the site location a car is at.
func carLocation(site shared.Site, c shared.Car) (shared.Location, bool) {
	for _, l := range site.Locations {
		if c.LocationID != "" && l.ID == c.LocationID || c.Location != nil && c.Location.Slug != "" && l.Slug == c.Location.Slug {
			return l, true
		}
	}
	return shared.Location{}, false
}

// carLocationName is "Riverside Toyota, Brisbane QLD": the car's yard and
// its city.
func carLocationName(site shared.Site, c shared.Car) string {
	name := c.LocationName
	if c.Location != nil && name == "" {
		name = c.Location.Name
	}
	if l, ok := carLocation(site, c); ok && name == "" {
		name = l.Name
	}
	place := strings.TrimSpace(c.City + " " + c.State)
	switch {
	case name != "" && place != "":
		return name + ", " + place
	case name != "":
		return name
	}
	return place
}

// Listing is what a listing path selects (issue 5 "Paths": a car-type
// preset, a body tile, or a make with an optional model).
type Listing struct {
	Types       []shared.CarType
	Make, Model string
	// Body is a simple_body label (shared.SimpleBodies) a body tile's path
	// names: /search/suv.
	Body string
	// Excess is set when the path has segments past what it names
	// (/search/used-cars/x, /search/Toyota/Corolla/x): no page of the web
	// links one, so the document is the 404 (issue 31), though the web's
	// router, which ignores them, would show the listing.
	Excess bool
}

// typePaths are the listing's car-type presets by path segment (web:
// lib/listingUrl.ts TYPE_PATHS).
var typePaths = map[string][]shared.CarType{
	"new-cars":          {shared.CarTypeNew},
	"used-cars":         {shared.CarTypeUsed},
	"demo-cars":         {shared.CarTypeDemo},
	"new-and-demo-cars": {shared.CarTypeDemo, shared.CarTypeNew},
}

// ParseListing reads a listing path; ok is false for a path that is not
// the listing.
func ParseListing(p string) (Listing, bool) {
	clean := path.Clean("/" + p)
	if clean == "/cars" || clean == "/search" {
		return Listing{}, true
	}
	rest, ok := strings.CutPrefix(clean, "/search/")
	if !ok {
		return Listing{}, false
	}
	segs := strings.Split(rest, "/")
	for i, s := range segs {
		if u, err := url.PathUnescape(s); err == nil {
			segs[i] = u
		}
	}
	if segs[0] == "new-used-and-demo-cars" {
		return Listing{Excess: len(segs) > 1}, true
	}
	if t, ok := typePaths[segs[0]]; ok {
		return Listing{Types: t, Excess: len(segs) > 1}, true
	}
	// /search/suv is a body tile (spec 001 §2 "/search/{slug}"): no make is
	// named like a body. The web reads paths the same way (listingUrl.ts
	// pathPreset; vector listing_paths.json).
	if len(segs) == 1 {
		if b := bodyOfSegment(segs[0]); b != "" {
			return Listing{Body: b}, true
		}
	}
	l := Listing{Make: segs[0], Excess: len(segs) > 2}
	if len(segs) > 1 {
		l.Model = segs[1]
	}
	return l, true
}

// Spelled is the listing with its make and model as the site's stock
// spells them, so /search/toyota is titled "Toyota cars" (issue 33): the
// stats' make facet and make+model facet, else the built-in manufacturer
// list's name for the make. A value neither knows stays as the path wrote
// it; stats may be nil.
func (l Listing) Spelled(stats *shared.SiteStats) Listing {
	if l.Make == "" {
		return l
	}
	var makes map[string]int
	if stats != nil {
		makes = stats.Facets["make"]
	}
	if m, ok := spelledIn(l.Make, makes); ok {
		l.Make = m
	} else if m, ok := shared.ManufacturerNamed(l.Make); ok {
		l.Make = m.Name
	}
	if l.Model != "" && stats != nil {
		for mk, models := range stats.Models {
			if shared.Squash(mk) != shared.Squash(l.Make) {
				continue
			}
			if m, ok := spelledIn(l.Model, models); ok {
				l.Model = m
			}
		}
	}
	return l
}

// spelledIn finds the key of values that is v in any case.
func spelledIn(v string, values map[string]int) (string, bool) {
	for k := range values {
		if strings.EqualFold(k, v) {
			return k, true
		}
	}
	return "", false
}

var spaces = regexp.MustCompile(`\s+`)

// bodySlug is a body label's path segment: "Cab Chassis" -> "cab-chassis".
func bodySlug(s string) string { return spaces.ReplaceAllString(strings.ToLower(s), "-") }

// bodyOfSegment is the body label a path segment names, or "".
func bodyOfSegment(seg string) string {
	for _, b := range shared.SimpleBodies {
		if bodySlug(b) == bodySlug(seg) {
			return b
		}
	}
	return ""
}

// Matches reports whether a car is in the listing.
func (l Listing) Matches(c shared.SitemapCar) bool {
	if len(l.Types) > 0 {
		found := false
		for _, t := range l.Types {
			found = found || c.CarType == t
		}
		if !found {
			return false
		}
	}
	return (l.Make == "" || strings.EqualFold(c.Make, l.Make)) && (l.Model == "" || strings.EqualFold(c.Model, l.Model)) &&
		(l.Body == "" || strings.EqualFold(c.Body, l.Body))
}

// label is "Used", "New and demo", "Toyota Corolla", "SUV", or "" for all
// stock.
func (l Listing) label() string {
	if l.Make != "" {
		return strings.TrimSpace(l.Make + " " + l.Model)
	}
	if l.Body != "" {
		return l.Body
	}
	switch len(l.Types) {
	case 1:
		return l.Types[0].Label()
	case 2:
		return "New and demo"
	}
	return ""
}

// Listing is a listing page's head: what it lists and how many are in stock.
func (p Page) Listing(l Listing, count int) Head {
	what := p.Site.StockWords() // all stock: what the site sells
	what = strings.ToUpper(what[:1]) + what[1:]
	if lb := l.label(); lb != "" {
		what = lb + " cars"
	}
	cars := "cars"
	if count == 1 {
		cars = "car"
	}
	desc := fmt.Sprintf("%d %s in stock at %s%s: %s for sale with prices, photos and finance.", count, cars, p.Site.Name, p.where(), strings.ToLower(what))
	h := p.base(p.titled(what+" for sale"), desc)
	crumbs := []Crumb{p.home(), {Name: "Cars for sale", URL: p.Origin + p.Site.StockListing()}}
	if l.Make != "" {
		crumbs = append(crumbs, Crumb{Name: l.Make, URL: p.Origin + "/search/" + url.PathEscape(l.Make) + "/"})
		if l.Model != "" {
			crumbs = append(crumbs, Crumb{Name: l.Model, URL: p.Origin + "/search/" + url.PathEscape(l.Make) + "/" + url.PathEscape(l.Model) + "/"})
		}
	} else if lb := l.label(); lb != "" {
		crumbs = append(crumbs, Crumb{Name: what, URL: h.Canonical})
	}
	if len(crumbs) > 2 {
		crumbs[len(crumbs)-1].URL = h.Canonical
	}
	h.JSONLD = []any{Breadcrumbs(crumbs...)}
	// The listing is a lazy route page (issue 34: out of the entry chunk).
	h.Route = "listing"
	return h
}

// Offers is the special offers page's head.
func (p Page) Offers(n int) Head {
	return p.base(p.titled("Special offers"), fmt.Sprintf("%d current special offers at %s.", n, p.Site.Name))
}

// Offer is one offer's page.
func (p Page) Offer(o shared.OfferView) Head {
	desc := firstNonEmpty(o.DescriptionShort, o.SanitizedDescription)
	if desc == "" {
		desc = o.Name + " at " + p.Site.Name + "."
	}
	h := p.base(p.titled(o.Name), shorten(desc, 200))
	h.Canonical = p.Origin + o.Path
	h.Image = p.URL(o.Image)
	return h
}

// locationURL is a location's own page, the one its cards link
// (shared.LocationPagePath).
func (p Page) locationURL(l shared.Location) string {
	return p.Origin + shared.LocationPagePath(l)
}

// FindLocation finds a visible location by slug.
func FindLocation(site shared.Site, slug string) (shared.Location, bool) {
	for _, l := range site.Locations {
		if l.IsVisible() && strings.EqualFold(l.Slug, slug) {
			return l, true
		}
	}
	return shared.Location{}, false
}

// Location is a location's contact page, with its AutoDealer.
func (p Page) Location(l shared.Location) Head {
	a := l.Address
	where := strings.TrimSpace(strings.Join(nonEmpty(a.Street, a.City, a.State, a.Postcode), ", "))
	desc := "Contact " + l.Name
	if where != "" {
		desc += " at " + where
	}
	if phone := firstNonEmpty(l.ContactDetail.Phone, l.ContactDetail.LandlinePhone); phone != "" {
		desc += ", phone " + phone
	}
	h := p.base(p.titled(l.Name), desc+": opening hours, directions and enquiries.")
	// The dealer's URL is the location's own page also when the head is its
	// contact page's (/contact-us/{slug}).
	dealer := Dealer(l, p.locationURL(l))
	dealer.Context = schemaContext
	h.JSONLD = []any{dealer, Breadcrumbs(p.home(), Crumb{Name: "Contact us", URL: p.Origin + "/contact-us"}, Crumb{Name: l.Name})}
	return h
}

// Content is a content page's head from its front matter.
func (p Page) Content(title, description string) Head {
	if description == "" {
		description = title + " at " + p.Site.Name + "."
	}
	return p.base(p.titled(title), description)
}

// App is the head of one of the app's own pages (trade-in, finance,
// contact). noindex keeps a page out of search results (sign-in, watchlist).
func (p Page) App(title, description string, noindex bool) Head {
	h := p.Content(title, description)
	if noindex {
		h.Robots = "noindex"
	}
	return h
}

// NotFound is the head of a path naming nothing: a 404 the SPA renders its
// not-found page for, kept out of search results.
func (p Page) NotFound() Head {
	h := p.base(p.titled("Page not found"), "The page you were looking for is not at "+p.Site.Name+". Search our cars for sale instead.")
	h.Status = 404
	h.Robots = "noindex"
	h.Canonical = ""
	return h
}

func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// shorten cuts s to at most n characters at a word boundary, with an ellipsis.
func shorten(s string, n int) string {
	r := []rune(strings.TrimSpace(s))
	if len(r) <= n {
		return string(r)
	}
	cut := string(r[:n])
	if i := strings.LastIndex(cut, " "); i > n/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,.;:") + "…"
}
