package httpapi

import (
	"cmp"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"time"

	"forecourt/functions/httpapi/route"
	"forecourt/functions/logging"
	"forecourt/functions/seo"
	"forecourt/shared"
)

// KeyMinter issues the secured, tenant-scoped search key for a site at now
// (DESIGN.md decision 5) and says until when it is valid. The algolia
// package's Index implements it.
type KeyMinter interface {
	SecuredKey(site shared.Site, now time.Time) (key string, validUntil time.Time, err error)
}

// SearchConfig is what the browser needs to query the search index, apart
// from the per-site key.
type SearchConfig struct {
	AppID string
	// Host is the search host handed to browsers (FORECOURT_PUBLIC_SEARCH_URL);
	// empty in AWS, where the client uses Algolia's own hosts.
	Host  string
	Index string
	// SortIndices maps each sort option (relevance, latest, price_desc,
	// price_asc, km_desc, km_asc) to the index or replica serving it.
	SortIndices map[string]string
}

// APIConfig configures the /api handler.
type APIConfig struct {
	// Feeds serves the stored vehicle feeds (issue 37); nil answers 404.
	Feeds  FeedFiles
	Sites  shared.SiteStore
	Cars   shared.CarStore
	Keys   KeyMinter
	Search SearchConfig
	// OriginSecret must match the X-Forecourt-Origin-Secret header of every
	// request; it proves the request came through CloudFront or the dev gateway.
	OriginSecret string
	// OriginSecrets, when set, replaces OriginSecret: the values accepted
	// now, read per request from a cached source, so that the secret
	// rotates without downtime (two accepted values during a rotation,
	// issue 15).
	OriginSecrets OriginSecrets
	// Leads serves the lead and captcha routes; without it they answer 500.
	Leads *LeadsConfig
	// Rego serves POST /api/leads/rego-lookup; without it that answers 500.
	Rego RegoLookup
	// Events stores POST /api/events; without it that answers 500.
	Events EventRecorder
	// CarsByID finds a car by id for GET /api/cars/{id}/finance-disclaimer;
	// without it the route answers 500.
	CarsByID CarFinder
	// Photos loads the brochure's photo (GET /api/cars/{slug}/pdf); without
	// it brochures have no photo.
	Photos PhotoLoader
	// Pages holds the sites' content pages; without it every page is 404.
	Pages PageStore
	// Reviews reads the reviews providers pushed; without it locations show
	// their configured summaries only.
	Reviews ReviewReader
	// Geocoder serves GET /api/geocode; without it that route answers 500.
	Geocoder Geocoder
	// Stats, when set, supplies each site's stock stats for GET /api/site.
	Stats StatsReader
	// Sitemaps, when set, holds the sites' stored sitemap lists
	// (sitemaps.Reader); without one, or for a site whose list is missing
	// or stale, the sitemaps are built from the cars per request.
	Sitemaps SitemapReader
	// Now is the clock used to decide whether a sold car is still shown;
	// time.Now when nil.
	Now func() time.Time
	// SignIn is the shopper user pool GET /api/site hands to the browser's
	// sign-in; nil or a site without an app client: no sign-in offered.
	SignIn *SignInConfig
	// Watchlist serves the signed-in shoppers' watchlist routes; without it
	// they answer 500.
	Watchlist *WatchlistConfig
	// Reservations serves online reservations and Stripe's webhook (issue
	// 13); without it they answer 500.
	Reservations *ReservationsConfig
	// Shell is the web app's built index.html, rendered per page with its
	// head (GET /{path...}, issue 14); without it pages answer 500.
	Shell seo.ShellSource
	// FirstSearch runs a listing page's first search so that the page
	// carries its answer (issue 14, first paint without a round trip);
	// without it listing pages carry none and the browser searches.
	FirstSearch ListingSearcher
	// ServerKeys mint the keys FirstSearch searches with: the site's
	// restrictions on the server's own search key (algolia.Index.ServerKeys),
	// not Keys, whose parent is limited per IP for browsers while every
	// server search comes from a few shared addresses (issue 35). Without
	// it the server does not search.
	ServerKeys KeyMinter
	// FirstSearchTimeout bounds that search; DefaultFirstSearchTimeout
	// when 0. Past it the page is served without the answer.
	FirstSearchTimeout time.Duration
}

