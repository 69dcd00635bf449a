package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"forecourt/shared"
)

const testSecret = "origin-secret"

type fakeSites map[string]shared.Site

func (f fakeSites) FindSite(_ context.Context, slug string) (shared.Site, error) {
	s, ok := f[slug]
	if !ok {
		return shared.Site{}, shared.Errorf(shared.ENOTFOUND, "site %q not found", slug)
	}
	return s, nil
}

func (f fakeSites) ListSites(context.Context) ([]shared.Site, error) {
	var out []shared.Site
	for _, s := range f {
		out = append(out, s)
	}
	return out, nil
}

func (f fakeSites) SitesOf(ctx context.Context, dealership string) ([]shared.Site, error) {
	all, _ := f.ListSites(ctx)
	return shared.SitesListing(all, dealership), nil
}

func (f fakeSites) SaveSite(_ context.Context, s shared.Site) error {
	f[s.Slug] = s
	return nil
}

type fakeCars map[string]shared.Car

func (f fakeCars) FindCarsBySlug(_ context.Context, slug string) ([]shared.Car, error) {
	c, ok := f[slug]
	if !ok {
		return nil, nil
	}
	return []shared.Car{c}, nil
}

func (f fakeCars) FindCarsByDealership(_ context.Context, d string) ([]shared.Car, error) {
	var out []shared.Car
	for _, c := range f {
		if c.DealershipSlug == d {
			out = append(out, c)
		}
	}
	return out, nil
}

type fakeKeys struct{ err error }

func (k fakeKeys) SecuredKey(site shared.Site, now time.Time) (string, time.Time, error) {
	return "key-for-" + site.Slug, now.Add(24 * time.Hour), k.err
}

var testNow = time.Date(2025, 6, 10, 12, 0, 0, 0, time.UTC)

func testAPI(t *testing.T, keys KeyMinter) http.Handler {
	t.Helper()
	sites := fakeSites{
		"northside": {Slug: "northside", Name: "Northside Used", Dealerships: []shared.Dealership{{Slug: "northside-used"}},
			Stock: shared.StockConfig{CarTypes: []shared.CarType{shared.CarTypeUsed}}},
		"group": {Slug: "group", Name: "Group", Leads: shared.LeadsConfig{Email: "leads@group.example"}, Dealerships: []shared.Dealership{{Slug: "group-kia"}, {Slug: "group-mazda"}},
			Stock: shared.StockConfig{SoldRetentionDays: 7}},
	}
	car := func(slug, dealer string, mod func(*shared.Car)) shared.Car {
		c := shared.Car{ID: slug, Slug: slug, DealershipSlug: dealer, CarType: shared.CarTypeUsed, Status: shared.StatusInStock, ShowOnDealerWebsite: true}
		if mod != nil {
			mod(&c)
		}
		return c
	}
	cars := fakeCars{}
	for _, c := range []shared.Car{
		car("north-car", "northside-used", nil),
		car("north-new", "northside-used", func(c *shared.Car) { c.CarType = shared.CarTypeNew }),
		car("north-hidden", "northside-used", func(c *shared.Car) { c.ShowOnDealerWebsite = false }),
		car("north-sold-today", "northside-used", func(c *shared.Car) {
			c.Sold, c.Status, c.SoldDateTimestamp = true, shared.StatusSold, testNow.Add(-24*time.Hour).Unix()
		}),
		car("north-sold-long-ago", "northside-used", func(c *shared.Car) {
			c.Sold, c.Status, c.SoldDateTimestamp = true, shared.StatusSold, testNow.AddDate(0, 0, -4).Unix()
		}),
		car("north-sold-by-status", "northside-used", func(c *shared.Car) {
			c.Status, c.SoldDateTimestamp = shared.StatusSold, testNow.AddDate(0, 0, -4).Unix()
		}),
		car("north-reserved", "northside-used", func(c *shared.Car) { c.Reserved = true }),
		car("group-sold-4-days", "group-kia", func(c *shared.Car) {
			c.Sold, c.Status, c.SoldDateTimestamp = true, shared.StatusSold, testNow.AddDate(0, 0, -4).Unix()
		}),
		car("kia-car", "group-kia", nil),
		car("mazda-car", "group-mazda", nil),
	} {
		cars[c.Slug] = c
	}
	h, err := newAPIHandler(APIConfig{
		Sites: sites, Cars: cars, Keys: keys, OriginSecret: testSecret,
		Search: SearchConfig{AppID: "APP", Host: "http://localhost:7700", Index: "cars",
			SortIndices: map[string]string{"relevance": "cars", "latest": "cars_latest"}},
		Now: func() time.Time { return testNow },
	})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func get(h http.Handler, path, site, secret string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	if site != "" {
		req.Header.Set(HeaderSite, site)
	}
	if secret != "" {
		req.Header.Set(HeaderOriginSecret, secret)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func errorCode(t *testing.T, rec *httptest.ResponseRecorder) string {
	t.Helper()
	var body ErrorBody
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatalf("error body %q: %v", rec.Body.String(), err)
	}
	return body.Error.Code
}

// Tenancy (docs/contracts.md): the site comes only from the origin headers,
// and a missing or wrong secret is 403.
func TestTenantResolution(t *testing.T) {
	h := testAPI(t, fakeKeys{})
	tests := []struct {
		name, site, secret string
		wantStatus         int
		wantCode           string
	}{
		{"right secret and known site", "northside", testSecret, 200, ""},
		{"missing secret", "northside", "", 403, shared.EFORBIDDEN},
		{"wrong secret", "northside", "origin-secreT", 403, shared.EFORBIDDEN},
		{"secret with a different length", "northside", testSecret + "x", 403, shared.EFORBIDDEN},
		{"unknown site", "nobody", testSecret, 404, shared.ENOTFOUND},
		{"no site header", "", testSecret, 404, shared.ENOTFOUND},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := get(h, "/api/site", tt.site, tt.secret)
			if rec.Code != tt.wantStatus {
				t.Fatalf("status: got %d, want %d (%s)", rec.Code, tt.wantStatus, rec.Body)
			}
			if tt.wantCode != "" {
				if got := errorCode(t, rec); got != tt.wantCode {
					t.Errorf("code: got %q, want %q", got, tt.wantCode)
				}
				if got := rec.Header().Get("Cache-Control"); got != "no-store" {
					t.Errorf("error Cache-Control: got %q, want no-store", got)
				}
			}
		})
	}
}

