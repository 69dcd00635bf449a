package reserve_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/functions/httpapi"
	"forecourt/functions/httpapi/route"
	"forecourt/functions/reserve"
	"forecourt/shared"

	"github.com/stripe/stripe-go/v84/webhook"
)

// tokenShoppers verifies "token-<sub>" as the shopper sub on any site.
type tokenShoppers struct{}

func (tokenShoppers) VerifyShopper(_ context.Context, token string, _ shared.Site) (shared.Shopper, error) {
	sub, ok := strings.CutPrefix(token, "token-")
	if !ok {
		return shared.Shopper{}, errors.New("bad token")
	}
	return shared.Shopper{Sub: sub}, nil
}

type reserverAdapter struct{ *reserve.Service }

func (a reserverAdapter) Reserve(ctx context.Context, st httpapi.ReserveStart) (shared.Reservation, error) {
	return a.Service.Reserve(ctx, reserve.Start(st))
}

type siteList []shared.Site

func (s siteList) FindSite(_ context.Context, slug string) (shared.Site, error) {
	for _, x := range s {
		if x.Slug == slug {
			return x, nil
		}
	}
	return shared.Site{}, shared.Errorf(shared.ENOTFOUND, "no site")
}
func (s siteList) ListSites(context.Context) ([]shared.Site, error) { return s, nil }
func (s siteList) SitesOf(_ context.Context, dealership string) ([]shared.Site, error) {
	return shared.SitesListing(s, dealership), nil
}
func (s siteList) SaveSite(context.Context, shared.Site) error { return nil }

type noCars struct{}

func (noCars) FindCarBySlug(context.Context, string) (shared.Car, error) {
	return shared.Car{}, shared.Errorf(shared.ENOTFOUND, "no car")
}
func (noCars) FindCarsByDealership(context.Context, string) ([]shared.Car, error) { return nil, nil }
func (noCars) FindCarsBySlug(context.Context, string) ([]shared.Car, error)       { return nil, nil }

type noMedia struct{}

func (noMedia) Media(context.Context, string, url.Values) ([]byte, string, error) {
	return nil, "", shared.Errorf(shared.ENOTFOUND, "no media")
}

type noKeys struct{}

func (noKeys) SecuredKey(shared.Site, time.Time) (string, time.Time, error) {
	return "k", time.Time{}, nil
}

const originSecret = "origin"