// SignInConfig is the shopper user pool and each site's app client.
type SignInConfig struct {
	UserPoolID string
	Region     string
	// Endpoint is cognito-local's URL locally; empty in AWS.
	Endpoint string
	// Clients maps site slugs to their app client ids (cognito-local);
	// in AWS each site's own is stored with it (shared.Site.AuthClientID).
	Clients map[string]string
}

// Header names set by CloudFront (or the dev gateway) on every /api request.
const (
	HeaderSite         = "X-Forecourt-Site"
	HeaderOriginSecret = "X-Forecourt-Origin-Secret"
)

// Cache lifetimes. Site config changes rarely but should show up within a
// minute of a deploy. A car's status (sold, reserved) must show within a
// second (issue 13): the browser revalidates every car answer, or the
// shopper who has just reserved a car would see it offered again.
const (
	siteCacheControl  = "public, max-age=60"
	carCacheControl   = "no-cache"
	errorCacheControl = "no-store"
)

// apiServer serves /api/*.
type apiServer struct {
	cfg APIConfig
	now func() time.Time
}

// newAPIServer returns the server of the /api routes (NewHandler mounts
// them). Each request must carry the tenant headers (docs/contracts.md
// "Tenancy").
func newAPIServer(cfg APIConfig) (*apiServer, error) {
	if cfg.Sites == nil || cfg.Cars == nil || cfg.Keys == nil {
		return nil, fmt.Errorf("api handler: sites, cars and keys are required")
	}
	if cfg.OriginSecret == "" && cfg.OriginSecrets == nil {
		return nil, fmt.Errorf("api handler: an origin secret is required")
	}
	s := &apiServer{cfg: cfg, now: cfg.Now}
	if s.now == nil {
		s.now = time.Now
	}
	return s, nil
}

// handlers are the /api routes' handlers by route key (route.Routes).
func (s *apiServer) handlers() map[string]http.Handler {
	return map[string]http.Handler{
		"GET /api/site":                           s.tenant(s.handleSite),
		"GET /api/cars/{slug}":                    s.tenant(s.handleCar),
		"GET /api/cars/{slug}/finance-disclaimer": s.tenant(s.handleFinanceDisclaimer),
		"GET /api/cars/{slug}/pdf":                s.tenant(s.handleCarPDF),
		"GET /api/captcha":                        s.tenant(s.handleCaptcha),
		"POST /api/leads":                         s.tenant(s.handleCreateLead),
		"PATCH /api/leads/{lead_id}":              s.tenant(s.handleUpdateLead),
		"GET /api/test-drive/slots":               s.tenant(s.handleTestDriveSlots),
		"POST /api/leads/rego-lookup":             s.tenant(s.handleRegoLookup),
		"POST /api/events":                        s.tenant(s.handleEvent),
		"GET /api/pages/{path...}":                s.tenant(s.handlePage),
		"GET /api/offers":                         s.tenant(s.handleOffers),
		"GET /api/offers/{id}":                    s.tenant(s.handleOffer),
		// Issue 12: a signed-in shopper's watchlist (watchlist.go).
		"GET /api/watchlist":             s.tenant(s.watchlistRoute(func(ws *watchlistServer) HandlerFunc { return ws.handleList })),
		"POST /api/watchlist/save-car":   s.tenant(s.watchlistRoute(func(ws *watchlistServer) HandlerFunc { return ws.handleSave })),
		"POST /api/watchlist/remove-car": s.tenant(s.watchlistRoute(func(ws *watchlistServer) HandlerFunc { return ws.handleRemove })),
		"GET /api/locations":             s.tenant(s.handleLocations),
		"GET /api/locations/{slug}":      s.tenant(s.handleLocation),
		"GET /api/geocode":               s.tenant(s.handleGeocode),
		"GET /api/compare":               s.tenant(s.handleCompare),
		// Issue 13: online reservations (reservations.go); the webhook has no
		// tenant or origin check, Stripe's signature authenticates it.
		"POST /api/reservations":     s.tenant(s.shopperRoute(s.handleCreateReservation)),
		"GET /api/reservations/{id}": s.tenant(s.shopperRoute(s.handleGetReservation)),
		"GET /api/reservations":      s.tenant(s.shopperRoute(s.handleListReservations)),
		"POST /api/stripe/webhook":   Handle(s.handleStripeWebhook),
		// Issue 37: vehicle feeds (feeds.go).
		feedFileRoute: s.tenant(s.handleFeedFile),
		// Issue 14: every page of the web app, its shell with its own head.
		route.DocumentKey: s.tenant(s.handleDocument),
	}
}

