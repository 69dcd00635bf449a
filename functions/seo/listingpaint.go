package seo

import (
	"html/template"
	"net/url"
	"slices"
	"sort"
	"strings"
	"time"

	"forecourt/shared"
)

// ListingPaintCards is how many of the first page's cars the listing's
// paint shows: the first row from 1024 px up to the layout's 1320 px (the
// results column beside the 17rem filters holds three cards of at least
// 16.5rem; a card is about 650 px tall, so at 1280 x 800 only that row is
// in view). On a phone the first card fills the view. Cards after them
// come with the app and move nothing painted before them.
const ListingPaintCards = 3

// CardSizes is a listing card photo's <img sizes> (web
// components/search/CarCard.tsx).
const CardSizes = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"

// Hit is one search hit as the browser receives it (docs/contracts.md
// "Search index": the car's JSON plus the attributes the index adds), with
// what a card reads beyond the car; the listing's first search answers the
// same records in Go.
type Hit struct {
	shared.Car
	// BelowMarketSites are the sites on which the car shows the
	// below-market badge (shared.MarketFor, decided at indexing).
	BelowMarketSites []string `json:"below_market_sites"`
	// SimilarPath is a sold card's Find Me Something Similar link.
	SimilarPath string `json:"similar_path"`
}

// ListingResults are the listing's first search as its first render reads
// them: the page of hits and the answer's counts.
type ListingResults struct {
	Hits   []Hit
	NbHits int
	// Facets are the answer's facet counts by attribute and value
	// (car_type for the stock count, simple_body for the body tiles).
	Facets map[string]map[string]int
}

// ListingSearch is what the listing's toolbar needs of the search settings
// GET /api/site gives the browser, and whether the site offers sign-in.
type ListingSearch struct {
	// Index is the main index; SortIndices the replicas by sort option
	// (SearchSettings.Index, SortIndices).
	Index       string
	SortIndices map[string]string
	// SignIn is true where GET /api/site carries sign-in settings: with
	// features.garage the cards' heart is the watchlist's.
	SignIn bool
}

// ListingPaint is the listing's heading, toolbar and first cards (web
// SearchPage's Listing with its first results).
type ListingPaint struct {
	Title string
	// Count is the heading's "N cars found".
	Count string
	// Sort are the sort select's options, none when it does not show.
	Sort []SortOption
	// Tiles are the body tiles' labels, none when they do not show.
	Tiles []string
	// Chips are the active-filter chips of a car-type listing ("Condition:
	// Used"), as CurrentFilters draws them from the path preset before
	// the first results.
	Chips []string
	Cards []CardPaint
	// FinePrint is what a card's "per week*" asterisk refers to, under the
	// results (web SearchResults' FinanceFinePrint; spec 001 §1).
	FinePrint string
}

// SortOption is one option of the listing's sort select.
type SortOption struct {
	Label, Value string
	Selected     bool
}

// CardPaint is one car card (web CarCard).
type CardPaint struct {
	Title, Href string
	// Status is the card's modifier: sold, else the car's status.
	Status     string
	Sold       bool
	Photo      *ImagePreload
	First      bool
	NewArrival string
	// RequestPhotos shows the Request Photos button of a car with none.
	RequestPhotos bool
	Tag           shared.CardTag
	TagImage      string
	Location      string
	Heart         bool
	BadgeLine     string
	Chips         []string
	Price         shared.PriceDisplay
	BelowMarket   bool
	Finance       *shared.FinanceEstimate
	// FinanceInfo shows the finance rate's info button (finance.weekly_on_card).
	FinanceInfo bool
	FindSimilar string
	Similar     string
	Reserve     *shared.ReserveOffer
	Compare     bool
	Phone       string
	Masked      string
}

// sortLabels are the sort select's words (web SortSelect LABELS).
var sortLabels = map[string]string{
	shared.SortRelevance: "Most relevant",
	shared.SortLatest:    "Latest",
	shared.SortPriceDesc: "Highest price",
	shared.SortPriceAsc:  "Lowest price",
	shared.SortKMDesc:    "Highest km",
	shared.SortKMAsc:     "Lowest km",
}

