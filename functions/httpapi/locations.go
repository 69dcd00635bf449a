package httpapi

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"forecourt/shared"
)

// ReviewReader reads the reviews providers pushed (dynamo.ReviewStore),
// a page at a time (issue 31): never every review of a location.
type ReviewReader interface {
	// ReviewSummaries are the stored count and average of each location
	// (by id) that has received reviews.
	ReviewSummaries(ctx context.Context, locations []shared.Location) (map[string]shared.ReviewSummary, error)
	// LatestReviews are up to limit of the location's reviews that keep
	// accepts, newest first; read is how many reviews it read for them.
	LatestReviews(ctx context.Context, dealershipSlug, locationID string, limit int, keep func(shared.Review) bool) (reviews []shared.Review, read int, err error)
}

// Geocoder resolves a postcode or suburb (geocode.Offline; in AWS a street
// address provider may stand behind the same interface).
type Geocoder interface {
	Geocode(ctx context.Context, q shared.GeoQuery) (shared.GeoPlace, error)
}

// locationsCacheControl is short: the open-now line changes with the clock.
const locationsCacheControl = "public, max-age=60"

// LocationView is a location as the location blocks show it on the
// requesting site at the time of the request: the configured location plus
// what Go computes from it (spec 001 §2 "Location blocks", "Opening hours").
type LocationView struct {
	shared.Location
	// Hours are the opening-hours lines (shared.OpeningHoursLines with the
	// site's hours.closed_text); empty when the location has no hours.
	Hours []shared.HoursLine `json:"hours"`
	// OpenNow is the "Open now / Closes 5:30 pm" line in the location's time
	// zone at the time of the request; absent without hours.
	OpenNow *shared.OpenStatus `json:"open_now,omitempty"`
	// HolidayHours are the upcoming special hours, by date, 12-hour times.
	HolidayHours []shared.HolidayHours `json:"holiday_hours"`
	// ReviewSummary is the count and average of the location's reviews.
	ReviewSummary *ReviewSummaryView `json:"review_summary,omitempty"`
	// DirectionsURL is the Get Directions link: the map place link, else a
	// map search for the address.
	DirectionsURL string `json:"directions_url"`
	// ContactPath is the location's contact page, /contact-us/{slug}.
	ContactPath string `json:"contact_path"`
	// ViewPath is the card's view-location link (spec 001 §2,
	// shared.LocationViewPath): /contact where locations_block.view_location
	// is "contact" (a manufacturer's site by default), else /locations/{slug}
	// (the dealership's slug when the location has none).
	ViewPath string `json:"view_path"`
	// DefaultTab is the Sales/Service tab its block opens on.
	DefaultTab shared.LocationType `json:"default_tab"`
}

// ReviewSummaryView is a review summary with its stars drawn (spec 001 §9).
type ReviewSummaryView struct {
	shared.ReviewSummary
	// Stars is how full each of the five stars is, 0 to 1.
	Stars [5]float64 `json:"stars"`
	// Text is "Based on {count} reviews".
	Text string `json:"text"`
}

// LocationsResponse is the body of GET /api/locations.
type LocationsResponse struct {
	Locations []LocationView `json:"locations"`
	// GridColumns is the card grid's column count (spec 001 §2, §9).
	GridColumns int `json:"grid_columns"`
}

// LocationResponse is the body of GET /api/locations/{slug}.
type LocationResponse struct {
	Location LocationView `json:"location"`
	// Departments are the location's dealership's visible locations (sales,
	// service, parts), for the department hours drop-down; the location
	// itself among them.
	Departments []LocationView `json:"departments"`
	// Reviews are the reviews listed (shared.ListedReviews: up to
	// reviews.full_quantity), dates in words.
	Reviews []ReviewView `json:"reviews"`
	// ReviewsShown is how many of Reviews show before "Show all" (reviews.shown).
	ReviewsShown int `json:"reviews_shown"`
}

// ReviewView is a shown review with its stars drawn (shared.StarFill).
type ReviewView struct {
	shared.Review
	Stars [5]float64 `json:"stars"`
}

