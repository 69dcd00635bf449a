package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/functions/httpapi/route"
	"forecourt/functions/rego"
	"forecourt/shared"
)

// Issue 15 "a fuzz target for each JSON body the API accepts (no panic, no
// 500)". The seeds run as ordinary tests under `go test`; `go test -fuzz
// FuzzLeadBody ./httpapi` (one target at a time) explores further. Each
// target drives the real route (tenant middleware, decoder, validation)
// with in-memory stores, so a 5xx can only come from the handler's own
// reaction to the body.

// memWatchlists keeps watchlists in memory.
type memWatchlists struct {
	mu    sync.Mutex
	saved map[string]shared.SavedCar // by site/shopper/car
}

func (m *memWatchlists) SaveCar(_ context.Context, w shared.Watchlist, c shared.SavedCar) (shared.SavedCar, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.saved[w.Site+"/"+w.Shopper+"/"+c.CarID] = c
	return c, nil
}

func (m *memWatchlists) RemoveCar(_ context.Context, w shared.Watchlist, carID string) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := w.Site + "/" + w.Shopper + "/" + carID
	_, ok := m.saved[k]
	delete(m.saved, k)
	return ok, nil
}

func (m *memWatchlists) SavedCars(context.Context, shared.Watchlist) ([]shared.SavedCar, error) {
	return nil, nil
}

// fuzzShoppers verifies "tok" as shopper s1 on any site.
type fuzzShoppers struct{}

func (fuzzShoppers) VerifyShopper(_ context.Context, token string, _ shared.Site) (shared.Shopper, error) {
	if token != "tok" {
		return shared.Shopper{}, errors.New("bad token")
	}
	return shared.Shopper{Sub: "s1"}, nil
}

// fuzzReserver stands in for the reservation service: car c1 can be
// reserved, any other id is not found, as the service answers.
type fuzzReserver struct{}

func (fuzzReserver) Reserve(_ context.Context, st ReserveStart) (shared.Reservation, error) {
	if st.CarID != "c1" {
		return shared.Reservation{}, shared.Errorf(shared.ENOTFOUND, "car not found")
	}
	return shared.Reservation{ID: "r1", CheckoutURL: st.Origin + "/pay"}, nil
}

func (fuzzReserver) Reservation(context.Context, shared.Site, shared.Shopper, string) (shared.Reservation, error) {
	return shared.Reservation{}, shared.Errorf(shared.ENOTFOUND, "reservation not found")
}

func (fuzzReserver) Mine(context.Context, shared.Site, shared.Shopper) ([]shared.Reservation, error) {
	return nil, nil
}

func (fuzzReserver) HandleWebhook(context.Context, []byte, string) error { return nil }

// fuzzAPI serves site "other" (captcha off, so lead bodies reach the
// validation behind it) with every store a JSON route needs in memory.
func fuzzAPI(f *testing.F) http.Handler {
	f.Helper()
	site := shared.DefaultSite()
	site.Slug, site.ID, site.TimeZone = "other", "site-other", "Australia/Brisbane"
	site.Leads.Captcha = false
	site.Dealerships = []shared.Dealership{{ID: "d-ford", Slug: "other-ford", Name: "Other Ford"}}
	site.Locations = []shared.Location{{ID: "yard", DealershipSlug: "other-ford"}}
	car := shared.Car{ID: "c1", Slug: "c1", StockNum: "F1", Make: "Ford", Model: "Focus", DealershipSlug: "other-ford",
		CarType: shared.CarTypeUsed, Status: shared.StatusInStock, ShowOnDealerWebsite: true, Price: 20000}
	cars := memCars{"other-ford/c1": car}
	h, err := newAPIHandler(APIConfig{
		Sites: fakeSites{"other": site}, Cars: fakeCars{"c1": car}, Keys: fakeKeys{}, OriginSecret: testSecret,
		Now:          func() time.Time { return testNow },
		Leads:        &LeadsConfig{Store: newMemLeads(), Cars: cars, CaptchaKey: captchaKey},
		Rego:         rego.NewTable([]shared.RegoVehicle{{Rego: "ABC123", State: "QLD", Year: 2019, Make: "Toyota", Model: "Corolla", VIN: "JTN1"}}),
		Events:       &memEvents{},
		CarsByID:     cars,
		Watchlist:    &WatchlistConfig{Store: &memWatchlists{saved: map[string]shared.SavedCar{}}, Cars: cars, Shoppers: fuzzShoppers{}},
		Reservations: &ReservationsConfig{Service: fuzzReserver{}, Shoppers: fuzzShoppers{}},
	})
	if err != nil {
		f.Fatal(err)
	}
	return h
}

