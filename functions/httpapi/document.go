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

	"forecourt/functions/pages"
	"forecourt/functions/seo"
	"forecourt/functions/visible"
	"forecourt/shared"
)

// documentCacheControl: CloudFront keeps a page's shell a minute per host
// and path and serves a stale one for ten more while it refetches, so a
// sold car or a new price shows within a minute without a request ever
// waiting on the Lambda.
const documentCacheControl = "public, max-age=60, stale-while-revalidate=600"

// appPage is one of the app's own pages: its title and description, the
// path its aliases name as canonical, and whether search engines should
// leave it out.
type appPage struct {
	title, description, canonical string
	noindex                       bool
}

// appPages are the web's routes (web/src/app/routes.tsx) that are neither
// data pages nor content pages.
func appPages() map[string]appPage {
	tradeIn := appPage{title: "Get a trade-in appraisal", description: "Tell us about your car and the dealership will appraise it and contact you with a value.", canonical: "/trade-in"}
	finance := appPage{title: "Apply for car finance", description: "Apply for finance on your next car: a quick enquiry, and our finance team calls you back.", canonical: "/finance"}
	contact := appPage{title: "Contact us", description: "Call, e-mail or visit us, or send an enquiry online.", canonical: "/contact-us"}
	out := map[string]appPage{
		"/manufacturers":    {title: "Manufacturers", description: "The car makes we sell: browse stock by manufacturer."},
		"/dealerships":      {title: "Our dealerships", description: "Our dealerships: addresses, opening hours and their cars for sale."},
		"/success":          {title: "Thank you", description: "Your enquiry has been sent.", noindex: true},
		"/enquiry":          {title: "General enquiry", description: "Ask us anything: send a general enquiry."},
		"/book-test-drive":  {title: "Book a test drive", description: "Book a test drive at a time that suits you."},
		"/sign-in":          {title: "Sign in", description: "Sign in to keep a watchlist of cars.", noindex: true},
		"/watchlist":        {title: "Your watchlist", description: "The cars you are watching.", noindex: true},
		"/compare":          {title: "Compare cars", description: "Cars side by side.", noindex: true},
		"/search":           {title: "Search cars", description: "Search our new, demo and used cars.", noindex: true},
		"/checkout-journey": {title: "Reserve online", description: "Reserve a car online with a refundable deposit.", noindex: true},
		// Gated pages (spec 001 §5): the app sends a signed-out shopper to sign-in.
		"/online-payment":       {title: "Online payment", description: "Pay online.", noindex: true},
		"/spin-to-win":          {title: "Spin to win", description: "Spin to win.", noindex: true},
		"/personalised/finance": {title: "Your finance", description: "Your personalised finance.", noindex: true},
	}
	for _, p := range []string{"/trade-in", "/sell-your-car", "/sell-my-car", "/cars/trade-in"} {
		out[p] = tradeIn
	}
	for _, p := range []string{"/finance", "/finance-enquiry", "/apply-for-finance", "/finance-pre-approval"} {
		out[p] = finance
	}
	for _, p := range []string{"/contact", "/contact-us"} {
		out[p] = contact
	}
	return out
}

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
	head, err := s.documentHead(r.Context(), page, stats)
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
	w.Header().Set("Cache-Control", documentCacheControl)
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

