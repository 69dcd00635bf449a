package seo

import (
	"cmp"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	"forecourt/shared"
)

// The listing's first search (issue 14, first paint without a round trip):
// the request InstantSearch sends when the listing mounts on a path, built
// here so the document handler can run it and inline the answer. The web's
// widgets decide the request (SearchPage, FiltersPanel, BodyTiles, the
// facet table in web/src/lib/search/facets.ts, baseFilters in
// web/src/lib/search/filters.ts); shared/testdata/vectors/
// listing_first_search.json holds what the real listing sends, and both
// sides run it.

// InstantSearch's highlight tags, which it adds to every query.
const (
	highlightPreTag  = "__ais-highlight__"
	highlightPostTag = "__/ais-highlight__"
)

// cardAttributes are the attributes a listing asks the engine for: all but
// those only the car page reads (its gallery, equipment list and the
// dealer's comments), a sixth of each hit that a card would carry for
// nothing (web: lib/search/cardAttributes.ts). A card's photo is the
// primary image, which feed.Normalize sets from the first image.
func cardAttributes() []string {
	return []string{"*", "-standardEquipment", "-dealercomments", "-images"}
}

// SearchRequest is one query of a multi-query search, as InstantSearch
// hands it to the search client.
type SearchRequest struct {
	IndexName string       `json:"indexName"`
	Params    SearchParams `json:"params"`
}

// SearchParams are a query's parameters, as the Algolia helper writes them.
type SearchParams struct {
	// Analytics and ClickAnalytics are false on a facet's own query.
	Analytics      *bool `json:"analytics,omitempty"`
	ClickAnalytics *bool `json:"clickAnalytics,omitempty"`
	// AttributesToHighlight is empty: the listing shows no highlights, so
	// the engine sends none (each hit's _highlightResult was a quarter of it).
	AttributesToHighlight []string `json:"attributesToHighlight"`
	// AttributesToRetrieve leaves out what a car card never reads
	// (cardAttributes).
	AttributesToRetrieve []string   `json:"attributesToRetrieve"`
	FacetFilters         [][]string `json:"facetFilters,omitempty"`
	// Facets is a list on the hits query and one name on a facet's query.
	Facets            any    `json:"facets"`
	Filters           string `json:"filters"`
	HighlightPostTag  string `json:"highlightPostTag"`
	HighlightPreTag   string `json:"highlightPreTag"`
	HitsPerPage       int    `json:"hitsPerPage"`
	MaxValuesPerFacet int    `json:"maxValuesPerFacet"`
	Page              int    `json:"page"`
	Query             string `json:"query"`
}

// SearchState is the helper's SearchParameters the request was made from:
// InstantSearch reads the inlined results through it (initialResults'
// state). DisjunctiveFacets is sorted: the helper sorts them wherever order
// matters.
type SearchState struct {
	Facets                        []string                        `json:"facets"`
	DisjunctiveFacets             []string                        `json:"disjunctiveFacets"`
	HierarchicalFacets            []string                        `json:"hierarchicalFacets"`
	FacetsRefinements             map[string][]string             `json:"facetsRefinements"`
	FacetsExcludes                map[string][]string             `json:"facetsExcludes"`
	DisjunctiveFacetsRefinements  map[string][]string             `json:"disjunctiveFacetsRefinements"`
	NumericRefinements            map[string]map[string][]float64 `json:"numericRefinements"`
	TagRefinements                []string                        `json:"tagRefinements"`
	HierarchicalFacetsRefinements map[string][]string             `json:"hierarchicalFacetsRefinements"`
	Index                         string                          `json:"index"`
	HitsPerPage                   int                             `json:"hitsPerPage"`
	Filters                       string                          `json:"filters"`
	Query                         string                          `json:"query"`
	MaxValuesPerFacet             int                             `json:"maxValuesPerFacet"`
	HighlightPreTag               string                          `json:"highlightPreTag"`
	HighlightPostTag              string                          `json:"highlightPostTag"`
	AttributesToHighlight         []string                        `json:"attributesToHighlight"`
	AttributesToRetrieve          []string                        `json:"attributesToRetrieve"`
	Page                          int                             `json:"page"`
}

// FirstSearch is a listing's first search: the requests and the state
// they were made from.
type FirstSearch struct {
	Requests []SearchRequest
	State    SearchState
}