// checkAnswer fails on a 5xx or an answer that is not JSON.
func checkAnswer(t *testing.T, rec *httptest.ResponseRecorder, body string) {
	t.Helper()
	if rec.Code >= 500 {
		t.Fatalf("body %q: got %d %s, want no 5xx", body, rec.Code, rec.Body)
	}
	if rec.Code != http.StatusNoContent && rec.Body.Len() > 0 && !json.Valid(rec.Body.Bytes()) {
		t.Fatalf("body %q: answer %d is not JSON: %s", body, rec.Code, rec.Body)
	}
}

func FuzzLeadBody(f *testing.F) {
	h := fuzzAPI(f)
	for _, seed := range []string{
		`{` + validLead + `}`,
		`{` + validLead + `,"car_id":"c1"}`,
		`{"type":"trade_in","Rego":"ABC123","regoState":"QLD","trade_in_vehicle":{"year":2018,"make":"Mazda"}}`,
		`{"type":"finance","name":"Sam","email":"sam@example.com","calculator":{"price":1e308,"term_months":-1}}`,
		`{"type":"test_drive","name":"S","phone":"0491570110","appointment":"2025-06-11T09:00:00+10:00","location_id":"nowhere"}`,
		`{"type":"enquiry","lead_attributes":{"visited_pages":[1,{},null]},"dealership_slug":"acme-kia"}`,
		`{"type":"\u0000","name":"` + strings.Repeat("é", 300) + `"}`,
		`[]`, `null`, `{`, ``, `{"type":"enquiry"}{"type":"enquiry"}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		checkAnswer(t, send(h, "POST", "/api/leads", "other", nil, body), body)
	})
}

func FuzzLeadUpdateBody(f *testing.F) {
	h := fuzzAPI(f)
	for _, seed := range []string{
		`{"offer_accepted":true}`,
		`{"lead_attributes":{"visited_pages":["/trade-in"]},"Vehicle Make":"Kia"}`,
		`{"form_completed":true,"name":"Sam","email":"sam@example.com"}`,
		`{"dealership_slug":"x","car_id":"c1"}`,
		`{"postcode":1}`, `{"trade_in_vehicle":"x"}`, `[]`, `{`, ``,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		// A fresh trade-in per input: an input that completes the lead must
		// not turn every later one into a 409.
		rec := send(h, "POST", "/api/leads", "other", nil, `{"type":"trade_in","Rego":"ABC123","regoState":"QLD"}`)
		var created LeadCreated
		if rec.Code != http.StatusCreated || json.Unmarshal(rec.Body.Bytes(), &created) != nil {
			t.Fatalf("create trade-in: %d %s", rec.Code, rec.Body)
		}
		checkAnswer(t, send(h, "PATCH", "/api/leads/"+created.LeadID, "other",
			map[string]string{HeaderLeadToken: created.LeadToken}, body), body)
	})
}

func FuzzRegoLookupBody(f *testing.F) {
	h := fuzzAPI(f)
	for _, seed := range []string{
		`{"rego":"ABC123","state":"QLD"}`, `{"rego":"abc 123","state":"qld"}`, `{"rego":"","state":"XX"}`,
		`{"rego":123}`, `{"rego":"` + strings.Repeat("A", 2000) + `"}`, `[]`, `{`, ``,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		checkAnswer(t, send(h, "POST", "/api/leads/rego-lookup", "other", nil, body), body)
	})
}

func FuzzEventBody(f *testing.F) {
	h := fuzzAPI(f)
	for _, seed := range []string{
		`{"event_id":25,"car_id":"c1","dealership_id":"d-ford","website_id":"site-other"}`,
		`{"event_id":"conversion"}`, `{"event_id":99}`, `{"event_id":1e400}`, `{"event_id":-1,"phone":"0400"}`,
		`{"event_id":"39","car_id":"` + strings.Repeat("x", 3000) + `"}`, `[]`, `{`, ``,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		checkAnswer(t, send(h, "POST", "/api/events", "other", map[string]string{"Content-Type": "text/plain;charset=UTF-8"}, body), body)
	})
}

func FuzzWatchlistBody(f *testing.F) {
	h := fuzzAPI(f)
	for _, seed := range []string{
		`{"car_id":"c1"}`, `{"car_id":"c1","phone_number":"+61491570110"}`, `{"car_id":"nope"}`,
		`{"car_id":7}`, `{"car_id":"  "}`, `{"car":"c1"}`, `[]`, `{`, ``,
	} {
		f.Add(seed)
	}
	auth := map[string]string{"Authorization": "Bearer tok"}
	f.Fuzz(func(t *testing.T, body string) {
		checkAnswer(t, send(h, "POST", "/api/watchlist/save-car", "other", auth, body), body)
		checkAnswer(t, send(h, "POST", "/api/watchlist/remove-car", "other", auth, body), body)
	})
}

func FuzzReservationBody(f *testing.F) {
	h := fuzzAPI(f)
	for _, seed := range []string{
		`{"car_id":"c1"}`, `{"car_id":"other"}`, `{"car_id":null}`, `{"car_id":["c1"]}`, `{"car_id":"c1","amount":1}`,
		`{"car_id":"` + strings.Repeat("x", 5000) + `"}`, `[]`, `{`, ``,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		checkAnswer(t, send(h, "POST", "/api/reservations", "other", map[string]string{"Authorization": "Bearer tok"}, body), body)
	})
}

// FuzzReviewsBody drives POST /ingest/v1/dealerships/{slug}/reviews, the
// ingest route's JSON body besides the feed (whose rows feed.FuzzDecodeJSON
// and FuzzDecodeCSV cover).
func FuzzReviewsBody(f *testing.F) {
	site := shared.DefaultSite()
	site.Slug = "other"
	site.Dealerships = []shared.Dealership{{Slug: "other-ford"}}
	site.Locations = []shared.Location{{ID: "yard", DealershipSlug: "other-ford"}}
	h, err := NewHandler(Deps{Lambda: route.Ingest, Ingest: &IngestConfig{
		Feed: fuzzIngester{}, Keys: fuzzProviderKeys{}, Reviews: fuzzReviews{}, Sites: fakeSites{"other": site},
	}})
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range []string{
		`{"reviews":[{"id":"r1","location_id":"yard","rating":5,"customer_name":"Sam","text":"Great","review_date":"2025-06-01"}]}`,
		`{"reviews":[{"id":"r1","rating":4.5,"text":"x"},{"id":"r1","rating":-1e309}]}`,
		`{"reviews":[{"location_id":"elsewhere","rating":9}]}`,
		`{"reviews":[{"rating":"five"}]}`, `{"reviews":null}`, `{"reviews":{}}`, `{"other":1}`, `[]`, `{`, ``,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		req := httptest.NewRequest("POST", "/ingest/v1/dealerships/other-ford/reviews", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer provider")
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		checkAnswer(t, rec, body)
	})
}

type fuzzReviews struct{}

func (fuzzReviews) SaveReviews(context.Context, string, []shared.Review) error { return nil }

// fuzzProviderKeys accepts "provider" for every dealership.
type fuzzProviderKeys struct{}

func (fuzzProviderKeys) Lookup(_ context.Context, key string) (shared.Provider, error) {
	if key != "provider" {
		return shared.Provider{}, shared.Errorf(shared.EUNAUTHORIZED, "unknown key")
	}
	return shared.Provider{Name: "p"}, nil
}

func (k fuzzProviderKeys) Authorize(ctx context.Context, key, _ string) (shared.Provider, error) {
	return k.Lookup(ctx, key)
}

// fuzzIngester is never reached by the reviews route.
type fuzzIngester struct{ Ingester }

func (c memCars) GetCarsByKey(_ context.Context, keys []shared.CarKey) ([]shared.Car, error) {
	var out []shared.Car
	for _, k := range keys {
		if car, ok := c[k.DealershipSlug+"/"+k.ID]; ok {
			out = append(out, car)
		}
	}
	return out, nil
}
