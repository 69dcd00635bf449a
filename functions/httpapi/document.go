package httpapi

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strings"
	"time"

	"forecourt/functions/httpapi/route"
	"forecourt/functions/pages"
	"forecourt/functions/seo"
	"forecourt/functions/visible"
	"forecourt/shared"
)

// documentCacheControl is the cache policy of what the document route
// answers besides pages (robots.txt, sitemaps, old-form redirects): the
// pages' own (route.DocumentCache).
const documentCacheControl = route.DocumentCache

// handleDocument answers a page of the web app (GET /{path...}): the built
// shell with the page's own head, 404 when the path names no car, offer,
// location or page.
func (s *apiServer) handleDocument(w http.ResponseWriter, r *http.Request) error {
	if s.cfg.Shell == nil {
		return fmt.Errorf("document %s: the api has no web shell (index.html)", r.URL.Path)
	}
	site := siteFrom(r.Context())
	page := seo.Page{Site: site, Origin: seo.Origin(site, r.Host), Path: r.URL.Path}
	if r.URL.Path == "/robots.txt" {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", documentCacheControl)
		_, _ = io.WriteString(w, page.Robots())
		return nil
	}
	if name, ok := strings.CutPrefix(r.URL.Path, "/"); ok && strings.HasPrefix(name, "sitemap") && strings.HasSuffix(name, ".xml") {
		return s.serveSitemap(w, r, page, name)
	}
	if to := oldForm(site, r.URL.Path); to != "" {
		if r.URL.RawQuery != "" {
			to += "?" + r.URL.RawQuery
		}
		w.Header().Set("Cache-Control", documentCacheControl)
		http.Redirect(w, r, to, http.StatusMovedPermanently)
		return nil
	}
	// Read once: the listing's make check and the page's site data.
	stats := s.siteStats(r.Context(), site)
	// The home page's quick search sent before the app ran (issue 32): its
	// listing, make and model in the path as the app's own search opens it.
	if q := r.URL.Query(); path.Clean(r.URL.Path) == seo.QuickSearchAction && (q.Has("make") || q.Has("model") || q.Has("max_price")) {
		w.Header().Set("Cache-Control", "no-store")
		http.Redirect(w, r, seo.QuickSearchPath(q.Get("make"), q.Get("model"), q.Get("max_price"), stats), http.StatusSeeOther)
		return nil
	}
	head, pg, err := s.documentHead(r.Context(), page, stats)
	if err != nil {
		return err
	}
	data, err := s.siteResponseWith(r.Context(), site, stats)
	if err != nil {
		return err
	}
	if l, ok := seo.ParseListing(r.URL.Path); ok {
		data.Stats = withMakeModels(data.Stats, stats, l.Make)
	}
	head.Data = data
	head.Theme = &site.Theme
	if head.Paint != nil {
		// A painted page is whole: its footer after main (issue 34).
		head.Paint.Footer = page.FooterPaint(s.now())
	}
	head.Preconnect = searchOrigin(s.cfg.Search.Host, page.Origin)
	shell, err := s.cfg.Shell.Shell()
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := shell.Render(&buf, head); err != nil {
		return fmt.Errorf("render %s: %w", r.URL.Path, err)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", pg.Cache)
	w.WriteHeader(head.Status)
	_, _ = w.Write(buf.Bytes())
	return nil
}

// withMakeModels is the browser's stats with the models of the make a
// listing path names (any case, as the listing reads it): the app spells a
// lower-case path's model from them (web lib/search/routing.ts), so
// /search/toyota/hilux reads "HiLux" as the painted heading does (issue 32).
// Only that make's: every make's would grow every page (browserStats).
func withMakeModels(browser, stats *shared.SiteStats, name string) *shared.SiteStats {
	if browser == nil || stats == nil || name == "" {
		return browser
	}
	for mk, models := range stats.Models {
		if shared.Squash(mk) == shared.Squash(name) {
			out := *browser
			out.Models = map[string]map[string]int{mk: models}
			return &out
		}
	}
	return browser
}

// documentHead finds the page a path is in the page table (route.Pages)
// and builds its head the way the page's row says; stats are the site's
// (nil when none are computed yet).
func (s *apiServer) documentHead(ctx context.Context, p seo.Page, stats *shared.SiteStats) (seo.Head, route.Page, error) {
	clean := path.Clean("/" + p.Path)
	pg, vars := route.MatchPage(clean, route.SitePaths(p.Site.Features))
	// A page whose site flag is off is not the site's: its 404 (spin-to-win).
	if pg.Feature != "" && !p.Site.Features.Flag(pg.Feature) {
		return p.NotFound(), pg, nil
	}
	build, ok := s.pageHeads()[pg.Head]
	if !ok {
		return seo.Head{}, pg, fmt.Errorf("document %s: page %s has head %q, which no builder makes", clean, pg.Name, pg.Head)
	}
	h, err := build(ctx, pageRequest{Page: p, Row: pg, Vars: vars, Path: clean, Stats: stats})
	return h, pg, err
}

// pageRequest is what a head builder reads: the page as seo sees it, the
// table's row, the path's variables and the site's stats.
type pageRequest struct {
	seo.Page
	Row   route.Page
	Vars  map[string]string
	Path  string // cleaned
	Stats *shared.SiteStats
}

// pageHeads are the head builders by route.Head; TestPageHeadsCoverTheTable
// keeps them and the table in step.
func (s *apiServer) pageHeads() map[route.Head]func(context.Context, pageRequest) (seo.Head, error) {
	return map[route.Head]func(context.Context, pageRequest) (seo.Head, error){
		route.HeadApp:             s.appHead,
		route.HeadHome:            s.homeHead,
		route.HeadListing:         s.listingHead,
		route.HeadCar:             s.carHead,
		route.HeadOffers:          s.offersHead,
		route.HeadOffer:           s.offerHead,
		route.HeadLocation:        s.locationHead,
		route.HeadContactLocation: s.contactLocationHead,
		route.HeadDealershipCars:  s.dealershipCarsHead,
		route.HeadContent:         func(ctx context.Context, r pageRequest) (seo.Head, error) { return s.contentHead(ctx, r.Page, r.Path) },
	}
}

// appHead is a page with the row's own title and description; a page with
// aliases names its first path canonical.
func (s *apiServer) appHead(ctx context.Context, r pageRequest) (seo.Head, error) {
	h := r.App(r.Row.Title, r.Row.Description, r.Row.Noindex)
	if len(r.Row.Paths) > 1 {
		h.Canonical = r.Origin + r.Row.Paths[0]
	}
	paintAppPage(&h, r.Page, r.Row.Paint, r.Path, r.Stats)
	if r.Row.Paint == route.PaintDealerships {
		// The locations block under the dealerships renders with the page.
		if all, err := s.locationsResponse(ctx, r.Site, shared.LocationFilter{}); err == nil {
			h.Inline = append(h.Inline, seo.Inline{ID: inlineLocations, Data: all})
		} else {
			slog.WarnContext(ctx, "dealerships page served without its locations", "site", r.Site.Slug, "err", err)
		}
	}
	return h, nil
}

func (s *apiServer) homeHead(ctx context.Context, r pageRequest) (seo.Head, error) {
	h := r.Home()
	h.Paint = r.HomePaint(s.now(), r.Stats)
	if latest, ok := s.latestArrivals(ctx, r.Site, r.Stats); ok {
		h.Inline = append(h.Inline, seo.Inline{ID: "forecourt-latest", Data: latest})
	}
	return h, nil
}

func (s *apiServer) listingHead(ctx context.Context, r pageRequest) (seo.Head, error) {
	site, p, stats := r.Site, r.Page, r.Stats
	l, ok := seo.ParseListing(r.Path)
	if !ok {
		return p.NotFound(), nil
	}
	// Issue 31: a path naming no stock is the 404 before the count's
	// read and the first search, each billed per request, and each
	// random path is its own cache key at the edge.
	if l.Excess || !makeInStats(l.Make, stats) {
		return p.NotFound(), nil
	}
	l = l.Spelled(stats)
	modelKnown, decided := modelInStats(l.Make, l.Model, stats)
	if decided && !modelKnown {
		return p.NotFound(), nil
	}
	n, err := s.stockCount(ctx, site, l)
	if err != nil {
		return seo.Head{}, err
	}
	// Without stats that know models, the count of available cars
	// decides; stats that do also count cars sold within their
	// retention, which the listing shows (spec 001 §4), so such a
	// model is a page.
	if l.Model != "" && n == 0 && !decided {
		return p.NotFound(), nil
	}
	h := p.Listing(l, n)
	// The first search's answer, so the app renders the cars without
	// searching (issue 14); a page without it works as before.
	if found, ok := s.listingResults(ctx, site, l, p.Path); ok {
		h.Search = found.Inlined
		// Painted from the same answer, so the app's first render is
		// the painted page. CloudFront forwards no query string to
		// documents, so none is passed: a URL with one drops the painted
		// cards before they show (web/src/app/paintFirst.js).
		if first, err := found.firstPage(); err != nil {
			slog.WarnContext(ctx, "listing first search unreadable; not painted", "site", site.Slug, "err", err)
		} else {
			h.Paint = p.ListingPaint(l, nil, first, seo.ListingSearch{Index: s.cfg.Search.Index,
				SortIndices: s.cfg.Search.SortIndices, SignIn: s.authSettings(site) != nil}, s.now())
			h.LCPImage = h.Paint.LCPImage()
		}
	}
	return h, nil
}

func (s *apiServer) carHead(ctx context.Context, r pageRequest) (seo.Head, error) {
	car, err := s.shownCar(ctx, r.Site, r.Vars["slug"])
	if shared.ErrorCode(err) == shared.ENOTFOUND {
		return s.goneCarHead(ctx, r.Page, r.Vars["slug"])
	}
	if err != nil {
		return seo.Head{}, err
	}
	view := shared.ViewCar(car, r.Site, s.now())
	h := r.Car(seo.CarFacts{Car: car, View: view})
	// GET /api/cars/{slug}'s body, so the page paints the car at once.
	h.Car = CarResponse{Car: shared.PublicCar(car), View: view}
	// ...and its title, price and first photo as HTML, painted before the scripts run.
	h.Paint = r.CarPaint(car, view)
	return h, nil
}

func (s *apiServer) offersHead(_ context.Context, r pageRequest) (seo.Head, error) {
	offers := shared.OffersFor(r.Site, r.Site.Offers)
	h := r.Offers(len(offers))
	// GET /api/offers's body, and the cards painted from it (issue 34).
	h.Inline = append(h.Inline, seo.Inline{ID: inlineOffers, Data: OffersResponse{Offers: offers}})
	h.Paint = r.OffersPaint(offers)
	h.Route = h.Paint.Route
	return h, nil
}

// offerHead finds the offer by the path's last segment (its id).
func (s *apiServer) offerHead(_ context.Context, r pageRequest) (seo.Head, error) {
	if o, ok := shared.FindOffer(r.Site, r.Site.Offers, r.Vars["id"]); ok {
		h := r.Offer(o)
		// An offer under another path is redirected (oldForm) before this.
		h.Inline = append(h.Inline, seo.Inline{ID: inlineOffer, Data: o})
		h.Paint = r.OfferPaint(o)
		h.Route = h.Paint.Route
		return h, nil
	}
	return r.NotFound(), nil
}

// contactLocationHead is the page the location views link (contact_path):
// by the name's contact slug, as the web's contact page finds it.
func (s *apiServer) contactLocationHead(_ context.Context, r pageRequest) (seo.Head, error) {
	if l, ok := shared.ContactLocation(r.Site.Locations, r.Vars["slug"]); ok {
		h := r.Location(l)
		paintNamed(&h, r.Page, r.Row.Paint, l.Name)
		return h, nil
	}
	return r.NotFound(), nil
}

// locationHead is a location, or a dealership's first location
// (features/locations).
func (s *apiServer) locationHead(ctx context.Context, r pageRequest) (seo.Head, error) {
	site, slug := r.Site, r.Vars["slug"]
	var h seo.Head
	if l, ok := seo.FindLocation(site, slug); ok {
		h = r.Location(l)
	} else if i := slices.IndexFunc(site.Dealerships, func(d shared.Dealership) bool { return d.Slug == slug }); i >= 0 {
		d := site.Dealerships[i]
		h = r.App(d.Name, "Find "+d.Name+": address, opening hours and contact details.", false)
	} else {
		return r.NotFound(), nil
	}
	if data, ok := s.locationPageData(ctx, site, slug); ok {
		h.Inline = append(h.Inline, seo.Inline{ID: "forecourt-location", Data: data})
		switch r.Row.Paint {
		case route.PaintLocation:
			paintLocation(&h, r.Page, data)
		case route.PaintTeam:
			paintTeam(&h, r.Page, data)
		}
	}
	return h, nil
}

// dealershipCarsHead is the row's text with the dealership's name, and the
// page painted with its first cards from its first search's answer, which
// it inlines so the app renders them without searching (issue 34); without
// the answer, or with no car to show, its heading only.
func (s *apiServer) dealershipCarsHead(ctx context.Context, r pageRequest) (seo.Head, error) {
	d, ok := r.Site.Dealership(r.Vars["slug"])
	if !ok {
		return r.NotFound(), nil
	}
	name := strings.NewReplacer("{name}", d.Name)
	h := r.App(name.Replace(r.Row.Title), name.Replace(r.Row.Description), r.Row.Noindex)
	paintNamed(&h, r.Page, r.Row.Paint, d.Name)
	found, ok := s.dealershipResults(ctx, r.Site, d.Slug, r.Page.Path)
	if !ok {
		return h, nil
	}
	h.Search = found.Inlined
	first, err := found.firstPage()
	if err != nil {
		slog.WarnContext(ctx, "dealership first search unreadable; not painted", "site", r.Site.Slug, "err", err)
		return h, nil
	}
	if paint := r.DealershipCarsPaint(d, first, seo.ListingSearch{Index: s.cfg.Search.Index,
		SortIndices: s.cfg.Search.SortIndices, SignIn: s.authSettings(r.Site) != nil}, s.now()); paint != nil {
		h.Paint, h.Route, h.LCPImage = paint, paint.Route, paint.LCPImage()
	}
	return h, nil
}

// makeInStats reports whether the site has stock of the make by its stats
// (the make facet, as the home page's make menu reads it), comparing as
// the listing's count does and also ignoring punctuation
// (/search/land-rover). No make named, or no stats computed yet, is
// unknown here and passes: the count decides.
func makeInStats(name string, stats *shared.SiteStats) bool {
	if name == "" || stats == nil || stats.Facets["make"] == nil {
		return true
	}
	want := shared.Squash(name)
	for m, n := range stats.Facets["make"] {
		if n > 0 && shared.Squash(m) == want {
			return true
		}
	}
	return false
}

// modelInStats reports whether the site has stock of the make's model by
// its stats' make+model facet (cars sold within retention included, as in
// the index): the make compared as makeInStats does, the model as the
// listing's count does. decided is false when no model is named or the
// stats predate the facet (shared.SiteStatsFormat): the count decides.
func modelInStats(mk, model string, stats *shared.SiteStats) (known, decided bool) {
	if model == "" || stats == nil || stats.Format < 2 || stats.Models == nil {
		return false, false
	}
	want := shared.Squash(mk)
	for m, models := range stats.Models {
		if shared.Squash(m) != want {
			continue
		}
		for md, n := range models {
			if n > 0 && strings.EqualFold(md, model) {
				return true, true
			}
		}
	}
	return false, true
}

// oldForm is the path an older form of a page's URL now lives at, for a
// 301 (docs/contracts.md "Old URL forms"), or "" when p is current. Only the
// path is read: CloudFront forwards no query string to documents.
func oldForm(site shared.Site, p string) string {
	segs := strings.Split(strings.Trim(p, "/"), "/")
	switch {
	case segs[0] == "cars" && len(segs) == 2 && segs[1] != "" && strings.HasSuffix(p, "/"):
		// A car with a trailing slash: the car's page has none.
		return "/cars/" + url.PathEscape(segs[1])
	case segs[0] == "offers" && (len(segs) == 2 || len(segs) == 3):
		// An offer by id alone, or under another manufacturer: its own path.
		if o, ok := shared.FindOffer(site, site.Offers, segs[len(segs)-1]); ok && o.Path != p {
			return o.Path
		}
	}
	return ""
}

// goneCarHead is the head of a car path the site does not show: 410
// "recently sold" with similar cars when the site showed it until its sold
// retention passed, else the 404.
func (s *apiServer) goneCarHead(ctx context.Context, p seo.Page, slug string) (seo.Head, error) {
	c, similar, ok, err := s.soldPastCar(ctx, p.Site, slug)
	if err != nil {
		return seo.Head{}, err
	}
	if !ok {
		return p.NotFound(), nil
	}
	return p.Sold(c, similar), nil
}

// soldPastCar finds the car with this slug the site showed until its sold
// retention passed (Site.SoldPast), with up to 6 similar available cars;
// ok is false when there is none.
func (s *apiServer) soldPastCar(ctx context.Context, site shared.Site, slug string) (shared.Car, []shared.Car, bool, error) {
	cars, err := s.cfg.Cars.FindCarsBySlug(ctx, slug)
	if err != nil {
		return shared.Car{}, nil, false, fmt.Errorf("find car %q: %w", slug, err)
	}
	shown, err := visible.For(site)
	if err != nil {
		return shared.Car{}, nil, false, err
	}
	now := s.now()
	for _, c := range cars {
		if !shown.SoldPast(c, now) {
			continue
		}
		similar, err := s.similarCars(ctx, site, c, 6)
		if err != nil {
			return shared.Car{}, nil, false, err
		}
		return c, similar, true, nil
	}
	return shared.Car{}, nil, false, nil
}

// searchOrigin is the search host's origin the page preconnects to, as the
// web computes it (getSite.ts preconnect): "" when there is none or it is
// the page's own.
func searchOrigin(host, pageOrigin string) string {
	if host == "" {
		return ""
	}
	if !strings.Contains(host, "://") {
		host = "https://" + host
	}
	u, err := url.Parse(host)
	if err != nil || u.Host == "" {
		return ""
	}
	origin := u.Scheme + "://" + u.Host
	if origin == pageOrigin {
		return ""
	}
	return origin
}

// contentHead is a content page's head from its front matter, or the 404.
func (s *apiServer) contentHead(ctx context.Context, p seo.Page, clean string) (seo.Head, error) {
	notFound := func() (seo.Head, error) {
		// The 404 painted, and said so, so the app's first render is it (issue 34).
		h := p.NotFound()
		h.Inline = append(h.Inline, seo.Inline{ID: inlinePage, Data: ContentPageData{Path: clean}})
		h.Paint = p.NotFoundPaint()
		h.Route = h.Paint.Route
		return h, nil
	}
	key, ok := pages.NormalizePath(clean)
	if !ok || s.cfg.Pages == nil {
		return notFound()
	}
	all, err := s.cfg.Pages.FindPages(ctx, p.Site.Slug)
	if err != nil {
		return seo.Head{}, fmt.Errorf("pages of %q: %w", p.Site.Slug, err)
	}
	src, ok := all[key]
	if !ok {
		return notFound()
	}
	page, err := pages.Render(src, p.Site.Name)
	if err != nil {
		return seo.Head{}, fmt.Errorf("render page %q of %q: %w", key, p.Site.Slug, err)
	}
	h := p.Content(page.Title, page.Description)
	// GET /api/pages/{path}'s body, and the page painted from it (issue 34).
	h.Inline = append(h.Inline, seo.Inline{ID: inlinePage, Data: ContentPageData{Path: clean, Page: &page}})
	h.Paint = p.ContentPaint(page)
	h.Route = h.Paint.Route
	return h, nil
}

// serveSitemap answers the site's sitemap index and sitemaps (issue 14),
// from the site's stored list (one read, rewritten after every feed run)
// or, without a current one, from its cars; cached at the edge like pages.
func (s *apiServer) serveSitemap(w http.ResponseWriter, r *http.Request, p seo.Page, name string) error {
	data := seo.SitemapData{Offers: shared.OffersFor(p.Site, p.Site.Offers)}
	var err error
	if data.Cars, err = s.sitemapCars(r.Context(), p.Site); err != nil {
		return err
	}
	if s.cfg.Pages != nil {
		all, err := s.cfg.Pages.FindPages(r.Context(), p.Site.Slug)
		if err != nil {
			return fmt.Errorf("pages of %q: %w", p.Site.Slug, err)
		}
		for k := range all {
			data.ContentPages = append(data.ContentPages, k)
		}
	}
	var buf bytes.Buffer
	ok, err := p.NewSitemaps(data).Write(&buf, name)
	if err != nil {
		return err
	}
	if !ok {
		return shared.Errorf(shared.ENOTFOUND, "no sitemap %s", name)
	}
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", documentCacheControl)
	_, _ = w.Write(buf.Bytes())
	return nil
}

// sitemapCars are the cars the site's sitemaps list: its stored list when
// current, else built from the cars (a site with no feed run since the
// lists came, or whose config changed since, until its next run or sweep).
func (s *apiServer) sitemapCars(ctx context.Context, site shared.Site) ([]shared.SitemapCar, error) {
	if s.cfg.Sitemaps != nil {
		cars, ok, err := s.cfg.Sitemaps.SiteCars(ctx, site)
		if err != nil {
			// Derived data: a failed read costs a car read, never the sitemap.
			slog.WarnContext(ctx, "stored sitemap unreadable; built from the cars", "site", site.Slug, "err", err)
		} else if ok {
			return cars, nil
		}
	}
	var cars []shared.Car
	modified := map[string]time.Time{}
	var err error
	if stored, ok := s.cfg.Cars.(storedCarLister); ok {
		cars, modified, err = s.availableStoredCars(ctx, stored, site)
	} else {
		cars, err = s.availableCars(ctx, site)
	}
	if err != nil {
		return nil, err
	}
	out := make([]shared.SitemapCar, len(cars))
	for i, c := range cars {
		out[i] = shared.NewSitemapCar(c, modified[c.ID])
	}
	return out, nil
}

// storedCarLister gives the cars with their bookkeeping (dynamo.CarStore),
// whose UpdatedAt is the sitemaps' lastmod; a store without it leaves
// lastmod at created_at.
type storedCarLister interface {
	StoredCars(ctx context.Context, dealershipSlug string) ([]shared.StoredCar, error)
}

// availableStoredCars are availableCars with when each was last written,
// from one read of each dealership's cars.
func (s *apiServer) availableStoredCars(ctx context.Context, store storedCarLister, site shared.Site) ([]shared.Car, map[string]time.Time, error) {
	modified := map[string]time.Time{}
	cars, err := s.siteAvailable(ctx, site, func(ctx context.Context, dealership string) ([]shared.Car, error) {
		stored, err := store.StoredCars(ctx, dealership)
		if err != nil {
			return nil, err
		}
		cars := make([]shared.Car, len(stored))
		for i, c := range stored {
			modified[c.ID] = c.UpdatedAt
			cars[i] = c.Car
		}
		return cars, nil
	})
	return cars, modified, err
}

// availableCars are the cars the site shows that can be bought (spec 001
// §4 availability; shared.Site.Shows).
func (s *apiServer) availableCars(ctx context.Context, site shared.Site) ([]shared.Car, error) {
	return s.siteAvailable(ctx, site, s.cfg.Cars.FindCarsByDealership)
}

// siteAvailable keeps, of each dealership's cars as list reads them, the
// ones the site shows that can be bought, each once.
func (s *apiServer) siteAvailable(ctx context.Context, site shared.Site, list func(context.Context, string) ([]shared.Car, error)) ([]shared.Car, error) {
	shown, err := visible.For(site)
	if err != nil {
		return nil, err
	}
	now := s.now()
	seen := map[string]bool{}
	var out []shared.Car
	for _, d := range site.Dealerships {
		cars, err := list(ctx, d.Slug)
		if err != nil {
			return nil, fmt.Errorf("cars of %q: %w", d.Slug, err)
		}
		for _, c := range cars {
			if !seen[c.ID] && c.Available() && shown.Shows(c, now) {
				seen[c.ID] = true
				out = append(out, c)
			}
		}
	}
	return out, nil
}

// stockCount counts the available cars the site shows that the listing
// selects, from the site's stored sitemap list when current (one read, not
// every car of the site per page view), else from the cars.
func (s *apiServer) stockCount(ctx context.Context, site shared.Site, l seo.Listing) (int, error) {
	cars, err := s.sitemapCars(ctx, site)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, c := range cars {
		if l.Matches(c) {
			n++
		}
	}
	return n, nil
}