// InlinedSearch is a listing page's first search's answer, inlined in
// <script id="forecourt-search" type="application/json"> (Head.Search): the
// web's SiteInstantSearch passes InitialResults to InstantSearch when Path
// is the page's path and it has no query string, and sends no first search.
type InlinedSearch struct {
	// Path is the escaped path the answer was made for (the browser's
	// location.pathname).
	Path string `json:"path"`
	// InitialResults are InstantSearch's initialResults: by index id (the
	// main index's name), the state and the engine's results.
	InitialResults map[string]IndexResults `json:"initialResults"`
}

// IndexResults are one index's initial results.
type IndexResults struct {
	State SearchState `json:"state"`
	// Results are the engine's answers to FirstSearch.Requests, as sent.
	Results []json.RawMessage `json:"results"`
}

// Inlined is the inlined form of the search's answer for path.
func (f FirstSearch) Inlined(path string, results []json.RawMessage) *InlinedSearch {
	return &InlinedSearch{Path: path, InitialResults: map[string]IndexResults{
		f.State.Index: {State: f.State, Results: results},
	}}
}

// facetDef is one of the listing's facets (web: facets.ts FACETS): its
// index attribute, whether it is a range, and how many values its list
// shows before and after "Show more" (0: the widget's default).
type facetDef struct {
	attribute            string
	rng                  bool
	limit, showMoreLimit int
	hidden               bool
}

// facetDefs are the listing's facets by their spec names (web/src/lib/
// search/facets.ts; the vector cases cover each kind).
var facetDefs = map[string]facetDef{
	"make":               {attribute: "make", limit: 7, showMoreLimit: 100},
	"model":              {attribute: "model", limit: 10, showMoreLimit: 30},
	"make_model":         {attribute: "make_model", limit: 10, showMoreLimit: 30},
	"car_type":           {attribute: "car_type", limit: 3},
	"price":              {attribute: "price", rng: true},
	"price_range":        {attribute: "price_range", limit: 8},
	"weekly_price_range": {attribute: "weekly_price_range", limit: 5},
	"subscription_price": {attribute: "subscription_price", rng: true},
	"body":               {attribute: "simple_body", limit: 10, showMoreLimit: 30},
	"year":               {attribute: "year", rng: true},
	"km":                 {attribute: "km", rng: true},
	"fuel":               {attribute: "fuel", limit: 8},
	"transmission":       {attribute: "transmission", limit: 5},
	"colour":             {attribute: "colour", limit: 8, showMoreLimit: 40},
	"drive":              {attribute: "drive", limit: 6},
	"seats":              {attribute: "seats", limit: 8},
	"badge":              {attribute: "badge", limit: 8, showMoreLimit: 40},
	"status":             {attribute: "status", limit: 4},
	"tag":                {attribute: "tag", limit: 8},
	"categories":         {attribute: "categories", limit: 8},
	"filtered_features":  {attribute: "filtered_features", limit: 8, showMoreLimit: 40},
	"item_type":          {attribute: "item_type", limit: 6},
	"city":               {attribute: "city", limit: 8, showMoreLimit: 40},
	"state":              {attribute: "state", limit: 8},
	"location_name":      {attribute: "location_name", limit: 20, showMoreLimit: 40},
	"dealership_name":    {attribute: "dealership_name", limit: 20, showMoreLimit: 40},
	"dealership":         {attribute: "dealership_slug", hidden: true},
}

// Widget defaults of InstantSearch's refinement list and the listing's
// body tiles (web: BodyTiles.tsx).
const (
	defaultListLimit = 10
	bodyTileLimit    = 4
	customBodyLimit  = 100
)

// cardSearchState is the helper's state of a search for car cards before
// its widgets add their facets: no refinement, no query, page 0, no
// highlights and the card's attributes (web NO_HIGHLIGHTS, CARD_ATTRIBUTES).
func cardSearchState(index string, hitsPerPage int, filters string) SearchState {
	return SearchState{
		Facets: []string{}, HierarchicalFacets: []string{}, TagRefinements: []string{},
		FacetsRefinements: map[string][]string{}, FacetsExcludes: map[string][]string{},
		HierarchicalFacetsRefinements: map[string][]string{},
		DisjunctiveFacetsRefinements:  map[string][]string{},
		NumericRefinements:            map[string]map[string][]float64{},
		Index:                         index,
		HitsPerPage:                   hitsPerPage,
		Filters:                       filters,
		HighlightPreTag:               highlightPreTag,
		HighlightPostTag:              highlightPostTag,
		AttributesToHighlight:         []string{},
		AttributesToRetrieve:          cardAttributes(),
	}
}

