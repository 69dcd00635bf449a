package httpapi

import (
	"context"
	"fmt"
	"net/http"

	"forecourt/functions/pages"
	"forecourt/shared"
)

// PageStore holds each site's content pages, path to Markdown source
// (dynamo.SiteStore implements it over the sites table).
type PageStore interface {
	FindPages(ctx context.Context, siteSlug string) (map[string]string, error)
}

// contentCacheControl: pages and offers change with a deploy or a push,
// and should show within a minute as site config does.
const contentCacheControl = "public, max-age=60"

// handlePage answers GET /api/pages/{path...}: the requesting site's page
// rendered from Markdown (raw HTML dropped), or a JSON 404.
func (s *apiServer) handlePage(w http.ResponseWriter, r *http.Request) error {
	site := siteFrom(r.Context())
	key, ok := pages.NormalizePath(r.PathValue("path"))
	if !ok || s.cfg.Pages == nil {
		return shared.Errorf(shared.ENOTFOUND, "page not found")
	}
	all, err := s.cfg.Pages.FindPages(r.Context(), site.Slug)
	if err != nil {
		return fmt.Errorf("pages of %q: %w", site.Slug, err)
	}
	src, ok := all[key]
	if !ok {
		return shared.Errorf(shared.ENOTFOUND, "page not found")
	}
	page, err := pages.Render(src, site.Name)
	if err != nil {
		// A page that passed the tenant checks cannot fail here; if one
		// does it is the deploy's fault, not the shopper's.
		return fmt.Errorf("render page %q of %q: %w", key, site.Slug, err)
	}
	w.Header().Set("Cache-Control", contentCacheControl)
	WriteJSON(w, http.StatusOK, page)
	return nil
}

// OffersResponse is the body of GET /api/offers.
type OffersResponse struct {
	Offers []shared.OfferView `json:"offers"`
}

// handleOffers answers GET /api/offers: the offers the site shows
// (shared.OffersFor drops those excluding it).
func (s *apiServer) handleOffers(w http.ResponseWriter, r *http.Request) error {
	site := siteFrom(r.Context())
	w.Header().Set("Cache-Control", contentCacheControl)
	WriteJSON(w, http.StatusOK, OffersResponse{Offers: shared.OffersFor(site, site.Offers)})
	return nil
}

// handleOffer answers GET /api/offers/{id}: one offer the site shows, else
// a JSON 404 (an offer excluding the site is answered as a missing one).
func (s *apiServer) handleOffer(w http.ResponseWriter, r *http.Request) error {
	site := siteFrom(r.Context())
	v, ok := shared.FindOffer(site, site.Offers, r.PathValue("id"))
	if !ok {
		return shared.Errorf(shared.ENOTFOUND, "offer not found")
	}
	w.Header().Set("Cache-Control", contentCacheControl)
	WriteJSON(w, http.StatusOK, v)
	return nil
}
