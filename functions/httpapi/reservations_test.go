package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"forecourt/shared"
)

// originReserver answers a checkout on the return origin it was given.
type originReserver struct{ Reserver }

func (originReserver) Reserve(_ context.Context, st ReserveStart) (shared.Reservation, error) {
	return shared.Reservation{ID: "res_1", CheckoutURL: st.Origin + "/pay/res_1"}, nil
}

type anyShopper struct{}

func (anyShopper) VerifyShopper(context.Context, string, shared.Site) (shared.Shopper, error) {
	return shared.Shopper{Sub: "sub-1"}, nil
}

// Issue 13: after paying, Stripe returns the shopper to the origin they
// reserved from when it is one of the site's (their sign-in is stored per
// origin, and locally the production domain does not resolve: the browser
// test never reached the checkout), never to an origin the caller names
// that is not the site's.
func TestReservationReturnsToTheShoppersOrigin(t *testing.T) {
	site := shared.Site{Slug: "northside", Name: "Northside", Domains: []string{"www.northside.example", "northside.example"},
		Dealerships: []shared.Dealership{{Slug: "northside-used"}}}
	local := shared.Site{Slug: "local", Name: "Local"}
	h, err := newAPIHandler(APIConfig{
		Sites: fakeSites{"northside": site, "local": local}, Cars: fakeCars{}, Keys: fakeKeys{}, OriginSecret: testSecret,
		Reservations: &ReservationsConfig{Service: originReserver{}, Shoppers: anyShopper{}},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, site, host, origin, want string
	}{
		{"the site's first domain", "northside", "api.example", "https://www.northside.example", "https://www.northside.example/pay/res_1"},
		{"another of the site's domains", "northside", "api.example", "https://northside.example", "https://northside.example/pay/res_1"},
		{"the host the request came to (the dev gateway)", "northside", "northside.localhost:8080", "http://northside.localhost:8080", "http://northside.localhost:8080/pay/res_1"},
		{"another origin: the site's first domain", "northside", "api.example", "https://evil.example", "https://www.northside.example/pay/res_1"},
		{"a site domain over plain http: the first domain", "northside", "api.example", "http://northside.example", "https://www.northside.example/pay/res_1"},
		{"no Origin: the site's first domain", "northside", "api.example", "", "https://www.northside.example/pay/res_1"},
		{"a site without domains and no Origin: the request's host", "local", "local.localhost:8080", "", "http://local.localhost:8080/pay/res_1"},
		{"a site without domains, another origin: the request's host", "local", "local.localhost:8080", "http://other.localhost:8080", "http://local.localhost:8080/pay/res_1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, "/api/reservations", strings.NewReader(`{"car_id":"car-1"}`))
			req.Host = c.host
			req.Header.Set(HeaderSite, c.site)
			req.Header.Set(HeaderOriginSecret, testSecret)
			req.Header.Set("Authorization", "Bearer t")
			if c.origin != "" {
				req.Header.Set("Origin", c.origin)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			var body ReservationCreated
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || rec.Code != http.StatusCreated {
				t.Fatalf("POST /api/reservations: %d %s", rec.Code, rec.Body)
			}
			if body.CheckoutURL != c.want {
				t.Errorf("checkout_url %q, want %q", body.CheckoutURL, c.want)
			}
		})
	}
}
