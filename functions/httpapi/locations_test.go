package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/geocode"
	"forecourt/functions/httpapi"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

const locSecret = "origin-secret"

type noKeys struct{}

func (noKeys) SecuredKey(shared.Site, time.Time) (string, time.Time, error) {
	return "k", time.Time{}, nil
}

type noCars struct{}

func (noCars) FindCarBySlug(context.Context, string) (shared.Car, error) {
	return shared.Car{}, shared.Errorf(shared.ENOTFOUND, "no car")
}
func (noCars) FindCarsByDealership(context.Context, string) ([]shared.Car, error) { return nil, nil }
func (noCars) FindCarsBySlug(context.Context, string) ([]shared.Car, error)       { return nil, nil }

// locationsStack serves the api and ingest routes over DynamoDB Local with
// two sites: coastal (a sales, service and parts location of one dealership
// in Southport and Nerang) and other (its own dealership in Parramatta).
func locationsStack(t *testing.T, now time.Time) http.Handler {
	t.Helper()
	h, _ := recordedLocationsStack(t, now)
	return h
}

// recordedLocationsStack is locationsStack with the DynamoDB requests it
// makes recorded.
func recordedLocationsStack(t *testing.T, now time.Time) (http.Handler, *testenv.Calls) {
	t.Helper()
	ctx := context.Background()
	_, tables := testenv.DB(t)
	db, calls := testenv.RecordingDB(t)
	week := func(open, close string) []shared.OpeningHours {
		h := []shared.OpeningHours{{Weekday: 0, Status: "Closed"}, {Weekday: 6, Status: "Open", Open: "08:00", Close: "12:00"}}
		for d := 1; d <= 5; d++ {
			h = append(h, shared.OpeningHours{Weekday: d, Status: "Open", Open: open, Close: close})
		}
		return h
	}
	loc := func(id, slug string, typ shared.LocationType, lat, lng float64) shared.Location {
		return shared.Location{ID: id, Name: id, Slug: slug, LocationType: typ, DealershipSlug: "coastal-mazda", TimeZone: "Australia/Brisbane",
			Address:       shared.Address{Street: "1 Ferry Road", City: "Southport", State: "QLD", Postcode: "4215", Lat: lat, Long: lng},
			ContactDetail: shared.ContactDetail{OpeningHours: week("08:00", "17:30")}, DealerLicenseNumber: "3401122"}
	}
	sales := loc("loc-sales", "coastal-sales", shared.LocationSales, -27.97, 153.40)
	sales.Primary = true
	sales.SpecialHours = []shared.SpecialHours{{Status: "Closed", Date: "2026-12-25", Department: "all"}}
	sales.AverageRating, sales.ReviewCount = 4.8, 388
	service := loc("loc-service", "coastal-service", shared.LocationService, -27.99, 153.33)
	parts := loc("loc-parts", "coastal-parts", shared.LocationParts, -27.99, 153.33)
	parts.ContactDetail.OpeningHours = nil
	coastal := shared.DefaultSite()
	coastal.Slug, coastal.Name = "coastal", "Coastal"
	coastal.Dealerships = []shared.Dealership{{Slug: "coastal-mazda", Name: "Coastal Mazda"}}
	coastal.Locations = []shared.Location{parts, service, sales}
	coastal.Hours.ClosedText = "By appointment only"
	coastal.Reviews = shared.ReviewsConfig{MinRating: 4, Shown: 10, FullQuantity: 12, HiddenNames: []string{"Hidden Person"}}
	other := shared.DefaultSite()
	other.Slug, other.Name = "other", "Other"
	other.Dealerships = []shared.Dealership{{Slug: "other-toyota", Name: "Other Toyota"}}
	other.Locations = []shared.Location{{ID: "loc-other", Name: "Other", Slug: "other-sales", DealershipSlug: "other-toyota",
		Address: shared.Address{Lat: -33.81, Long: 151.0}}}
	sites := dynamo.NewSiteStore(db, tables)
	for _, s := range []shared.Site{coastal, other} {
		if err := sites.SaveSite(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	keys := dynamo.NewProviderKeyStore(db, tables)
	if err := keys.PutKey(ctx, "coastal-key", shared.Provider{Name: "reviews-co", Dealerships: []string{"coastal-mazda"}}); err != nil {
		t.Fatal(err)
	}
	reviews := dynamo.NewReviewStore(db, tables)
	h, err := httpapi.NewHandler(httpapi.Deps{
		API: &httpapi.APIConfig{Sites: sites, Cars: noCars{}, Keys: noKeys{}, OriginSecret: locSecret,
			Reviews: reviews, Geocoder: geocode.NewOffline(), Now: func() time.Time { return now }},
		Ingest: &httpapi.IngestConfig{Feed: nopIngester{}, Keys: keys, Reviews: reviews, Sites: sites},
		Media:  nopMedia{},
	})
	if err != nil {
		t.Fatal(err)
	}
	return h, calls
}

func call(t *testing.T, h http.Handler, method, path, site, key, body string, into any) int {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if site != "" {
		req.Header.Set(httpapi.HeaderSite, site)
		req.Header.Set(httpapi.HeaderOriginSecret, locSecret)
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if into != nil {
		if err := json.Unmarshal(rec.Body.Bytes(), into); err != nil {
			t.Fatalf("%s %s: body %q: %v", method, path, rec.Body.String(), err)
		}
	}
	return rec.Code
}

// 10:00 on Monday 23 November 2026 in Brisbane.
var mondayMorning = time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)

func TestLocationsAnswer(t *testing.T) {
	h := locationsStack(t, mondayMorning)
	var got httpapi.LocationsResponse
	if code := call(t, h, "GET", "/api/locations", "coastal", "", "", &got); code != 200 {
		t.Fatalf("status %d", code)
	}
	// spec 001 §2: sales, service, parts; grid columns for 3 locations.
	var ids []string
	for _, l := range got.Locations {
		ids = append(ids, l.ID)
	}
	if fmt.Sprint(ids) != "[loc-sales loc-service loc-parts]" || got.GridColumns != 3 {
		t.Errorf("got %v with %d columns, want sales, service, parts in 3 columns", ids, got.GridColumns)
	}
	s := got.Locations[0]
	// spec 001 §2 "Opening hours": Mon-Fri collapsed, the site's closed text.
	if len(s.Hours) != 3 || s.Hours[0] != (shared.HoursLine{Days: "Mon-Fri", Text: "8:00am - 5:30pm"}) ||
		s.Hours[2] != (shared.HoursLine{Days: "Sunday", Text: "By appointment only", Closed: true}) {
		t.Errorf("hours %+v", s.Hours)
	}
	// Open now, computed at the request's time in the location's zone.
	if s.OpenNow == nil || !s.OpenNow.Open || s.OpenNow.Detail != "Closes 5:30 pm" {
		t.Errorf("open now %+v, want open, closes 5:30 pm", s.OpenNow)
	}
	if len(s.HolidayHours) != 1 || s.HolidayHours[0].Text != "Closed" {
		t.Errorf("holiday hours %+v", s.HolidayHours)
	}
	if s.ReviewSummary == nil || s.ReviewSummary.Text != "Based on 388 reviews" || s.ReviewSummary.Stars != [5]float64{1, 1, 1, 1, 0.8} {
		t.Errorf("review summary %+v", s.ReviewSummary)
	}
	if got.Locations[1].DefaultTab != shared.LocationService || s.DefaultTab != shared.LocationSales {
		t.Errorf("default tabs %s, %s", s.DefaultTab, got.Locations[1].DefaultTab)
	}
	// Missing hours show nothing.
	if p := got.Locations[2]; len(p.Hours) != 0 || p.OpenNow != nil {
		t.Errorf("parts without hours: %+v %+v", p.Hours, p.OpenNow)
	}
	if !strings.Contains(s.DirectionsURL, "Ferry+Road") || s.ContactPath != "/contact-us/loc-sales" || s.ViewPath != "/locations/coastal-sales" {
		t.Errorf("links %q %q", s.DirectionsURL, s.ContactPath)
	}

	t.Run("spec 001 §2 filters", func(t *testing.T) {
		for q, want := range map[string]int{"?type=service-and-parts": 2, "?type=primary": 1, "?type=loc-parts": 1, "?type=all": 3} {
			var r httpapi.LocationsResponse
			call(t, h, "GET", "/api/locations"+q, "coastal", "", "", &r)
			if len(r.Locations) != want {
				t.Errorf("%s: %d locations, want %d", q, len(r.Locations), want)
			}
		}
		var e httpapi.ErrorBody
		if code := call(t, h, "GET", "/api/locations?type=loc-other", "coastal", "", "", &e); code != 400 || e.Error.Field != "type" {
			t.Errorf("another site's location id: %d %+v, want 400 on type", code, e)
		}
	})

	t.Run("closed on Sunday, opens Monday", func(t *testing.T) {
		h := locationsStack(t, time.Date(2026, 11, 22, 3, 0, 0, 0, time.UTC))
		var r httpapi.LocationsResponse
		call(t, h, "GET", "/api/locations", "coastal", "", "", &r)
		if o := r.Locations[0].OpenNow; o == nil || o.Open || o.Detail != "Opens 8:00 am tomorrow" {
			t.Errorf("got %+v", o)
		}
	})
}

func TestGeocodeAnswer(t *testing.T) {
	h := locationsStack(t, mondayMorning)
	var got httpapi.GeocodeResponse
	if code := call(t, h, "GET", "/api/geocode?postcode=4211", "coastal", "", "", &got); code != 200 {
		t.Fatalf("status %d", code)
	}
	// Nerang's postcode: the Nerang service and parts come before Southport's sales.
	if len(got.Locations) != 3 || got.Locations[0].ID != "loc-service" || got.Locations[2].ID != "loc-sales" ||
		got.Locations[0].DistanceKm > got.Locations[2].DistanceKm || !strings.Contains(got.Place, "QLD 4211") {
		t.Errorf("got %s %+v", got.Place, got.Locations)
	}
	// Another site's locations never appear.
	for _, l := range got.Locations {
		if l.ID == "loc-other" {
			t.Errorf("another site's location in the answer")
		}
	}
	var bySuburb httpapi.GeocodeResponse
	if code := call(t, h, "GET", "/api/geocode?q=Parramatta", "other", "", "", &bySuburb); code != 200 || len(bySuburb.Locations) != 1 || bySuburb.Locations[0].DistanceKm > 5 {
		t.Errorf("suburb: %d %+v", code, bySuburb)
	}
	for _, tt := range []struct {
		q          string
		code       int
		field, msg string
	}{
		{"postcode=0001", 404, "postcode", "Invalid postcode"},
		{"postcode=12", 400, "postcode", "Invalid postcode. Please enter a 4-digit number."},
		{"", 400, "postcode", "a postcode or a suburb (q) is required"},
	} {
		var e httpapi.ErrorBody
		if code := call(t, h, "GET", "/api/geocode?"+tt.q, "coastal", "", "", &e); code != tt.code || e.Error.Field != tt.field || e.Error.Message != tt.msg {
			t.Errorf("spec 001 §8 %q: %d %+v, want %d %s %q", tt.q, code, e.Error, tt.code, tt.field, tt.msg)
		}
	}
}

func TestReviewsFeed(t *testing.T) {
	h, calls := recordedLocationsStack(t, mondayMorning)
	post := func(key, slug, body string, into any) int {
		return call(t, h, "POST", "/ingest/v1/dealerships/"+slug+"/reviews", "", key, body, into)
	}
	var e httpapi.ErrorBody
	if code := post("", "coastal-mazda", `{"reviews":[]}`, &e); code != 401 {
		t.Errorf("no key: %d", code)
	}
	if code := post("coastal-key", "other-toyota", `{"reviews":[]}`, &e); code != 403 {
		t.Errorf("another dealership: %d", code)
	}
	if code := post("coastal-key", "coastal-mazda", `{"reviews":[{"id":"x","location_id":"loc-other","rating":9}]}`, &e); code != 400 ||
		e.Error.Fields["reviews[0].location_id"] == "" || e.Error.Fields["reviews[0].rating"] == "" {
		t.Errorf("bad review: %d %+v", code, e.Error)
	}
	var reviews []string
	for i := range 14 {
		r := map[string]any{"id": fmt.Sprint("r", i), "location_id": "loc-sales", "rating": 5, "text": "Great service",
			"customer_name": fmt.Sprint("Buyer ", i), "review_date": fmt.Sprintf("2026-10-%02d", 20-i)}
		switch i {
		case 0:
			r["text"] = "Excellent (Translated by Google)"
		case 1:
			r["rating"] = 3
		case 2:
			r["customer_name"] = "hidden person "
		}
		b, _ := json.Marshal(r)
		reviews = append(reviews, string(b))
	}
	var rep httpapi.ReviewsReport
	calls.Reset()
	if code := post("coastal-key", "coastal-mazda", `{"reviews":[`+strings.Join(reviews, ",")+`]}`, &rep); code != 200 || rep.Saved != 14 {
		t.Fatalf("push: %d %+v", code, rep)
	}
	// Issue 15: the push reads its dealership's own sites, not every site.
	if scans := calls.Of("Scan"); len(scans) > 0 {
		t.Errorf("the reviews push scanned %v", scans)
	}
	var got httpapi.LocationResponse
	if code := call(t, h, "GET", "/api/locations/coastal-sales", "coastal", "", "", &got); code != 200 {
		t.Fatalf("status %d", code)
	}
	// spec 001 §3, §9: Translated, below 4 and hidden names dropped; newest first; the 11 left
	// listed (full quantity 12), 10 shown before "Show all".
	if len(got.Reviews) != 11 || got.ReviewsShown != 10 || got.Reviews[0].ID != "r3" || got.Reviews[0].ReviewDateInWords != "5 weeks ago" {
		t.Errorf("reviews %d (shown %d), first %+v", len(got.Reviews), got.ReviewsShown, got.Reviews[0])
	}
	// The summary counts every review received.
	if s := got.Location.ReviewSummary; s == nil || s.Count != 14 || s.Text != "Based on 14 reviews" {
		t.Errorf("summary %+v", s)
	}
	if len(got.Departments) != 3 {
		t.Errorf("departments %d, want sales, service, parts", len(got.Departments))
	}
	// A dealership slug opens its first location; another site's slug is not found.
	var byDealer httpapi.LocationResponse
	if code := call(t, h, "GET", "/api/locations/coastal-mazda", "coastal", "", "", &byDealer); code != 200 || byDealer.Location.ID != "loc-sales" {
		t.Errorf("by dealership: %d %s", code, byDealer.Location.ID)
	}
	if code := call(t, h, "GET", "/api/locations/coastal-sales", "other", "", "", &e); code != 404 {
		t.Errorf("another site's location: %d", code)
	}
}

// nopIngester and nopMedia stand for the parts these tests do not reach.
type nopIngester struct{}

func (nopIngester) Ingest(context.Context, feed.Request) (feed.Report, error) {
	return feed.Report{}, nil
}
func (nopIngester) Run(context.Context, string) (feed.Report, error) { return feed.Report{}, nil }
func (nopIngester) Reindex(context.Context, string) (feed.ReindexReport, error) {
	return feed.ReindexReport{}, nil
}

type nopMedia struct{}

func (nopMedia) Media(context.Context, string, url.Values) ([]byte, string, error) {
	return nil, "", shared.Errorf(shared.ENOTFOUND, "no media")
}