type siteKey struct{}

// siteFrom returns the site the tenant middleware resolved.
func siteFrom(ctx context.Context) shared.Site {
	site, _ := ctx.Value(siteKey{}).(shared.Site)
	return site
}

// tenant resolves the requesting site from the headers CloudFront (or the
// dev gateway) sets, never from anything else the client sent.
func (s *apiServer) tenant(h HandlerFunc) http.Handler {
	return Handle(func(w http.ResponseWriter, r *http.Request) error {
		// Errors must not be cached; handlers replace this on success.
		w.Header().Set("Cache-Control", errorCacheControl)
		if err := s.checkOrigin(r); err != nil {
			return err
		}
		slug := r.Header.Get(HeaderSite)
		if slug == "" {
			return shared.Errorf(shared.ENOTFOUND, "site not found")
		}
		found := time.Now()
		site, err := s.cfg.Sites.FindSite(r.Context(), slug)
		serverTiming(w, "site", found)
		if err != nil {
			if shared.ErrorCode(err) == shared.ENOTFOUND {
				return shared.Errorf(shared.ENOTFOUND, "site not found")
			}
			return fmt.Errorf("find site %q: %w", slug, err)
		}
		r = r.WithContext(logging.WithSite(context.WithValue(r.Context(), siteKey{}, site), site.Slug))
		// Written here rather than by Handle, so the error's log line
		// names the site.
		if err := h(w, r); err != nil {
			WriteError(w, r, err)
		}
		return nil
	})
}

// checkOrigin refuses a request without the origin secret: it did not
// come through the site's distribution or the dev gateway.
func (s *apiServer) checkOrigin(r *http.Request) error {
	accepted := []string{s.cfg.OriginSecret}
	if s.cfg.OriginSecrets != nil {
		var err error
		if accepted, err = s.cfg.OriginSecrets.Accepted(r.Context()); err != nil {
			return fmt.Errorf("origin secret: %w", err)
		}
	}
	if !secretAmong(r.Header.Get(HeaderOriginSecret), accepted) {
		return shared.Errorf(shared.EFORBIDDEN, "request did not come through the site's origin")
	}
	return nil
}

// origin is h behind the origin secret alone, for /media: its files are
// the same for every tenant (logos by slug, photos by content hash), so
// it resolves no site and costs no site read (issue 31).
func (s *apiServer) origin(h HandlerFunc) http.Handler {
	return Handle(func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Cache-Control", errorCacheControl)
		if err := s.checkOrigin(r); err != nil {
			return err
		}
		return h(w, r)
	})
}

// StatsReader reads the stock stats a feed run stored for a site
// (dynamo.SiteStore); nil stats mean none computed yet.
type StatsReader interface {
	SiteStats(ctx context.Context, siteSlug string) (*shared.SiteStats, error)
}

// SitemapReader reads a site's stored sitemap list with one read; ok is
// false when there is none current.
type SitemapReader interface {
	SiteCars(ctx context.Context, site shared.Site) (cars []shared.SitemapCar, ok bool, err error)
}

