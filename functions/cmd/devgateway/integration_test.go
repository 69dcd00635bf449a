package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/algolia/algoliasearch-client-go/v4/algolia/call"
	"github.com/algolia/algoliasearch-client-go/v4/algolia/search"
	"github.com/algolia/algoliasearch-client-go/v4/algolia/transport"
	gdynamo "github.com/guregu/dynamo/v2"

	"forecourt/functions/algolia"
	"forecourt/functions/dynamo"
	"forecourt/functions/internal/testenv"
	"forecourt/functions/localsearch"
	"forecourt/functions/tenantfile"
	"forecourt/shared"
)

func TestMain(m *testing.M) { testenv.Main(m) }

const (
	testAppID     = "GATEWAYTEST"
	testAdminKey  = "gateway-admin-key"
	testSearchKey = "gateway-search-key"
	// The api's own searches' key (issue 35).
	testServerSearchKey = "gateway-server-search-key"
	carsPerDealer       = 24
)

// stack is the gateway's pieces over DynamoDB Local and an in-process engine.
type stack struct {
	gw      http.Handler
	p       *platform
	tenants []shared.Site
	engine  string // engine URL
	index   string
	db      *gdynamo.DB
	tables  dynamo.Tables
	// sitemaps is the folder of the stored sitemap lists (issue 14).
	sitemaps string
}

