package httpapi

import (
	"context"
	"fmt"
	"net/http"

	"forecourt/functions/syndication"
	"forecourt/shared"
)

// FeedFiles serves the stored vehicle feeds (syndication/publish; issue
// 37): the file a feed URL names, or ENOTFOUND unless its token is the
// format's current one.
type FeedFiles interface {
	FeedFile(ctx context.Context, site shared.Site, dealership, token, file string) (body []byte, contentType string, err error)
}

// FeedHealth reads a dealership's stock health on each site listing it
// (syndication/publish.Publisher).
type FeedHealth interface {
	DealershipHealth(ctx context.Context, dealership string, sites []shared.Site) (reports []syndication.Health, pending []string, err error)
}

const (
	feedFileRoute = "GET /api/feeds/{dealership}/{token}/{file}"
	healthRoute   = "GET /ingest/v1/dealerships/{slug}/health"
	// The platforms fetch a feed a few times a day; it changes with every
	// run, so it is never kept.
	feedCacheControl = "no-store"
	// healthRetryAfter is when a pending report is likely built: the
	// sweep, which fills missing feeds, runs hourly (a feed run builds it
	// sooner).
	healthRetryAfter = "3600"
)

// handleFeedFile serves GET /api/feeds/{dealership}/{token}/{file}: the
// dealership's feed on the requesting site. Any mismatch (dealership,
// format, token) is 404, as for a feed that does not exist; the file is
// never indexed (X-Robots-Tag) and no sitemap lists it.
func (s *apiServer) handleFeedFile(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("X-Robots-Tag", "noindex, nofollow")
	if s.cfg.Feeds == nil {
		return shared.Errorf(shared.ENOTFOUND, "no such feed")
	}
	site := siteFrom(r.Context())
	body, contentType, err := s.cfg.Feeds.FeedFile(r.Context(), site, r.PathValue("dealership"), r.PathValue("token"), r.PathValue("file"))
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Cache-Control", feedCacheControl)
	_, err = w.Write(body)
	return err
}

// HealthResponse is the body of GET /ingest/v1/dealerships/{slug}/health:
// the dealership's stock health on each site that publishes a feed, and
// the sites whose report is not built yet (then the answer is 202).
type HealthResponse struct {
	Dealership string               `json:"dealership"`
	Sites      []syndication.Health `json:"sites"`
	Pending    []string             `json:"pending,omitempty"`
}

// handleHealth serves the stock health report to a provider key scoped to
// the dealership (another dealership's key is refused, 403, as for feeds).
// It serves what is stored: a site whose report is not built yet is named
// in "pending" with 202 Accepted and Retry-After, never built here (a large
// dealership's build outlasts API Gateway's 29 s).
func (s *ingestServer) handleHealth(w http.ResponseWriter, r *http.Request) error {
	slug := r.PathValue("slug")
	if _, err := s.keys.Authorize(r.Context(), bearer(r), slug); err != nil {
		return err
	}
	if s.health == nil || s.sites == nil {
		return fmt.Errorf("health: no feed store configured")
	}
	sites, err := s.sites.SitesOf(r.Context(), slug)
	if err != nil {
		return fmt.Errorf("sites of %s: %w", slug, err)
	}
	reports, pending, err := s.health.DealershipHealth(r.Context(), slug, sites)
	if err != nil {
		return fmt.Errorf("health of %s: %w", slug, err)
	}
	status := http.StatusOK
	if len(pending) > 0 {
		status = http.StatusAccepted
		w.Header().Set("Retry-After", healthRetryAfter)
	}
	WriteJSON(w, status, HealthResponse{Dealership: slug, Sites: reports, Pending: pending})
	return nil
}
