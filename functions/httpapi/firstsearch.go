package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/url"
	"time"

	"forecourt/functions/seo"
	"forecourt/shared"
)

// ListingSearcher runs a multi-query search as the browser would, with the
// site's secured search key (algolia.Index.SearchAs), returning the
// engine's results as sent, one per request.
type ListingSearcher interface {
	SearchAs(ctx context.Context, apiKey string, requests any) ([]json.RawMessage, error)
}

// DefaultFirstSearchTimeout bounds a listing page's first search: the page
// waits for it, and without the answer the browser searches as before, so
// a slow engine costs the page little.
const DefaultFirstSearchTimeout = 300 * time.Millisecond

// ListingResults are a listing page's first search's answer.
type ListingResults struct {
	// Results are the engine's answers, one per request; the first holds
	// the page's hits (its "hits" array, index records as the browser
	// receives them).
	Results []json.RawMessage
	// Inlined is what the page carries for InstantSearch (Head.Search).
	Inlined *seo.InlinedSearch
}

// listingResults runs the first search the listing at path sends (the
// request seo.Listing.FirstSearch builds, vector listing_first_search.json)
// with the key GET /api/site hands the browser, so it reaches only what the
// site shows. ok is false when there is no searcher or the search fails or
// takes longer than its timeout: the page is then served without it.
func (s *apiServer) listingResults(ctx context.Context, site shared.Site, l seo.Listing, path string) (ListingResults, bool) {
	if s.cfg.FirstSearch == nil {
		return ListingResults{}, false
	}
	res, err := s.searchListing(ctx, site, l, path)
	if err != nil {
		slog.WarnContext(ctx, "listing first search failed; the page is served without it", "site", site.Slug, "path", path, "err", err)
		return ListingResults{}, false
	}
	return res, true
}

func (s *apiServer) searchListing(ctx context.Context, site shared.Site, l seo.Listing, path string) (ListingResults, error) {
	now := s.now()
	key, _, err := s.cfg.Keys.SecuredKey(site, now)
	if err != nil {
		return ListingResults{}, fmt.Errorf("secured key: %w", err)
	}
	timeout := s.cfg.FirstSearchTimeout
	if timeout <= 0 {
		timeout = DefaultFirstSearchTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	// The age rule's year as the site's shoppers' browsers count it (the
	// web's baseFilters reads the local date), not UTC's around New Year.
	if tz, err := site.ZoneOf(shared.Location{}); err == nil {
		now = now.In(tz)
	}
	first := l.FirstSearch(site, s.cfg.Search.Index, now)
	results, err := s.cfg.FirstSearch.SearchAs(ctx, key, first.Requests)
	if err != nil {
		return ListingResults{}, err
	}
	if len(results) != len(first.Requests) {
		return ListingResults{}, fmt.Errorf("%d results for %d requests", len(results), len(first.Requests))
	}
	// The browser's location.pathname: the path as it was requested, escaped.
	escaped := (&url.URL{Path: path}).EscapedPath()
	return ListingResults{Results: results, Inlined: first.Inlined(escaped, results)}, nil
}

// firstPage is the first answer (the page's hits, their count and facet
// counts) as the listing's paint reads it.
func (r ListingResults) firstPage() (seo.ListingResults, error) {
	if len(r.Results) == 0 {
		return seo.ListingResults{}, fmt.Errorf("no results")
	}
	var page struct {
		Hits   []seo.Hit                 `json:"hits"`
		NbHits int                       `json:"nbHits"`
		Facets map[string]map[string]int `json:"facets"`
	}
	if err := json.Unmarshal(r.Results[0], &page); err != nil {
		return seo.ListingResults{}, fmt.Errorf("first page: %w", err)
	}
	return seo.ListingResults{Hits: page.Hits, NbHits: page.NbHits, Facets: page.Facets}, nil
}