// SiteResponse is the body of GET /api/site.
type SiteResponse struct {
	Site   shared.Site    `json:"site"`
	Search SearchSettings `json:"search"`
	// HeaderLocations is the header's Locations dropdown (shared.HeaderLocations).
	HeaderLocations []shared.LocationLink `json:"header_locations"`
	// Auth configures the browser's sign-in (the Amplify Authenticator);
	// absent when the site offers none.
	Auth *AuthSettings `json:"auth,omitempty"`
	// Stats are the site's stock counts as of the last feed run, reindex or
	// sweep that changed its stock; null until one has run, when the page
	// asks the index instead.
	Stats *shared.SiteStats `json:"stats"`
	// RegoLookup says whether the trade-in form offers finding the car by
	// its rego: a registration provider is configured (APIConfig.Rego).
	// Without one the form asks for make and model (issue 35).
	RegoLookup bool `json:"rego_lookup"`
}

// AuthSettings is the user pool and this site's own app client: a token
// issued to it is good on this site only.
type AuthSettings struct {
	UserPoolID       string `json:"userPoolId"`
	UserPoolClientID string `json:"userPoolClientId"`
	Region           string `json:"region"`
	// Endpoint is the Cognito endpoint the browser calls instead of AWS's
	// (cognito-local); empty in AWS.
	Endpoint string `json:"endpoint,omitempty"`
}

// authSettings returns the site's sign-in settings, or nil.
func (s *apiServer) authSettings(site shared.Site) *AuthSettings {
	c := s.cfg.SignIn
	if c == nil || c.UserPoolID == "" {
		return nil
	}
	client := cmp.Or(site.AuthClientID, c.Clients[site.Slug])
	if client == "" {
		return nil
	}
	return &AuthSettings{UserPoolID: c.UserPoolID, UserPoolClientID: client, Region: c.Region, Endpoint: c.Endpoint}
}

// SearchSettings is the browser's search client configuration.
type SearchSettings struct {
	AppID       string            `json:"appId"`
	APIKey      string            `json:"apiKey"`
	Host        string            `json:"host"`
	Index       string            `json:"index"`
	SortIndices map[string]string `json:"sortIndices"`
	// ValidUntil is when the key stops working (unix seconds); the web
	// fetches /api/site again before then.
	ValidUntil int64 `json:"validUntil"`
}

func (s *apiServer) handleSite(w http.ResponseWriter, r *http.Request) error {
	body, err := s.siteResponse(r.Context(), siteFrom(r.Context()))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", siteCacheControl)
	WriteJSON(w, http.StatusOK, body)
	return nil
}

// siteResponse is the body of GET /api/site, which page shells inline too.
func (s *apiServer) siteResponse(ctx context.Context, site shared.Site) (SiteResponse, error) {
	return s.siteResponseWith(ctx, site, s.siteStats(ctx, site))
}

// siteStats are the site's stats, or nil when there are none or they
// cannot be read: stats save search requests; without them the page still
// works.
func (s *apiServer) siteStats(ctx context.Context, site shared.Site) *shared.SiteStats {
	if s.cfg.Stats == nil {
		return nil
	}
	stats, err := s.cfg.Stats.SiteStats(ctx, site.Slug)
	if err != nil {
		slog.ErrorContext(ctx, "site stats unreadable", "site", site.Slug, "error", err)
		return nil
	}
	return stats
}

// browserStats are the stats the browser reads: without the make+model
// facet, which only the server's listing 404s use and which would grow
// every page shell by the site's model list.
func browserStats(st *shared.SiteStats) *shared.SiteStats {
	if st == nil || st.Models == nil {
		return st
	}
	out := *st
	out.Models = nil
	return &out
}

// siteResponseWith is siteResponse with the site's stats already read.
func (s *apiServer) siteResponseWith(ctx context.Context, site shared.Site, stats *shared.SiteStats) (SiteResponse, error) {
	key, until, err := s.cfg.Keys.SecuredKey(site, s.now())
	if err != nil {
		return SiteResponse{}, fmt.Errorf("secured key for %q: %w", site.Slug, err)
	}
	return SiteResponse{
		Site:            publicSite(site),
		HeaderLocations: shared.HeaderLocations(site),
		Stats:           browserStats(stats),
		Search: SearchSettings{
			AppID:       s.cfg.Search.AppID,
			APIKey:      key,
			Host:        s.cfg.Search.Host,
			Index:       s.cfg.Search.Index,
			SortIndices: s.cfg.Search.SortIndices,
			ValidUntil:  until.Unix(),
		},
		Auth:       s.authSettings(site),
		RegoLookup: s.cfg.Rego != nil,
	}, nil
}