// ListingPaint is the paint of the listing of all stock, or of a car-type
// listing (/search/used-cars; issue 34), opened with no query (the pages
// the site's links and the sitemap lead to): its heading, a type's filter
// chips, toolbar and first ListingPaintCards cards as SearchPage renders
// them with its first results. It is nil for a listing it does not
// reproduce: a make, model or body preset or query parameters (their
// filters' state is the app's), no hits, a type listing past the stock
// count's cap (the app counts it from a search the page does not run), or
// a promotion or the CTA card among the first cards (a promotion in random
// order could land there).
func (p Page) ListingPaint(l Listing, query url.Values, r ListingResults, s ListingSearch, now time.Time) *Paint {
	if l.Make != "" || l.Model != "" || l.Body != "" || len(query) > 0 || len(r.Hits) == 0 {
		return nil
	}
	if len(l.Types) > 0 && r.NbHits > shared.StockCountCap {
		return nil
	}
	site := p.Site
	n := min(ListingPaintCards, len(r.Hits), promoFree(site, now, r.NbHits, l.Types))
	if n <= 0 {
		return nil
	}
	var refined map[string][]string
	for _, t := range l.Types {
		if refined == nil {
			refined = map[string][]string{}
		}
		refined["car_type"] = append(refined["car_type"], string(t))
	}
	lp := &ListingPaint{Title: shared.ListingTitle(refined, site)}
	// The preset's types in the path's order (web TYPE_PATHS), labelled as
	// the filters panel names the facet (web facets.ts car_type).
	for _, t := range l.Types {
		lp.Chips = append(lp.Chips, "Condition: "+t.Label())
	}
	configured := 0
	for _, d := range site.Dealerships {
		configured += d.StockCount
	}
	count := shared.StockCount(r.NbHits, configured, r.Facets["car_type"])
	lp.Count = carsFound(count)
	lp.Sort = sortOptions(site.Search.SortOptions, s)
	lp.FinePrint = shared.FinanceFinePrint(site.Finance)
	var bodies []shared.FacetCount
	for name, c := range r.Facets["simple_body"] {
		bodies = append(bodies, shared.FacetCount{Name: name, Count: c})
	}
	// The facet's values come in no order; BodyTiles orders them, the
	// custom list by its own order.
	sort.Slice(bodies, func(i, j int) bool { return bodies[i].Name < bodies[j].Name })
	if tiles := shared.BodyTiles(bodies, site.Search.CustomBodies); len(tiles) >= 2 {
		for _, t := range tiles {
			lp.Tiles = append(lp.Tiles, t.Name)
		}
	}
	lp.Cards = p.cards(r.Hits[:n], s, now)
	paint := p.sitePaint()
	paint.Route = "listing"
	paint.Listing = lp
	return &paint
}

// carsFound is a listing heading's count line (web CountedHeading).
func carsFound(n int) string { return carCount(n) + " found" }

// carCount is "1 car" or "1,234 cars" (web formatNumber and its plural).
func carCount(n int) string {
	if n == 1 {
		return "1 car"
	}
	return shared.FormatNumber(float64(n)) + " cars"
}

// DealershipSearchPath is a dealership's own search page (web
// dealershipSearchPath).
func DealershipSearchPath(slug string) string {
	return "/dealerships/" + url.PathEscape(slug) + "/cars"
}

// DealershipListingPath is the full listing scoped to a dealership (web
// dealershipListingPath).
func DealershipListingPath(slug string) string {
	return ListingPath + "?" + url.Values{"dealership": {slug}}.Encode()
}

// cards are the painted cards of hits, the first one's photo the page's
// priority image.
func (p Page) cards(hits []Hit, s ListingSearch, now time.Time) []CardPaint {
	out := make([]CardPaint, len(hits))
	for i, h := range hits {
		out[i] = p.card(h, s, i == 0, now)
	}
	return out
}

// promoFree is how many of the first page's cars come before any
// promotion or CTA card the web could put among them (web SearchResults:
// insertPromos, ctaSlot): the tiles showing today on the listing of the
// refined car types (none: every type) take their own positions or the site's, and with a random order
// only the first of the site's.
func promoFree(site shared.Site, now time.Time, nbHits int, refined []shared.CarType) int {
	free := ListingPaintCards
	positions := site.Search.PromoPositions
	if site.Search.PromoRandomOrder && len(positions) > 1 {
		positions = positions[:1]
	}
	next := 0
	for _, t := range site.Promotions {
		if !shared.PromoActive(t, now) || !shared.PromoShows(t, refined) {
			continue
		}
		pos := t.Position
		if pos <= 0 {
			if next >= len(positions) {
				continue
			}
			pos = positions[next]
			// In random order any of them may take the first position.
			if !site.Search.PromoRandomOrder {
				next++
			}
		}
		free = min(free, pos-1)
	}
	if cta := site.Search.CTA; cta != nil && shared.PromoActive(*cta, now) && site.Search.CTAPosition > 0 {
		// On page 1 the card takes its position, or follows the last car
		// when the results end before it: after every painted card then.
		if site.Search.CTAPosition <= nbHits {
			free = min(free, site.Search.CTAPosition-1)
		}
	}
	return free
}