// documentHead decides the page a path is and builds its head; stats are
// the site's (nil when none are computed yet).
func (s *apiServer) documentHead(ctx context.Context, p seo.Page, stats *shared.SiteStats) (seo.Head, error) {
	clean := path.Clean("/" + p.Path)
	segs := strings.Split(strings.Trim(clean, "/"), "/")
	site := p.Site
	if clean == "/" {
		h := p.Home()
		h.Paint = p.HomePaint(s.now(), stats)
		if latest, ok := s.latestArrivals(ctx, site, stats); ok {
			h.Inline = append(h.Inline, seo.Inline{ID: "forecourt-latest", Data: latest})
		}
		return h, nil
	}
	if clean == site.Features.FavouritesPath {
		return p.App("Your favourites", "The cars you saved on this device.", true), nil
	}
	if a, ok := appPages()[clean]; ok {
		h := p.App(a.title, a.description, a.noindex)
		if a.canonical != "" {
			h.Canonical = p.Origin + a.canonical
		}
		return h, nil
	}
	if l, ok := seo.ParseListing(clean); ok {
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
	switch {
	case segs[0] == "cars" && len(segs) == 2:
		car, err := s.shownCar(ctx, site, segs[1])
		if shared.ErrorCode(err) == shared.ENOTFOUND {
			return s.goneCarHead(ctx, p, segs[1])
		}
		if err != nil {
			return seo.Head{}, err
		}
		view := shared.ViewCar(car, site, s.now())
		h := p.Car(seo.CarFacts{Car: car, View: view})
		// GET /api/cars/{slug}'s body, so the page paints the car at once.
		h.Car = CarResponse{Car: shared.PublicCar(car), View: view}
		// ...and its title, price and first photo as HTML, painted before the scripts run.
		h.Paint = p.CarPaint(car, view)
		return h, nil
	case clean == "/special-offers":
		return p.Offers(len(shared.OffersFor(site, site.Offers))), nil
	case segs[0] == "offers" && (len(segs) == 2 || len(segs) == 3):
		if o, ok := shared.FindOffer(site, site.Offers, segs[len(segs)-1]); ok {
			return p.Offer(o), nil
		}
		return p.NotFound(), nil
	case segs[0] == "contact-us" && len(segs) == 2:
		// The page the location views link (contact_path): by the name's
		// contact slug, as the web's contact page finds it.
		if l, ok := shared.ContactLocation(site.Locations, segs[1]); ok {
			return p.Location(l), nil
		}
		return p.NotFound(), nil
	case (segs[0] == "locations" || segs[0] == "teams") && len(segs) == 2:
		// A location, or a dealership's first location (features/locations).
		var h seo.Head
		if l, ok := seo.FindLocation(site, segs[1]); ok {
			h = p.Location(l)
		} else if i := slices.IndexFunc(site.Dealerships, func(d shared.Dealership) bool { return d.Slug == segs[1] }); i >= 0 {
			d := site.Dealerships[i]
			h = p.App(d.Name, "Find "+d.Name+": address, opening hours and contact details.", false)
		} else {
			return p.NotFound(), nil
		}
		if data, ok := s.locationPageData(ctx, site, segs[1]); ok {
			h.Inline = append(h.Inline, seo.Inline{ID: "forecourt-location", Data: data})
		}
		return h, nil
	case segs[0] == "cars" && len(segs) == 3 && (segs[2] == "checkout" || segs[2] == "buy-online"):
		return p.App("Reserve online", "Reserve this car with a refundable deposit.", true), nil
	case segs[0] == "reservations" && len(segs) == 2:
		return p.App("Your reservation", "Your reservation.", true), nil
	case segs[0] == "dealerships" && len(segs) == 3 && segs[2] == "cars":
		for _, d := range site.Dealerships {
			if d.Slug == segs[1] {
				return p.App("Cars for sale at "+d.Name, "Browse the cars for sale at "+d.Name+".", false), nil
			}
		}
		return p.NotFound(), nil
	}
	return s.contentHead(ctx, p, clean)
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
	key, ok := pages.NormalizePath(clean)
	if !ok || s.cfg.Pages == nil {
		return p.NotFound(), nil
	}
	all, err := s.cfg.Pages.FindPages(ctx, p.Site.Slug)
	if err != nil {
		return seo.Head{}, fmt.Errorf("pages of %q: %w", p.Site.Slug, err)
	}
	src, ok := all[key]
	if !ok {
		return p.NotFound(), nil
	}
	page, err := pages.Render(src, p.Site.Name)
	if err != nil {
		return seo.Head{}, fmt.Errorf("render page %q of %q: %w", key, p.Site.Slug, err)
	}
	return p.Content(page.Title, page.Description), nil
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