// publicSite returns the site without what only the server may know: the
// address lead copies are delivered to, the dealers' CRM webhooks, and
// where it is deployed.
func publicSite(site shared.Site) shared.Site {
	site.Leads.Email = ""
	site.EdgeCell = 0
	site.Dealerships = slices.Clone(site.Dealerships)
	for i := range site.Dealerships {
		site.Dealerships[i].Webhook = nil
	}
	// Offers are served by GET /api/offers, filtered for the site.
	site.Offers = nil
	// Which feeds the dealer publishes is the server's (issue 37).
	site.Syndication = nil
	return site
}

// CarResponse is the body of GET /api/cars/{slug}: the car, and what the
// page shows of it on the requesting site, computed here (shared.ViewCar).
type CarResponse struct {
	Car  shared.Car     `json:"car"`
	View shared.CarView `json:"view"`
}

func (s *apiServer) handleCar(w http.ResponseWriter, r *http.Request) error {
	site := siteFrom(r.Context())
	slug := r.PathValue("slug")
	find := s.shownCar
	// ?by=id: pages that know a car by its id (/personalised/finance?car_id=).
	if r.URL.Query().Get("by") == "id" {
		find = s.shownCarByID
	}
	car, err := find(r.Context(), site, slug)
	if shared.ErrorCode(err) == shared.ENOTFOUND && r.URL.Query().Get("by") != "id" {
		// A car sold past the site's retention: 410 with similar cars, so
		// the app shows "recently sold" as the document does (issue 14).
		gone, similar, ok, gerr := s.soldPastCar(r.Context(), site, slug)
		if gerr != nil {
			return gerr
		}
		if ok {
			body := GoneCarResponse{Error: ErrorDetail{Code: CodeGone, Message: seo.SoldNotice}, Car: shared.PublicCar(gone), Similar: make([]shared.Car, len(similar))}
			for i, c := range similar {
				body.Similar[i] = shared.PublicCar(c)
			}
			w.Header().Set("Cache-Control", carCacheControl)
			WriteJSON(w, http.StatusGone, body)
			return nil
		}
	}
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", carCacheControl)
	WriteJSON(w, http.StatusOK, CarResponse{Car: shared.PublicCar(car), View: shared.ViewCar(car, site, s.now())})
	return nil
}

// CodeGone is the error code of a car sold past the site's retention.
const CodeGone = "gone"

// GoneCarResponse is the 410 body of GET /api/cars/{slug} for a car the
// site stopped showing when its sold retention passed: the error, the car
// (for its title and make/model links) and up to 6 similar cars for sale.
type GoneCarResponse struct {
	Error   ErrorDetail  `json:"error"`
	Car     shared.Car   `json:"car"`
	Similar []shared.Car `json:"similar"`
}

// OriginSecrets are the origin secret's accepted values (secrets.Rotating,
// secrets.Static).
type OriginSecrets interface {
	Accepted(ctx context.Context) ([]string, error)
}

// secretAmong reports whether got equals one of the accepted values,
// comparing with every one of them so the time does not say which matched.
func secretAmong(got string, accepted []string) bool {
	ok := 0
	for _, want := range accepted {
		if secretEqual(got, want) {
			ok |= 1
		}
	}
	return ok == 1
}

// secretEqual compares in constant time. Hashing first makes the time
// independent of the lengths too.
func secretEqual(got, want string) bool {
	g, w := sha256.Sum256([]byte(got)), sha256.Sum256([]byte(want))
	return subtle.ConstantTimeCompare(g[:], w[:]) == 1 && want != ""
}