// GET /api/site (docs/contracts.md "HTTP API"): the site config and a
// search block with the site's secured key; server-only fields removed.
func TestSite(t *testing.T) {
	h := testAPI(t, fakeKeys{})
	rec := get(h, "/api/site", "group", testSecret)
	if rec.Code != 200 {
		t.Fatalf("status: got %d, want 200 (%s)", rec.Code, rec.Body)
	}
	if got := rec.Header().Get("Cache-Control"); got != siteCacheControl {
		t.Errorf("Cache-Control: got %q, want %q", got, siteCacheControl)
	}
	var body struct {
		Site   shared.Site `json:"site"`
		Search struct {
			AppID       string            `json:"appId"`
			APIKey      string            `json:"apiKey"`
			Host        string            `json:"host"`
			Index       string            `json:"index"`
			SortIndices map[string]string `json:"sortIndices"`
			ValidUntil  int64             `json:"validUntil"`
		} `json:"search"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	if body.Site.Slug != "group" || body.Site.Name != "Group" {
		t.Errorf("site: got %q %q, want group Group", body.Site.Slug, body.Site.Name)
	}
	if !strings.Contains(rec.Body.String(), `"site"`) || strings.Contains(rec.Body.String(), "leads@group.example") {
		t.Errorf("body carries the lead delivery address: %s", rec.Body)
	}
	if body.Search.APIKey != "key-for-group" {
		t.Errorf("apiKey: got %q, want the key minted for group", body.Search.APIKey)
	}
	// Issue 15: the browser learns when the key expires, to refresh it first.
	if want := testNow.Add(24 * time.Hour).Unix(); body.Search.ValidUntil != want {
		t.Errorf("validUntil: got %d, want %d", body.Search.ValidUntil, want)
	}
	if body.Search.AppID != "APP" || body.Search.Index != "cars" || body.Search.Host != "http://localhost:7700" {
		t.Errorf("search: got %+v", body.Search)
	}
	if body.Search.SortIndices["latest"] != "cars_latest" {
		t.Errorf("sortIndices.latest: got %q, want cars_latest", body.Search.SortIndices["latest"])
	}
}

// A failing key minter is an internal error whose detail never reaches the client.
func TestSiteKeyFailure(t *testing.T) {
	h := testAPI(t, fakeKeys{err: errors.New("hmac exploded")})
	rec := get(h, "/api/site", "group", testSecret)
	if rec.Code != 500 {
		t.Fatalf("status: got %d, want 500", rec.Code)
	}
	var body ErrorBody
	_ = json.Unmarshal(rec.Body.Bytes(), &body)
	if body.Error.Message != "internal error" {
		t.Errorf("message: got %q, want %q", body.Error.Message, "internal error")
	}
}

// GET /api/cars/{slug}: 404 when the requesting site does not show the car
// (docs/contracts.md), including another tenant's car (tenant isolation) and
// a car type the site does not sell; a sold car past retention (spec 001
// §9) is no longer shown either, and answers 410 "gone" (issue 14 recently
// sold; TestCarAPIRecentlySold has its body).
func TestCar(t *testing.T) {
	h := testAPI(t, fakeKeys{})
	tests := []struct {
		name, site, slug string
		wantStatus       int
	}{
		{"own car", "northside", "north-car", 200},
		{"group site shows each of its dealerships", "group", "kia-car", 200},
		{"group site, second dealership", "group", "mazda-car", 200},
		{"site A cannot fetch site B's car", "northside", "kia-car", 404},
		{"site B cannot fetch site A's car", "group", "north-car", 404},
		{"missing car", "northside", "no-such-car", 404},
		{"car hidden from the dealer website", "northside", "north-hidden", 404},
		{"car type the site does not sell", "northside", "north-new", 404},
		{"sold within the default 3-day retention", "northside", "north-sold-today", 200},
		{"sold past the default retention", "northside", "north-sold-long-ago", 410},
		{"sold within the site's 7-day retention", "group", "group-sold-4-days", 200},
		// The index's rule (shared.SearchableUntil): sold by status alone
		// counts as sold, and a reserved car is not sold.
		{"sold by status, past retention", "northside", "north-sold-by-status", 410},
		{"reserved car has no retention limit", "northside", "north-reserved", 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := get(h, "/api/cars/"+tt.slug, tt.site, testSecret)
			if rec.Code != tt.wantStatus {
				t.Fatalf("status: got %d, want %d (%s)", rec.Code, tt.wantStatus, rec.Body)
			}
			if tt.wantStatus != 200 {
				want := map[int]string{404: shared.ENOTFOUND, 410: CodeGone}[tt.wantStatus]
				if got := errorCode(t, rec); got != want {
					t.Errorf("code: got %q, want %q", got, want)
				}
				return
			}
			var body CarResponse
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
				t.Fatal(err)
			}
			if body.Car.Slug != tt.slug {
				t.Errorf("car: got %q, want %q", body.Car.Slug, tt.slug)
			}
			// Issue 13: RESERVED shows within a second, so the browser
			// may not reuse a car's answer without asking again.
			if got := rec.Header().Get("Cache-Control"); got != "no-cache" {
				t.Errorf("Cache-Control: got %q, want no-cache", got)
			}
		})
	}
}

// GET /api/cars/{slug} ships the page's view of the car, computed for the
// requesting site at the request's time (DESIGN.md decision 9).
func TestCarView(t *testing.T) {
	h := testAPI(t, fakeKeys{})
	tests := []struct {
		slug      string
		available bool
		tag       shared.TagKind
	}{
		{"north-car", true, shared.TagNone},
		{"north-reserved", true, shared.TagReserved},
		{"north-sold-today", false, shared.TagSold},
	}
	for _, tt := range tests {
		t.Run(tt.slug, func(t *testing.T) {
			rec := get(h, "/api/cars/"+tt.slug, "northside", testSecret)
			var body struct {
				View map[string]json.RawMessage `json:"view"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || rec.Code != 200 {
				t.Fatalf("status %d, body %s (%v)", rec.Code, rec.Body, err)
			}
			var tag shared.CardTag
			_ = json.Unmarshal(body.View["tag"], &tag)
			if got := string(body.View["available"]); got != fmt.Sprint(tt.available) {
				t.Errorf("available: got %s, want %v", got, tt.available)
			}
			if tag.Kind != tt.tag {
				t.Errorf("tag: got %q, want %q", tag.Kind, tt.tag)
			}
			for _, field := range []string{"price", "comments", "phone"} {
				if _, ok := body.View[field]; !ok {
					t.Errorf("view has no %s: %s", field, rec.Body)
				}
			}
		})
	}
}