// FirstSearch is the search the listing at l sends first on the site, its
// main index named index, at now (the age rule's year). Only a path's
// presets are read: a query string (sort, filters, page) is not, as
// CloudFront forwards none to documents.
func (l Listing) FirstSearch(site shared.Site, index string, now time.Time) FirstSearch {
	st := cardSearchState(index, site.Search.HitsPerPage, BaseFilters(site, false, now))
	presets := l.presets()
	list := func(attribute string, values int) {
		if !slices.Contains(st.DisjunctiveFacets, attribute) {
			st.DisjunctiveFacets = append(st.DisjunctiveFacets, attribute)
		}
		st.DisjunctiveFacetsRefinements[attribute] = append([]string{}, presets[attribute]...)
		st.MaxValuesPerFacet = max(st.MaxValuesPerFacet, values)
	}
	// The body tiles (above the results).
	if len(site.Search.CustomBodies) > 0 {
		list("simple_body", customBodyLimit)
	} else {
		list("simple_body", bodyTileLimit)
	}
	// The filters panel.
	shown := map[string]bool{}
	for _, name := range enabledFacets(site.Search) {
		shown[name] = true
		def := facetDefs[name]
		if def.rng {
			if !slices.Contains(st.DisjunctiveFacets, def.attribute) {
				st.DisjunctiveFacets = append(st.DisjunctiveFacets, def.attribute)
			}
			st.NumericRefinements[def.attribute] = map[string][]float64{}
			continue
		}
		limit := cmp.Or(def.limit, defaultListLimit)
		if name == "make" {
			limit = cmp.Or(makeLimit(site.Search), limit)
		}
		if def.showMoreLimit > limit {
			limit = def.showMoreLimit
		}
		list(def.attribute, limit)
	}
	// Hidden widgets keep the presets the filters do not show (SearchPage
	// VirtualFacets: car type, make and model always, and the path's body).
	for _, name := range []string{"car_type", "make", "model", "body"} {
		if name == "body" && len(presets["simple_body"]) == 0 || shown[name] {
			continue
		}
		list(facetDefs[name].attribute, defaultListLimit)
	}
	slices.Sort(st.DisjunctiveFacets)
	return FirstSearch{Requests: firstRequests(st), State: st}
}

// presets are the refinements the path implies, by index attribute
// (web: listingUrl.ts pathPreset).
func (l Listing) presets() map[string][]string {
	out := map[string][]string{}
	for _, t := range l.Types {
		out["car_type"] = append(out["car_type"], string(t))
	}
	if l.Make != "" {
		out["make"] = []string{l.Make}
	}
	if l.Model != "" {
		out["model"] = []string{l.Model}
	}
	if l.Body != "" {
		out["simple_body"] = []string{l.Body}
	}
	return out
}

// enabledFacets are the names of the facets the filters panel shows, in
// order (web: facets.ts enabledFacets).
func enabledFacets(s shared.SearchConfig) []string {
	var out []string
	for _, name := range s.Facets {
		def, ok := facetDefs[name]
		if !ok || def.hidden || name == "badge" && !s.BadgeFilter || name == "location_name" && !s.LocationFilter {
			continue
		}
		out = append(out, name)
	}
	return out
}

// makeLimit is how many makes show before "Show more" (spec 000 §9).
func makeLimit(s shared.SearchConfig) int {
	if s.MakesCollapsedToPopular && len(s.PopularMakes) > 0 {
		return len(s.PopularMakes)
	}
	return s.MakesCollapsed
}

// firstRequests are the queries the Algolia helper makes of a state: the
// hits, then one per refined disjunctive facet (its counts without its own
// refinement), facets sorted by name (requestBuilder._getQueries).
func firstRequests(st SearchState) []SearchRequest {
	refined := []string{}
	for attribute, values := range st.DisjunctiveFacetsRefinements {
		if len(values) > 0 {
			refined = append(refined, attribute)
		}
	}
	slices.Sort(refined)
	params := func(except string) SearchParams {
		var filters [][]string
		for _, attribute := range refined {
			if attribute == except {
				continue
			}
			values := slices.Sorted(slices.Values(st.DisjunctiveFacetsRefinements[attribute]))
			group := make([]string, len(values))
			for i, v := range values {
				group[i] = attribute + ":" + v
			}
			filters = append(filters, group)
		}
		return SearchParams{
			FacetFilters: filters, Filters: st.Filters, HighlightPostTag: st.HighlightPostTag,
			HighlightPreTag: st.HighlightPreTag, HitsPerPage: st.HitsPerPage,
			MaxValuesPerFacet: st.MaxValuesPerFacet, Page: st.Page, Query: st.Query,
			AttributesToHighlight: st.AttributesToHighlight,
			AttributesToRetrieve:  st.AttributesToRetrieve,
		}
	}
	hits := params("")
	hits.Facets = slices.Clone(st.DisjunctiveFacets)
	out := []SearchRequest{{IndexName: st.Index, Params: hits}}
	no := false
	for _, attribute := range refined {
		p := params(attribute)
		p.Facets = attribute
		p.HitsPerPage, p.Page = 0, 0
		p.Analytics, p.ClickAnalytics = &no, &no
		out = append(out, SearchRequest{IndexName: st.Index, Params: p})
	}
	return out
}