func (f *fixture) server(t testing.TB) *httptest.Server {
	t.Helper()
	h, err := httpapi.NewHandler(httpapi.Deps{Lambda: route.API, Media: noMedia{}, API: &httpapi.APIConfig{
		Sites: siteList{f.site, f.other}, Cars: noCars{}, Keys: noKeys{}, OriginSecret: originSecret, Now: f.clock.now,
		Reservations: &httpapi.ReservationsConfig{Service: reserverAdapter{f.svc}, Shoppers: tokenShoppers{}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

type answer struct {
	status int
	body   map[string]any
}

func call(t *testing.T, srv *httptest.Server, method, path, site, token, body string) answer {
	t.Helper()
	req, _ := http.NewRequest(method, srv.URL+path, bytes.NewBufferString(body))
	if site != "" {
		req.Header.Set(httpapi.HeaderSite, site)
		req.Header.Set(httpapi.HeaderOriginSecret, originSecret)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Error(err)
		return answer{}
	}
	defer resp.Body.Close()
	var a answer
	a.status = resp.StatusCode
	_ = json.NewDecoder(resp.Body).Decode(&a.body)
	return a
}

func errMessage(a answer) string {
	e, _ := a.body["error"].(map[string]any)
	m, _ := e["message"].(string)
	return m
}

// Issue 13 API: 201 with the checkout URL; 100 shoppers at once get one 201
// and 99 409s "This car has just been reserved"; no token 401; another
// site's car 404; a bad body names the field; GET only for the owner; a
// webhook with a bad signature is 400.
func TestReservationRoutes(t *testing.T) {
	f := newFixture(t)
	srv := f.server(t)

	if a := call(t, srv, "POST", "/api/reservations", "northside", "", `{"car_id":"car-1"}`); a.status != 401 {
		t.Fatalf("no token: %d, want 401", a.status)
	}
	if a := call(t, srv, "POST", "/api/reservations", "northside", "token-x", `{"car":"car-1"}`); a.status != 400 || !strings.Contains(a.body["error"].(map[string]any)["field"].(string), "car") {
		t.Fatalf("bad body: %d %v, want 400 naming the field", a.status, a.body)
	}
	if a := call(t, srv, "POST", "/api/reservations", "northside", "token-x", `{"car_id":"car-9"}`); a.status != 404 {
		t.Fatalf("another site's car: %d, want 404", a.status)
	}

	var mu sync.Mutex
	codes := map[int]int{}
	var created answer
	var wg sync.WaitGroup
	for i := range 100 {
		wg.Go(func() {
			a := call(t, srv, "POST", "/api/reservations", "northside", "token-"+f.shoppers[i].Sub, `{"car_id":"car-1"}`)
			mu.Lock()
			defer mu.Unlock()
			codes[a.status]++
			if a.status == 201 {
				created = a
			} else if a.status == 409 && errMessage(a) != shared.ReservationRefusedText {
				t.Errorf("409 message %q, want %q", errMessage(a), shared.ReservationRefusedText)
			}
		})
	}
	wg.Wait()
	if codes[201] != 1 || codes[409] != 99 {
		t.Fatalf("statuses %v, want one 201 and 99 409s", codes)
	}
	if n := f.pay.checkouts.Load(); n != 1 {
		t.Fatalf("%d checkouts, want 1", n)
	}
	id, _ := created.body["reservation_id"].(string)
	if id == "" || created.body["checkout_url"] == "" {
		t.Fatalf("201 body %v, want reservation_id and checkout_url", created.body)
	}
	res, err := f.svc.List(context.Background(), "northside-used")
	if err != nil || len(res) != 1 {
		t.Fatalf("reservations %v %v", res, err)
	}
	owner := "token-" + res[0].Shopper
	if a := call(t, srv, "GET", "/api/reservations/"+id, "northside", owner, ""); a.status != 200 || a.body["state"] != "pending" || a.body["holding"] != true {
		t.Fatalf("owner GET: %d %v, want 200 pending holding", a.status, a.body)
	}
	if a := call(t, srv, "GET", "/api/reservations/"+id, "northside", "token-someone-else", ""); a.status != 404 {
		t.Fatalf("another shopper's GET: %d, want 404", a.status)
	}
	if a := call(t, srv, "GET", "/api/reservations/"+id, "southside", owner, ""); a.status != 404 {
		t.Fatalf("GET on another site: %d, want 404", a.status)
	}

	// The webhook takes no tenant headers; a bad signature is 400.
	body, _ := completed(t, "evt_h", res[0], secret)
	req, _ := http.NewRequest("POST", srv.URL+"/api/stripe/webhook", bytes.NewReader(body))
	req.Header.Set("Stripe-Signature", "t=1,v1=00")
	resp, err := srv.Client().Do(req)
	if err != nil || resp.StatusCode != 400 {
		t.Fatalf("forged webhook: %v %v, want 400", resp.StatusCode, err)
	}
	resp.Body.Close()
	body, sig := completed(t, "evt_h", res[0], secret)
	req, _ = http.NewRequest("POST", srv.URL+"/api/stripe/webhook", bytes.NewReader(body))
	req.Header.Set("Stripe-Signature", sig)
	if resp, err = srv.Client().Do(req); err != nil || resp.StatusCode != 200 {
		t.Fatalf("signed webhook: %v %v, want 200", resp.StatusCode, err)
	}
	resp.Body.Close()
	if a := call(t, srv, "GET", "/api/reservations/"+id, "northside", owner, ""); a.body["state"] != "paid" {
		t.Fatalf("after the webhook: %v, want paid", a.body)
	}
}

// Spec 001 §5 (/online-payment, gated) and issue 13: GET /api/reservations
// lists the signed-in shopper's own reservations on this site only; no
// token is 401.
func TestMyReservationsList(t *testing.T) {
	f := newFixture(t)
	srv := f.server(t)
	ctx := context.Background()
	mine, err := f.reserve(t, 0)
	if err != nil {
		t.Fatal(err)
	}
	// The same shopper's reservation on another site is not listed here.
	if _, err := f.svc.Reserve(ctx, reserve.Start{Site: f.other, Shopper: f.shoppers[0], CarID: "car-9", Origin: "https://southside.example"}); err != nil {
		t.Fatal(err)
	}
	owner := "token-" + f.shoppers[0].Sub
	if a := call(t, srv, "GET", "/api/reservations", "northside", "", ""); a.status != 401 {
		t.Fatalf("no token: %d, want 401", a.status)
	}
	a := call(t, srv, "GET", "/api/reservations", "northside", owner, "")
	list, _ := a.body["reservations"].([]any)
	if a.status != 200 || len(list) != 1 {
		t.Fatalf("owner's list: %d %v, want 200 and one reservation", a.status, a.body)
	}
	got := list[0].(map[string]any)
	if got["reservation_id"] != mine.ID || got["state"] != "pending" || got["car_title"] != "2021 Mazda CX-5" || got["held_until_text"] == "" {
		t.Fatalf("listed %v, want the shopper's pending CX-5 with its hold end", got)
	}
	a = call(t, srv, "GET", "/api/reservations", "northside", "token-"+f.shoppers[1].Sub, "")
	if list, _ := a.body["reservations"].([]any); a.status != 200 || list == nil || len(list) != 0 {
		t.Fatalf("another shopper's list: %d %v, want 200 and an empty list", a.status, a.body)
	}
}

// Issue 15 "a fuzz target for each JSON body the API accepts (no panic, no
// 500)": POST /api/stripe/webhook with any body Stripe could sign. Each
// input is signed with the endpoint's secret, so it gets past the signature
// to the event parsing; an event about a reservation that does not exist,
// or of a shape the service does not expect, is acknowledged or refused
// with a 4xx, never a 5xx that Stripe would retry for days.
func FuzzStripeWebhookBody(f *testing.F) {
	fx := newFixture(f)
	srv := fx.server(f)
	for _, seed := range []string{
		`{"id":"evt_1","object":"event","type":"checkout.session.completed","data":{"object":{"id":"cs_1","object":"checkout.session","payment_status":"paid","payment_intent":"pi_1","metadata":{"reservation_id":"nope"}}}}`,
		`{"id":"evt_2","object":"event","type":"payment_intent.succeeded","data":{"object":{"id":"pi_2","object":"payment_intent","metadata":{"reservation_id":"r"}}}}`,
		`{"id":"evt_3","object":"event","type":"charge.refunded","data":{"object":{"id":"ch_3","object":"charge","refunded":true,"metadata":{"reservation_id":"r"}}}}`,
		`{"id":"evt_4","object":"event","type":"checkout.session.completed","data":{"object":[]}}`,
		`{"id":"evt_5","object":"event","type":"charge.refunded","data":{"object":{"refunded":"yes","metadata":5}}}`,
		`{"id":"","type":"","data":null}`, `[]`, `null`, `{`, ``,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		sp := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: []byte(body), Secret: secret, Timestamp: time.Now()})
		req, _ := http.NewRequest("POST", srv.URL+"/api/stripe/webhook", bytes.NewReader(sp.Payload))
		req.Header.Set("Stripe-Signature", sp.Header)
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode >= 500 {
			t.Fatalf("body %q: got %d, want no 5xx", body, resp.StatusCode)
		}
	})
}
