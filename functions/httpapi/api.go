package httpapi

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"forecourt/shared"
)

// KeyMinter issues the secured, tenant-scoped search key for a site
// (DESIGN.md decision 5). The algolia package's Index implements it.
type KeyMinter interface {
	SecuredKey(siteSlug string) (string, error)
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
	Sites  shared.SiteStore
	Cars   shared.CarStore
	Keys   KeyMinter
	Search SearchConfig
	// OriginSecret must match the X-Forecourt-Origin-Secret header of every
	// request; it proves the request came through CloudFront or the dev gateway.
	OriginSecret string
	// Leads serves the lead and captcha routes; without it they answer 500.
	Leads *LeadsConfig
	// Stats, when set, supplies each site's stock stats for GET /api/site.
	Stats StatsReader
	// Now is the clock used to decide whether a sold car is still shown;
	// time.Now when nil.
	Now func() time.Time
}

// Header names set by CloudFront (or the dev gateway) on every /api request.
const (
	HeaderSite         = "X-Forecourt-Site"
	HeaderOriginSecret = "X-Forecourt-Origin-Secret"
)

// Cache lifetimes. Site config changes rarely but should show up within a
// minute of a deploy; a car's status (sold, reserved) changes more often.
const (
	siteCacheControl  = "public, max-age=60"
	carCacheControl   = "public, max-age=30"
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
	if cfg.OriginSecret == "" {
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
		"GET /api/site":              s.tenant(s.handleSite),
		"GET /api/cars/{slug}":       s.tenant(s.handleCar),
		"GET /api/captcha":           s.tenant(s.handleCaptcha),
		"POST /api/leads":            s.tenant(s.handleCreateLead),
		"PATCH /api/leads/{lead_id}": s.tenant(s.handleUpdateLead),
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
		if !secretEqual(r.Header.Get(HeaderOriginSecret), s.cfg.OriginSecret) {
			return shared.Errorf(shared.EFORBIDDEN, "request did not come through the site's origin")
		}
		slug := r.Header.Get(HeaderSite)
		if slug == "" {
			return shared.Errorf(shared.ENOTFOUND, "site not found")
		}
		site, err := s.cfg.Sites.FindSite(r.Context(), slug)
		if err != nil {
			if shared.ErrorCode(err) == shared.ENOTFOUND {
				return shared.Errorf(shared.ENOTFOUND, "site not found")
			}
			return fmt.Errorf("find site %q: %w", slug, err)
		}
		return h(w, r.WithContext(context.WithValue(r.Context(), siteKey{}, site)))
	})
}

// StatsReader reads the stock stats a feed run stored for a site
// (dynamo.SiteStore); nil stats mean none computed yet.
type StatsReader interface {
	SiteStats(ctx context.Context, siteSlug string) (*shared.SiteStats, error)
}

// SiteResponse is the body of GET /api/site.
type SiteResponse struct {
	Site   shared.Site    `json:"site"`
	Search SearchSettings `json:"search"`
	// Stats are the site's stock counts as of the last feed run, reindex or
	// sweep that changed its stock; null until one has run, when the page
	// asks the index instead.
	Stats *shared.SiteStats `json:"stats"`
}

// SearchSettings is the browser's search client configuration.
type SearchSettings struct {
	AppID       string            `json:"appId"`
	APIKey      string            `json:"apiKey"`
	Host        string            `json:"host"`
	Index       string            `json:"index"`
	SortIndices map[string]string `json:"sortIndices"`
}

func (s *apiServer) handleSite(w http.ResponseWriter, r *http.Request) error {
	site := siteFrom(r.Context())
	key, err := s.cfg.Keys.SecuredKey(site.Slug)
	if err != nil {
		return fmt.Errorf("secured key for %q: %w", site.Slug, err)
	}
	var stats *shared.SiteStats
	if s.cfg.Stats != nil {
		// Stats save search requests; without them the page still works.
		if stats, err = s.cfg.Stats.SiteStats(r.Context(), site.Slug); err != nil {
			slog.ErrorContext(r.Context(), "site stats unreadable", "site", site.Slug, "error", err)
			stats = nil
		}
	}
	w.Header().Set("Cache-Control", siteCacheControl)
	WriteJSON(w, http.StatusOK, SiteResponse{
		Stats: stats,
		Site:  publicSite(site),
		Search: SearchSettings{
			AppID:       s.cfg.Search.AppID,
			APIKey:      key,
			Host:        s.cfg.Search.Host,
			Index:       s.cfg.Search.Index,
			SortIndices: s.cfg.Search.SortIndices,
		},
	})
	return nil
}

// publicSite returns the site without what only the server may know: the
// address lead copies are delivered to.
func publicSite(site shared.Site) shared.Site {
	site.Leads.Email = ""
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
	car, err := s.cfg.Cars.FindCarBySlug(r.Context(), slug)
	if err != nil {
		if shared.ErrorCode(err) == shared.ENOTFOUND {
			return shared.Errorf(shared.ENOTFOUND, "car not found")
		}
		return fmt.Errorf("find car %q: %w", slug, err)
	}
	// A car another site shows is answered exactly like a missing one, so
	// a tenant cannot learn about another tenant's stock.
	if !site.Shows(car, s.now()) {
		return shared.Errorf(shared.ENOTFOUND, "car not found")
	}
	w.Header().Set("Cache-Control", carCacheControl)
	WriteJSON(w, http.StatusOK, CarResponse{Car: car, View: shared.ViewCar(car, site, s.now())})
	return nil
}

// secretEqual compares in constant time. Hashing first makes the time
// independent of the lengths too.
func secretEqual(got, want string) bool {
	g, w := sha256.Sum256([]byte(got)), sha256.Sum256([]byte(want))
	return subtle.ConstantTimeCompare(g[:], w[:]) == 1 && want != ""
}