// BaseFilters is the filter string every listing query carries (spec 001
// §7, spec 000 §5, §9; web: filters.ts baseFilters): the site's own
// filters, the car types it sells unless all three, its manufacturer's make
// where it asks for that, the age rule from now's year, and price > 0 on
// the price-ascending sort where the site asks for it.
func BaseFilters(site shared.Site, priceAscending bool, now time.Time) string {
	parts := site.StockFilter()
	if site.Search.ManufacturerFilter && site.Manufacturer != nil && site.Manufacturer.Name != "" {
		parts = append(parts, "make:"+quoteFilter(site.Manufacturer.Name))
	}
	if site.Stock.MaxAgeYears > 0 {
		parts = append(parts, "year >= "+strconv.Itoa(now.Year()-site.Stock.MaxAgeYears))
	}
	if priceAscending && site.Search.PriceAscExcludesZero {
		parts = append(parts, "price > 0")
	}
	return strings.Join(parts, " AND ")
}

// quoteFilter quotes a filter value as the web's filters.ts quote does.
func quoteFilter(v string) string {
	return `"` + strings.ReplaceAll(strings.ReplaceAll(v, `\`, `\\`), `"`, `\"`) + `"`
}

// LatestArrivalsSearch is the home page's latest arrivals lookup as the
// web's CarStrip sends it (useSecondaryLookup: the latest sort's index, the
// site's base filters, the widget's count, the card's attributes). The
// server runs it for the page, so the row renders with its cars and keeps
// its height (issue 32 item 10).
func LatestArrivalsSearch(site shared.Site, index string, now time.Time) []SearchRequest {
	return []SearchRequest{{IndexName: index, Params: SearchParams{
		AttributesToHighlight: []string{},
		AttributesToRetrieve:  cardAttributes(),
		Facets:                []string{},
		Filters:               BaseFilters(site, false, now),
		HighlightPostTag:      highlightPostTag,
		HighlightPreTag:       highlightPreTag,
		HitsPerPage:           site.Home.LatestArrivals,
	}}}
}

// DealershipHitsPerPage is how many cars a dealership's own search pages
// (web DEALERSHIP_HITS_PER_PAGE; spec 000 §9).
const DealershipHitsPerPage = 21

// dealershipFacets are the facets a dealership's search shows (web
// DealershipSearchPage FACETS).
var dealershipFacets = []string{"categories", "price"}

// DealershipFirstSearch is the search /dealerships/{slug}/cars sends first
// (web DealershipSearchPage; vector dealership_first_search.json): the
// site's base filters and the dealership, its categories and price facets,
// no query. As for the listing, only the path is read: CloudFront forwards
// no query string to documents.
func DealershipFirstSearch(site shared.Site, index, slug string, now time.Time) FirstSearch {
	filters := BaseFilters(site, false, now)
	if filters != "" {
		filters += " AND "
	}
	st := cardSearchState(index, DealershipHitsPerPage, filters+"dealership_slug:"+quoteFilter(slug))
	for _, name := range dealershipFacets {
		def := facetDefs[name]
		st.DisjunctiveFacets = append(st.DisjunctiveFacets, def.attribute)
		if def.rng {
			st.NumericRefinements[def.attribute] = map[string][]float64{}
			continue
		}
		st.DisjunctiveFacetsRefinements[def.attribute] = []string{}
		st.MaxValuesPerFacet = max(st.MaxValuesPerFacet, cmp.Or(def.limit, defaultListLimit), def.showMoreLimit)
	}
	slices.Sort(st.DisjunctiveFacets)
	return FirstSearch{Requests: firstRequests(st), State: st}
}