// sortOptions are the sort select's options (web sortItems), the main
// index's selected; none when fewer than two have an index.
func sortOptions(options []string, s ListingSearch) []SortOption {
	var out []SortOption
	for _, k := range options {
		label, ok := sortLabels[k]
		if !ok {
			continue
		}
		value := s.SortIndices[k]
		if k == shared.SortRelevance && value == "" {
			value = s.Index
		}
		if value == "" {
			continue
		}
		out = append(out, SortOption{Label: label, Value: value, Selected: value == s.Index})
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// CardPhoto is a card's photo as the card renders it (web imageOf: the
// primary image, else the first image or thumbnail; none for a
// placeholder), or nil for none.
func CardPhoto(c shared.Car) *ImagePreload {
	src := firstPhoto(c)
	if src == "" {
		return nil
	}
	return &ImagePreload{Href: src, SrcSet: shared.PhotoSrcSet(src), Sizes: CardSizes}
}

// card is one hit's card on the site at now.
func (p Page) card(h Hit, s ListingSearch, first bool, now time.Time) CardPaint {
	site, c := p.Site, h.Car
	sold := !c.Available()
	cp := CardPaint{
		Title: shared.CarTitle(c, site.Card.ExtendedTitle), Href: "/cars/" + url.PathEscape(c.Slug),
		Sold: sold, Status: string(c.Status), Photo: CardPhoto(c), First: first,
		NewArrival: site.Texts.NewArrival, RequestPhotos: !sold,
		Tag:     shared.TagFor(c, site, now),
		Chips:   shared.ChipsOf(c, site),
		Price:   shared.DisplayPrice(c, site),
		Finance: shared.EstimateFinance(c, site, now), FinanceInfo: site.Finance.WeeklyOnCard,
		FindSimilar: site.Texts.FindSimilar, Similar: h.SimilarPath,
		Reserve: shared.ReserveFor(c, site), Compare: site.Features.Compare && !sold,
	}
	if sold {
		cp.Status = "sold"
	} else if cp.Status == "" {
		cp.Status = string(shared.StatusInStock)
	}
	if cp.Similar == "" {
		cp.Similar = ListingPath
	}
	if cp.Tag.Kind == shared.TagCertified {
		cp.TagImage = site.Features.CertifiedBadgeImage
	}
	if site.Card.LocationOverlay {
		cp.Location = c.LocationName
		if cp.Location == "" && c.Location != nil {
			cp.Location = c.Location.Name
		}
	}
	cp.Heart = (site.Features.Garage && s.SignIn || site.Features.Favourites) && !sold
	cp.BadgeLine = badgeLine(c)
	cp.BelowMarket = slices.Contains(h.BelowMarketSites, site.Slug)
	if site.Features.PhoneLinks && !sold {
		cp.Phone = shared.CarPhone(c, site)
		cp.Masked = shared.MaskPhone(cp.Phone)
	}
	return cp
}

// LCPImage is the painted page's largest picture, which the head
// preloads: the car's gallery photo, the listing's first card's photo;
// nil for none.
func (p *Paint) LCPImage() *ImagePreload {
	switch {
	case p == nil:
		return nil
	case p.Car != nil:
		return p.Car.Photo
	case p.Listing != nil && len(p.Listing.Cards) > 0:
		return p.Listing.Cards[0].Photo
	case p.DealershipCars != nil && len(p.DealershipCars.Cards) > 0:
		return p.DealershipCars.Cards[0].Photo
	}
	return nil
}

// PhotoTag is the card's photo as the app renders it: the first card's
// eager and high priority (the listing's largest paint), the others lazy.
// Written by hand like ImagePreload.Tag: html/template would
// percent-encode the spaces of a srcset.
func (c CardPaint) PhotoTag() template.HTML {
	var b strings.Builder
	b.WriteString(`<img src="` + template.HTMLEscapeString(c.Photo.Href) + `"`)
	if c.Photo.SrcSet != "" {
		b.WriteString(` srcset="` + template.HTMLEscapeString(c.Photo.SrcSet) + `"`)
	}
	b.WriteString(` sizes="` + template.HTMLEscapeString(c.Photo.Sizes) + `" alt=""`)
	if c.First {
		b.WriteString(` loading="eager" fetchpriority="high"`)
	} else {
		b.WriteString(` loading="lazy"`)
	}
	b.WriteString(` decoding="async" width="480" height="320" />`)
	return template.HTML(b.String())
}

// DealershipCarsPaint is a dealership's own search page with its first
// cards (templates/DealershipSearchPage.tmpl, web DealershipSearchPage).
type DealershipCarsPaint struct {
	Heading string
	// Count is the heading's "N cars found": the answer's hits, as the
	// page counts them (no stock-count rule: one dealership's cars).
	Count string
	// ScopePath is the full listing scoped to the dealership.
	ScopePath string
	Cards     []CardPaint
	FinePrint string
}

// DealershipCarsPaint is the paint of /dealerships/{slug}/cars from its
// first search's answer (DealershipFirstSearch): nil with no hits (the app
// draws the empty state) or when a promotion or the CTA card could come
// among the first cards, as for the listing.
func (p Page) DealershipCarsPaint(d shared.Dealership, r ListingResults, s ListingSearch, now time.Time) *Paint {
	if len(r.Hits) == 0 {
		return nil
	}
	n := min(ListingPaintCards, len(r.Hits), promoFree(p.Site, now, r.NbHits, nil))
	if n <= 0 {
		return nil
	}
	dp := &DealershipCarsPaint{
		Heading:   d.Name + " stock",
		Count:     carsFound(r.NbHits),
		ScopePath: DealershipListingPath(d.Slug),
		FinePrint: shared.FinanceFinePrint(p.Site.Finance),
		Cards:     p.cards(r.Hits[:n], s, now),
	}
	paint := p.sitePaint()
	paint.Route = "dealership-cars"
	paint.DealershipCars = dp
	return &paint
}
