package httpapi

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/url"
	"time"

	"forecourt/functions/seo"
	"forecourt/shared"
)

// ListingSearcher runs a multi-query search as the browser would, with a
// key of the site's restrictions (algolia.Index.SearchAs), returning the
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
// with the restrictions of the key GET /api/site hands the browser, so it
// reaches only what the site shows, on the server's own search key
// (APIConfig.ServerKeys). ok is false when there is no searcher or the search fails or
// takes longer than its timeout: the page is then served without it.
func (s *apiServer) listingResults(ctx context.Context, site shared.Site, l seo.Listing, path string) (ListingResults, bool) {
	return s.firstResults(ctx, site, path, func(now time.Time) seo.FirstSearch { return l.FirstSearch(site, s.cfg.Search.Index, now) })
}

// dealershipResults runs the first search of a dealership's own search
// page at path (seo.DealershipFirstSearch, vector
// dealership_first_search.json), as listingResults does the listing's.
func (s *apiServer) dealershipResults(ctx context.Context, site shared.Site, slug, path string) (ListingResults, bool) {
	return s.firstResults(ctx, site, path, func(now time.Time) seo.FirstSearch {
		return seo.DealershipFirstSearch(site, s.cfg.Search.Index, slug, now)
	})
}

// firstResults runs the first search build makes for the site's date.
func (s *apiServer) firstResults(ctx context.Context, site shared.Site, path string, build func(now time.Time) seo.FirstSearch) (ListingResults, bool) {
	if s.cfg.FirstSearch == nil || s.cfg.ServerKeys == nil {
		return ListingResults{}, false
	}
	res, err := s.runFirstSearch(ctx, site, path, build)
	if err != nil {
		slog.WarnContext(ctx, "first search failed; the page is served without it", "site", site.Slug, "path", path, "err", err)
		return ListingResults{}, false
	}
	return res, true
}

func (s *apiServer) runFirstSearch(ctx context.Context, site shared.Site, path string, build func(now time.Time) seo.FirstSearch) (ListingResults, error) {
	now := s.now()
	key, _, err := s.cfg.ServerKeys.SecuredKey(site, now)
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
	first := build(now)
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

// LatestArrivals is the home page's latest arrivals as the page inlines
// them (<script id="forecourt-latest">): the index and count they were
// searched for, which the web checks before it shows them, and the hits.
type LatestArrivals struct {
	Index string            `json:"index"`
	Limit int               `json:"limit"`
	Hits  []json.RawMessage `json:"hits"`
}

// latestArrivals runs the home page's latest arrivals lookup for the page
// (issue 32 item 10: the row grew by a phone's four cards once scrolled
// to), with the site's restrictions as the browser would (on the server's
// key, APIConfig.ServerKeys), within the first
// search's time limit. No answer, nothing inlined: the row then asks when
// scrolled to, as before.
func (s *apiServer) latestArrivals(ctx context.Context, site shared.Site, stats *shared.SiteStats) (LatestArrivals, bool) {
	index := s.cfg.Search.SortIndices["latest"]
	if s.cfg.FirstSearch == nil || s.cfg.ServerKeys == nil || index == "" || site.Home.LatestArrivals <= 0 || (stats != nil && stats.NbHits == 0) {
		return LatestArrivals{}, false
	}
	found, err := s.searchLatest(ctx, site, index)
	if err != nil {
		slog.WarnContext(ctx, "latest arrivals search failed; the home page is served without them", "site", site.Slug, "err", err)
		return LatestArrivals{}, false
	}
	return found, true
}

func (s *apiServer) searchLatest(ctx context.Context, site shared.Site, index string) (LatestArrivals, error) {
	now := s.now()
	key, _, err := s.cfg.ServerKeys.SecuredKey(site, now)
	if err != nil {
		return LatestArrivals{}, fmt.Errorf("secured key: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, cmp.Or(s.cfg.FirstSearchTimeout, DefaultFirstSearchTimeout))
	defer cancel()
	if tz, err := site.ZoneOf(shared.Location{}); err == nil {
		now = now.In(tz)
	}
	results, err := s.cfg.FirstSearch.SearchAs(ctx, key, seo.LatestArrivalsSearch(site, index, now))
	if err != nil {
		return LatestArrivals{}, err
	}
	if len(results) != 1 {
		return LatestArrivals{}, fmt.Errorf("%d results for 1 request", len(results))
	}
	var page struct {
		Hits []json.RawMessage `json:"hits"`
	}
	if err := json.Unmarshal(results[0], &page); err != nil {
		return LatestArrivals{}, fmt.Errorf("latest arrivals answer: %w", err)
	}
	if page.Hits == nil {
		page.Hits = []json.RawMessage{}
	}
	return LatestArrivals{Index: index, Limit: site.Home.LatestArrivals, Hits: page.Hits}, nil
}
