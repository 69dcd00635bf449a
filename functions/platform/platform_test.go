package platform_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"forecourt/functions/feed"
	"forecourt/functions/internal/testenv"
	"forecourt/functions/platform"
	"forecourt/shared"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// fromEnvWithStock points the environment at DynamoDB Local and the engine
// (docs/contracts.md "Environment"), connects as a Lambda main does, and
// feeds one used car to the acme site's dealership through the platform's
// ingestion service. It returns the platform and the car's slug.
func fromEnvWithStock(t *testing.T) (*platform.Platform, string) {
	t.Helper()
	ctx := context.Background()
	_, tables := testenv.DB(t)
	_, cfg := testenv.Engine(t)
	testenv.Setenv(t, tables, cfg)
	p, err := platform.FromEnv(ctx)
	if err != nil {
		t.Fatal(err)
	}
	site := shared.Site{Slug: "acme", Name: "Acme Motors", Dealerships: []shared.Dealership{{Slug: "acme-kia", Name: "Acme Kia"}}}
	if err := p.Sites().SaveSite(ctx, site); err != nil {
		t.Fatal(err)
	}
	rep, err := p.Feed().Ingest(ctx, feed.Request{
		DealershipSlug: "acme-kia", Mode: feed.ModeFull, ContentType: "application/json",
		Body: strings.NewReader(`[{"stocknum":"K1","make":"Kia","model":"Rio","year":2021,"car_type":"used","price":18990}]`),
	})
	if err != nil || rep.Created != 1 {
		t.Fatalf("ingest: %+v, %v; want one car created", rep, err)
	}
	cars, err := p.Cars().FindCarsByDealership(ctx, "acme-kia")
	if err != nil || len(cars) != 1 {
		t.Fatalf("stock: %v, %v", cars, err)
	}
	return p, cars[0].Slug
}

// The platform as the environment configures it (issue 8 wiring tests):
// the stores, the index and the ingestion service connect, and its handler
// of every route answers real requests from what the service wrote.
func TestPlatformFromEnvServesEveryRoute(t *testing.T) {
	p, slug := fromEnvWithStock(t)
	h, err := p.Handler("", platform.HandlerConfig{OriginSecret: "secret", PublicSearchURL: "https://search.example", OpsKey: "ops", CaptchaKey: "captcha"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		method, target, key string
		wantStatus          int
		want                string
	}{
		{"GET", "/api/site", "", 200, `"apiKey":"`},
		{"GET", "/api/cars/" + slug, "", 200, `"stocknum":"K1"`},
		{"GET", "/api/captcha", "", 200, `"algorithm":"SHA-256"`},
		{"PATCH", "/api/leads/nothing", "", 404, `"code":"not_found"`},
		{"GET", "/media/logos/acme-kia.svg", "", 200, "Acme Kia"},
		{"POST", "/ingest/v1/reindex", "ops", 200, `"indexed":1`},
		{"GET", "/ingest/v1/runs/nothing", "", 401, `"code":"unauthorized"`},
	}
	for _, tt := range tests {
		req := httptest.NewRequest(tt.method, tt.target, nil)
		req.Header.Set("X-Forecourt-Site", "acme")
		req.Header.Set("X-Forecourt-Origin-Secret", "secret")
		if tt.key != "" {
			req.Header.Set("Authorization", "Bearer "+tt.key)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tt.wantStatus || !strings.Contains(rec.Body.String(), tt.want) {
			t.Errorf("%s %s: got %d %s, want %d with %s", tt.method, tt.target, rec.Code, rec.Body, tt.wantStatus, tt.want)
		}
	}
	// The sweep runs over the same stores.
	rep, err := p.Feed().Sweep(context.Background())
	if err != nil || rep.Dealerships != 1 {
		t.Errorf("sweep: %+v, %v; want one dealership swept", rep, err)
	}
}

// A handler needs the origin secret its /api routes check.
func TestPlatformHandlerNeedsTheOriginSecret(t *testing.T) {
	p, _ := fromEnvWithStock(t)
	if _, err := p.Handler("api", platform.HandlerConfig{}); err == nil {
		t.Error("got a handler without an origin secret, want an error")
	}
	if _, err := p.Handler("ingest", platform.HandlerConfig{}); err != nil {
		t.Errorf("ingest needs no origin secret: %v", err)
	}
}