func bootStack(t *testing.T) *stack {
	t.Helper()
	ctx := context.Background()
	db, tables := testenv.DB(t)
	engine, err := localsearch.New(localsearch.Config{AppID: testAppID, AdminKey: testAdminKey, SearchKey: testSearchKey,
		SearchKeys: []string{testServerSearchKey}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(engine.Handler())
	t.Cleanup(func() { srv.Close(); engine.Close() })
	indexName := "cars_" + testenv.RandomID()
	idx, err := algolia.New(algolia.Config{AppID: testAppID, AdminKey: testAdminKey, SearchKey: testSearchKey,
		ServerSearchKey: testServerSearchKey, Host: srv.URL, Index: indexName})
	if err != nil {
		t.Fatal(err)
	}
	tenants, err := tenantfile.Load("../../../infra/tenants")
	if err != nil {
		t.Fatal(err)
	}
	// A built app's shell, which pages are rendered over (issue 14).
	webDist := t.TempDir()
	if err := os.WriteFile(filepath.Join(webDist, "index.html"), []byte(`<!doctype html><html lang="en"><head><title>Cars for sale</title></head><body><div id=root></div></body></html>`), 0o644); err != nil {
		t.Fatal(err)
	}
	sitemapsDir := t.TempDir()
	p, err := newPlatform(db, tables, idx, platformConfig{
		Secret: "integration-secret", PublicSearchURL: srv.URL, AppID: testAppID, CaptchaKey: "integration-captcha-key",
		DemoProviderKey: "demo-provider-key", Tenants: tenants, Log: slog.New(slog.NewTextHandler(os.Stderr, nil)),
		WebDist: webDist, SitemapsDir: sitemapsDir,
	})
	if err != nil {
		t.Fatal(err)
	}
	p.seeder.count = func(string) int { return carsPerDealer }
	if err := p.seeder.seed(ctx, tenants); err != nil {
		t.Fatalf("seed: %v", err)
	}
	h := &health{timeout: time.Second}
	h.ready.Store(true)
	gw := newGateway(tenants, 8080, "integration-secret", p.app, h, spaHandler{dist: os.DirFS(webDist)})
	return &stack{gw: gw, p: p, tenants: tenants, engine: srv.URL, index: indexName, db: db, tables: tables, sitemaps: sitemapsDir}
}

func searchClient(t *testing.T, host, appID, key string) *search.APIClient {
	t.Helper()
	u, err := url.Parse(host)
	if err != nil {
		t.Fatal(err)
	}
	c, err := search.NewClientWithConfig(search.SearchConfiguration{Configuration: transport.Configuration{
		AppID: appID, ApiKey: key,
		Hosts: []transport.StatefulHost{transport.NewStatefulHost(u.Scheme, u.Host, call.IsReadWrite)},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func searchAll(t *testing.T, c *search.APIClient, req *search.SearchForHits) (search.SearchResponse, error) {
	t.Helper()
	res, err := c.Search(c.NewApiSearchRequest(search.NewSearchMethodParams([]search.SearchQuery{*search.SearchForHitsAsSearchQuery(req)})))
	if err != nil {
		return search.SearchResponse{}, err
	}
	if len(res.Results) != 1 || res.Results[0].SearchResponse == nil {
		t.Fatalf("unexpected search result: %+v", res)
	}
	return *res.Results[0].SearchResponse, nil
}

func getSite(t *testing.T, gw http.Handler, slug string) struct {
	Site   shared.Site `json:"site"`
	Search struct {
		AppID, APIKey, Host, Index string
	} `json:"search"`
} {
	t.Helper()
	rec := httptest.NewRecorder()
	gw.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://"+slug+".localhost:8080/api/site", nil))
	if rec.Code != 200 {
		t.Fatalf("GET /api/site for %s: %d %s", slug, rec.Code, rec.Body)
	}
	var body struct {
		Site   shared.Site `json:"site"`
		Search struct {
			AppID, APIKey, Host, Index string
		} `json:"search"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	return body
}

// Issue 2 "Done when": each demo tenant's search key (from GET /api/site,
// through the gateway) returns only that tenant's cars, with the official
// Algolia Go client against the engine; the stock arrived through the feed
// ingestion code (issue 2 item 5).
func TestTenantSearchKeysSeeOnlyTheirStock(t *testing.T) {
	s := bootStack(t)
	ctx := context.Background()
	if len(s.tenants) < 3 {
		t.Fatalf("got %d tenants, want the three demo tenants", len(s.tenants))
	}
	dealersOf := map[string][]string{}
	for _, site := range s.tenants {
		for _, d := range site.Dealerships {
			dealersOf[site.Slug] = append(dealersOf[site.Slug], d.Slug)
		}
	}
	for _, site := range s.tenants {
		t.Run(site.Slug, func(t *testing.T) {
			body := getSite(t, s.gw, site.Slug)
			if body.Site.Slug != site.Slug || body.Search.APIKey == "" || body.Search.Index != s.index {
				t.Fatalf("site response: got site %q, key %q, index %q", body.Site.Slug, body.Search.APIKey, body.Search.Index)
			}
			if body.Search.APIKey == testSearchKey {
				t.Fatal("the API handed out the unrestricted search key")
			}
			c := searchClient(t, body.Search.Host, body.Search.AppID, body.Search.APIKey)
			res, err := searchAll(t, c, search.NewSearchForHits(body.Search.Index).SetHitsPerPage(1000).SetFacets([]string{"dealership_slug"}))
			if err != nil {
				t.Fatalf("search with the site's key: %v", err)
			}
			want := carsPerDealer * len(dealersOf[site.Slug])
			if got := int(res.GetNbHits()); got != want {
				t.Errorf("nbHits: got %d, want %d (%d dealerships x %d cars)", got, want, len(dealersOf[site.Slug]), carsPerDealer)
			}
			for _, h := range res.Hits {
				dealer, _ := h.AdditionalProperties["dealership_slug"].(string)
				if !slices.Contains(dealersOf[site.Slug], dealer) {
					t.Fatalf("hit %s belongs to %q, not to %s", h.ObjectID, dealer, site.Slug)
				}
			}
			// Asking for another tenant's stock, or a sort replica, still yields only this site's cars.
			for _, other := range s.tenants {
				if other.Slug == site.Slug {
					continue
				}
				res, err := searchAll(t, c, search.NewSearchForHits(body.Search.Index+"_price_asc").SetFilters("sites:"+other.Slug))
				if err != nil {
					t.Fatalf("search: %v", err)
				}
				if res.GetNbHits() != 0 {
					t.Errorf("filtering for %s with %s's key found %d cars", other.Slug, site.Slug, res.GetNbHits())
				}
			}
			// The key is restricted to this index and its replicas.
			if _, err := searchAll(t, c, search.NewSearchForHits("other_index")); err == nil {
				t.Error("the site's key could search another index")
			}
		})
	}

	// Car pages: a tenant sees its own cars and gets 404 for another tenant's.
	cars, err := s.p.seeder.cars.FindCarsByDealership(ctx, "coastal-kia")
	if err != nil || len(cars) == 0 {
		t.Fatalf("coastal-kia stock: %d cars, %v", len(cars), err)
	}
	if cars[0].Location == nil || cars[0].Location.Name == "" || cars[0].Variant == nil {
		t.Errorf("the seeded car lost its nested location or variant: %+v %+v", cars[0].Location, cars[0].Variant)
	}
	for host, want := range map[string]int{"coastal-motor-group": 200, "northside-used": 404, "riverside-toyota": 404} {
		rec := httptest.NewRecorder()
		s.gw.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://"+host+".localhost:8080/api/cars/"+cars[0].Slug, nil))
		if rec.Code != want {
			t.Errorf("GET /api/cars/<coastal-kia car> on %s: got %d, want %d", host, rec.Code, want)
		}
	}
}

// A second start keeps the data: seeding leaves dealerships with cars alone
// (issue 2 item 4), and the demo provider key may feed every demo dealership
// through the gateway's /ingest route.
func TestSeedKeepsDataAndIngestIsMounted(t *testing.T) {
	s := bootStack(t)
	ctx := context.Background()
	before, err := s.p.seeder.cars.FindCarsByDealership(ctx, "northside-used")
	if err != nil {
		t.Fatal(err)
	}
	s.p.seeder.count = func(string) int { return carsPerDealer + 5 }
	if err := s.p.seeder.seed(ctx, s.tenants); err != nil {
		t.Fatalf("second seed: %v", err)
	}
	after, err := s.p.seeder.cars.FindCarsByDealership(ctx, "northside-used")
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != len(before) {
		t.Errorf("second seed changed the stock: %d cars, then %d", len(before), len(after))
	}

	car := before[0]
	car.Price = 12990
	body, _ := json.Marshal([]shared.Car{car})
	for _, tt := range []struct {
		key  string
		want int
	}{{"demo-provider-key", 200}, {"wrong-key", 401}} {
		req := httptest.NewRequest(http.MethodPost, "http://localhost:8080/ingest/v1/dealerships/northside-used/feed?mode=delta", strings.NewReader(string(body)))
		req.Header.Set("Authorization", "Bearer "+tt.key)
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		s.gw.ServeHTTP(rec, req)
		if rec.Code != tt.want {
			t.Errorf("feed with %s: got %d, want %d (%s)", tt.key, rec.Code, tt.want, rec.Body)
		}
	}
	got, err := s.p.seeder.cars.FindCarsBySlug(ctx, car.Slug)
	if err != nil || len(got) != 1 || got[0].Price != 12990 {
		t.Errorf("after the feed: cars %+v, err %v; want one at 12990", got, err)
	}
}

// /media through the gateway (docs/contracts.md "HTTP API"): every image a
// seeded car points at and every tenant's and dealership's logo is served
// as SVG, cacheably, by the one route table; anything else is a JSON 404.
func TestGatewayServesEveryDemoImage(t *testing.T) {
	s := bootStack(t)
	ctx := context.Background()
	targets := map[string]bool{}
	for _, site := range s.tenants {
		targets["/media/logos/"+site.Slug+".svg"] = true
		for _, d := range site.Dealerships {
			targets["/media/logos/"+d.Slug+".svg"] = true
			cars, err := s.p.seeder.cars.FindCarsByDealership(ctx, d.Slug)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cars {
				for _, img := range c.Images {
					targets[img.URL] = true
				}
			}
		}
	}
	for target := range targets {
		rec := httptest.NewRecorder()
		s.gw.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://localhost:8080"+target, nil))
		if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/svg+xml" || !strings.HasPrefix(rec.Body.String(), "<svg") ||
			!strings.Contains(rec.Header().Get("Cache-Control"), "max-age") {
			t.Errorf("GET %s: %d %v", target, rec.Code, rec.Header())
		}
	}
	for _, target := range []string{"/media/demo/tank/red.svg", "/media/logos/nobody.svg", "/media/demo/sedan/red.png"} {
		rec := httptest.NewRecorder()
		s.gw.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://localhost:8080"+target, nil))
		if rec.Code != 404 || !strings.Contains(rec.Body.String(), `"code":"not_found"`) {
			t.Errorf("GET %s: got %d %s, want a JSON 404", target, rec.Code, rec.Body)
		}
	}
}