// NearbyLocation is a location with its distance from a geocoded point.
type NearbyLocation struct {
	LocationView
	DistanceKm float64 `json:"distance_km"`
}

// GeocodeResponse is the body of GET /api/geocode.
type GeocodeResponse struct {
	shared.GeoPlace
	// Locations are the site's visible locations with coordinates, nearest first.
	Locations []NearbyLocation `json:"locations"`
}

// reviewSummaries reads the stored review summaries of the locations, by
// location id: one item per location, never its reviews (issue 31). Only
// the site's own locations are asked for (tenant isolation: a dealership
// shared with another site shares only its own locations' reviews).
func (s *apiServer) reviewSummaries(ctx context.Context, locs []shared.Location) (map[string]shared.ReviewSummary, error) {
	if s.cfg.Reviews == nil || len(locs) == 0 {
		return map[string]shared.ReviewSummary{}, nil
	}
	sums, err := s.cfg.Reviews.ReviewSummaries(ctx, locs)
	if err != nil {
		return nil, fmt.Errorf("review summaries: %w", err)
	}
	return sums, nil
}

// summaryOf is the location's stored summary, nil when it has none.
func summaryOf(sums map[string]shared.ReviewSummary, id string) *shared.ReviewSummary {
	if sum, ok := sums[id]; ok {
		return &sum
	}
	return nil
}

// viewLocation computes a location's view on the site at now.
func viewLocation(site shared.Site, l shared.Location, reviews *shared.ReviewSummary, now time.Time) LocationView {
	v := LocationView{
		Location:      l,
		Hours:         shared.OpeningHoursLines(l.ContactDetail.OpeningHours, site.Hours.ClosedText),
		OpenNow:       shared.OpenStatusAt(site, l, now),
		HolidayHours:  shared.HolidayHoursFrom(site, l, now),
		DirectionsURL: directionsURL(l.Address),
		ContactPath:   "/contact-us/" + shared.ContactSlug(l.Name),
		ViewPath:      shared.LocationViewPath(site, l),
		DefaultTab:    shared.DefaultLocationTab(l),
	}
	if v.Hours == nil {
		v.Hours = []shared.HoursLine{}
	}
	if v.HolidayHours == nil {
		v.HolidayHours = []shared.HolidayHours{}
	}
	if sum := shared.LocationReviewSummary(l, reviews); sum != nil {
		v.ReviewSummary = &ReviewSummaryView{ReviewSummary: *sum, Stars: shared.StarFill(sum.AverageRating), Text: fmt.Sprintf("Based on %d reviews", sum.Count)}
	}
	// Contact details the site hides (spec 001 §2 "show flag") are not sent.
	if !site.LocationsBlock.ShowContact {
		v.DealerLicenseNumber, v.MotorVehicleRepairer = "", ""
	}
	return v
}

// directionsURL is the place link, else a map search for the address.
func directionsURL(a shared.Address) string {
	if a.PlaceURL != "" {
		return a.PlaceURL
	}
	var parts []string
	for _, p := range []string{a.Street, a.City, a.State, a.Postcode} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 && a.Lat == 0 && a.Long == 0 {
		return ""
	}
	q := strings.Join(parts, " ")
	if q == "" {
		q = fmt.Sprintf("%g,%g", a.Lat, a.Long)
	}
	return "https://www.google.com/maps/search/?api=1&query=" + url.QueryEscape(q)
}