// The same secret check guards car lookups, and unknown routes are JSON 404s
// in the contract's error shape.
func TestCarRequiresSecretAndUnknownRoutes(t *testing.T) {
	h := testAPI(t, fakeKeys{})
	if rec := get(h, "/api/cars/north-car", "northside", "wrong"); rec.Code != 403 {
		t.Errorf("wrong secret: got %d, want 403", rec.Code)
	}
	rec := get(h, "/api/nothing-here", "northside", testSecret)
	if rec.Code != 404 || errorCode(t, rec) != shared.ENOTFOUND {
		t.Errorf("unknown route: got %d %s, want 404 not_found", rec.Code, rec.Body)
	}
}

func TestNewAPIHandlerNeedsSecret(t *testing.T) {
	_, err := newAPIHandler(APIConfig{Sites: fakeSites{}, Cars: fakeCars{}, Keys: fakeKeys{}})
	if err == nil {
		t.Fatal("got nil error for an empty origin secret, want one")
	}
}

type fakeStats map[string]*shared.SiteStats

func (f fakeStats) SiteStats(_ context.Context, slug string) (*shared.SiteStats, error) {
	if slug == "broken" {
		return nil, errors.New("table unreachable")
	}
	return f[slug], nil
}

// Issue 18, a search budget per page: GET /api/site ships the site's stock
// stats (its own, never another tenant's) so the home page needs no search
// for its counts; no stats yet, or unreadable ones, are null and the page
// still loads.
func TestSiteStats(t *testing.T) {
	sites := fakeSites{}
	for _, slug := range []string{"group", "fresh", "broken"} {
		s := shared.DefaultSite()
		s.Slug, s.Name = slug, slug
		sites[slug] = s
	}
	// The make+model facet (issue 31) decides listing 404s on the server;
	// the browser is not sent it.
	stats := fakeStats{"group": {NbHits: 3, Facets: map[string]map[string]int{"make": {"Kia": 3}}, MinPrice: map[string]float64{"": 12990},
		Models: map[string]map[string]int{"Kia": {"Seltos": 3}}}}
	h, err := newAPIHandler(APIConfig{Sites: sites, Cars: fakeCars{}, Keys: fakeKeys{}, Stats: stats, OriginSecret: testSecret})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		site, want string
	}{
		{"group", `"stats":{"computed_at":"0001-01-01T00:00:00Z","nb_hits":3,"facets":{"make":{"Kia":3}},"min_price":{"":12990}}`},
		{"fresh", `"stats":null`},
		{"broken", `"stats":null`},
	} {
		rec := get(h, "/api/site", tt.site, testSecret)
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), tt.want) {
			t.Errorf("%s: got %d %s, want 200 with %s", tt.site, rec.Code, rec.Body, tt.want)
		}
	}
}

type acceptedSecrets []string

func (a acceptedSecrets) Accepted(context.Context) ([]string, error) { return a, nil }

// Issue 15 "Secrets": during a rotation of the origin secret both the new
// and the previous value pass, so distributions still sending the old one
// keep working until their stacks are deployed; any other value is 403.
func TestOriginSecretRotation(t *testing.T) {
	s := shared.DefaultSite()
	s.Slug, s.Name = "group", "Group"
	h, err := newAPIHandler(APIConfig{Sites: fakeSites{"group": s}, Cars: fakeCars{}, Keys: fakeKeys{},
		OriginSecrets: acceptedSecrets{"new-secret", "old-secret"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		secret string
		want   int
	}{{"new-secret", 200}, {"old-secret", 200}, {"older-secret", 403}, {"", 403}} {
		if rec := get(h, "/api/site", "group", tt.secret); rec.Code != tt.want {
			t.Errorf("secret %q: status %d, want %d (%s)", tt.secret, rec.Code, tt.want, rec.Body)
		}
	}
}