// handleLocations answers GET /api/locations[?type=&manufacturer=&subtype=]:
// the site's visible locations the filter picks (spec 001 §2), in sales,
// service, parts order, with hours, open-now status and review summary.
func (s *apiServer) handleLocations(w http.ResponseWriter, r *http.Request) error {
	site := siteFrom(r.Context())
	q := r.URL.Query()
	f := shared.LocationFilter{Type: q.Get("type"), Manufacturer: q.Get("manufacturer"), Subtype: q.Get("subtype")}
	for name, v := range map[string]string{"type": f.Type, "manufacturer": f.Manufacturer, "subtype": f.Subtype} {
		if len(v) > 100 {
			return shared.FieldError(name, "at most 100 characters")
		}
	}
	if f.Type != "" && !slices.Contains(shared.LocationFilterTypes, f.Type) && !hasLocation(site, f.Type) {
		return shared.FieldError("type", "want one of %s or a location id of this site, got %q", strings.Join(shared.LocationFilterTypes, ", "), f.Type)
	}
	resp, err := s.locationsResponse(r.Context(), site, f)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", locationsCacheControl)
	WriteJSON(w, http.StatusOK, resp)
	return nil
}

func hasLocation(site shared.Site, id string) bool {
	return slices.ContainsFunc(site.Locations, func(l shared.Location) bool { return l.ID == id })
}

// handleLocation answers GET /api/locations/{slug}: a visible location by
// its slug, or a dealership's first location (sales first) by the
// dealership's slug (spec 001 §2 "/locations/{location slug or dealership
// slug}"), with its dealership's departments and its shown reviews.
func (s *apiServer) handleLocation(w http.ResponseWriter, r *http.Request) error {
	site := siteFrom(r.Context())
	loc, ok := pageLocation(site, r.PathValue("slug"))
	if !ok {
		return shared.Errorf(shared.ENOTFOUND, "location not found")
	}
	resp, err := s.locationResponse(r.Context(), site, loc)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", locationsCacheControl)
	WriteJSON(w, http.StatusOK, resp)
	return nil
}

// locationsResponse is GET /api/locations' body: the visible locations f
// picks, with their stored review summaries (issue 31: never their reviews).
func (s *apiServer) locationsResponse(ctx context.Context, site shared.Site, f shared.LocationFilter) (LocationsResponse, error) {
	locs := shared.FilterLocations(site.Locations, f)
	sums, err := s.reviewSummaries(ctx, locs)
	if err != nil {
		return LocationsResponse{}, err
	}
	now := s.now()
	resp := LocationsResponse{Locations: make([]LocationView, 0, len(locs)), GridColumns: shared.LocationGridColumns(len(locs))}
	for _, l := range locs {
		resp.Locations = append(resp.Locations, viewLocation(site, l, summaryOf(sums, l.ID), now))
	}
	return resp, nil
}

// pageLocation is the location /locations/{slug} shows: a visible location
// by its slug, or a dealership's first location (sales first) by the
// dealership's slug.
func pageLocation(site shared.Site, slug string) (shared.Location, bool) {
	visible := shared.SortedLocations(site.Locations)
	i := slices.IndexFunc(visible, func(l shared.Location) bool { return l.Slug == slug })
	if i < 0 {
		i = slices.IndexFunc(visible, func(l shared.Location) bool { return l.DealershipSlug == slug })
	}
	if i < 0 {
		return shared.Location{}, false
	}
	return visible[i], true
}

// locationResponse is GET /api/locations/{slug}'s body for loc: the
// location, its dealership's departments with their summaries, and a page
// of its latest reviews (issue 31: read with a limit, never all of them).
func (s *apiServer) locationResponse(ctx context.Context, site shared.Site, loc shared.Location) (LocationResponse, error) {
	var departments []shared.Location
	for _, l := range shared.SortedLocations(site.Locations) {
		if l.ID == loc.ID || (loc.DealershipSlug != "" && l.DealershipSlug == loc.DealershipSlug) {
			departments = append(departments, l)
		}
	}
	sums, err := s.reviewSummaries(ctx, departments)
	if err != nil {
		return LocationResponse{}, err
	}
	latest, err := s.latestReviews(ctx, site, loc)
	if err != nil {
		return LocationResponse{}, err
	}
	now := s.now()
	resp := LocationResponse{Location: viewLocation(site, loc, summaryOf(sums, loc.ID), now), Reviews: []ReviewView{}}
	for _, l := range departments {
		resp.Departments = append(resp.Departments, viewLocation(site, l, summaryOf(sums, l.ID), now))
	}
	listed, shown := shared.ListedReviews(latest, site.Reviews)
	resp.ReviewsShown = shown
	for _, rv := range listed {
		rv.ReviewDateInWords = shared.ReviewDateInWords(rv.ReviewDate, now)
		resp.Reviews = append(resp.Reviews, ReviewView{Review: rv, Stars: shared.StarFill(rv.Rating)})
	}
	return resp, nil
}

// LocationPageData is what a location page's HTML carries (<script
// id="forecourt-location">): the bodies of GET /api/locations/{slug} and
// GET /api/locations, so the page renders at once, without the "Loading
// location…" that the whole page then replaced (issue 32 item 11: a 0.5
// layout shift).
type LocationPageData struct {
	// Slug is the path's slug the page was made for.
	Slug      string            `json:"slug"`
	Page      LocationResponse  `json:"page"`
	Locations LocationsResponse `json:"locations"`
}

// locationPageData is the page data of /locations/{slug} (false for a slug
// naming no visible location, or when the reviews cannot be read: the page
// then loads them as before).
func (s *apiServer) locationPageData(ctx context.Context, site shared.Site, slug string) (LocationPageData, bool) {
	loc, ok := pageLocation(site, slug)
	if !ok {
		return LocationPageData{}, false
	}
	page, err := s.locationResponse(ctx, site, loc)
	if err == nil {
		var all LocationsResponse
		if all, err = s.locationsResponse(ctx, site, shared.LocationFilter{}); err == nil {
			return LocationPageData{Slug: slug, Page: page, Locations: all}, true
		}
	}
	slog.WarnContext(ctx, "location page served without its data", "site", site.Slug, "location", slug, "err", err)
	return LocationPageData{}, false
}

// latestReviews are the reviews the location's page lists (before
// ListedReviews' cut of what shows first): a page of its newest reviews the
// site's reviews config lists, at most reviews.full_quantity, read from
// the location's index with that limit (issue 31), the same list the
// whole set filtered and cut gave.
func (s *apiServer) latestReviews(ctx context.Context, site shared.Site, loc shared.Location) ([]shared.Review, error) {
	if s.cfg.Reviews == nil || loc.DealershipSlug == "" {
		return nil, nil
	}
	if _, ok := site.Dealership(loc.DealershipSlug); !ok {
		return nil, nil
	}
	cfg := site.Reviews
	reviews, read, err := s.cfg.Reviews.LatestReviews(ctx, loc.DealershipSlug, loc.ID, cfg.ListLimit(), cfg.Lists)
	if err != nil {
		return nil, fmt.Errorf("reviews of %s: %w", loc.ID, err)
	}
	slog.DebugContext(ctx, "location reviews read", "site", site.Slug, "location", loc.ID, "read", read, "listed", len(reviews))
	return reviews, nil
}

// handleGeocode answers GET /api/geocode?postcode=NNNN (or ?q=suburb): the
// point and the site's locations by great-circle distance (spec 001 §7, §9).
func (s *apiServer) handleGeocode(w http.ResponseWriter, r *http.Request) error {
	if s.cfg.Geocoder == nil {
		return fmt.Errorf("geocode: no geocoder configured")
	}
	site := siteFrom(r.Context())
	q := r.URL.Query()
	place, err := s.cfg.Geocoder.Geocode(r.Context(), shared.GeoQuery{Postcode: q.Get("postcode"), Text: q.Get("q")})
	if err != nil {
		return err
	}
	now := s.now()
	resp := GeocodeResponse{GeoPlace: place, Locations: []NearbyLocation{}}
	// Review summaries are left out: the answer is for choosing a
	// dealership, and it stays one table read away from none.
	for _, n := range shared.NearestLocations(site.Locations, place.Lat, place.Lng) {
		resp.Locations = append(resp.Locations, NearbyLocation{LocationView: viewLocation(site, n.Location, nil, now), DistanceKm: n.DistanceKm})
	}
	w.Header().Set("Cache-Control", locationsCacheControl)
	WriteJSON(w, http.StatusOK, resp)
	return nil
}
