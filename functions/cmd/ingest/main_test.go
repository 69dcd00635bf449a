package main

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

// The ingest Lambda's wiring (issue 8): built from the environment against
// DynamoDB Local and the engine, it answers its routes of the one table
// (the ops key guarding reindex, provider keys guarding runs) and not the
// api Lambda's.
func TestHandlerAnswersFromEnv(t *testing.T) {
	ctx := context.Background()
	_, tables := testenv.DB(t)
	_, cfg := testenv.Engine(t)
	testenv.Setenv(t, tables, cfg)
	t.Setenv("FORECOURT_OPS_KEY", "ops")
	p, err := platform.FromEnv(ctx)
	if err != nil {
		t.Fatal(err)
	}
	site := shared.Site{Slug: "acme", Name: "Acme Motors", Dealerships: []shared.Dealership{{Slug: "acme-kia", Name: "Acme Kia"}}}
	if err := p.Sites().SaveSite(ctx, site); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Feed().Ingest(ctx, feed.Request{DealershipSlug: "acme-kia", ContentType: "application/json",
		Body: strings.NewReader(`[{"stocknum":"K1","make":"Kia","model":"Rio","year":2021,"car_type":"used","price":18990}]`)}); err != nil {
		t.Fatal(err)
	}

	h, err := newHandler(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		method, target, key string
		wantStatus          int
		want                string
	}{
		{"POST", "/ingest/v1/reindex", "ops", 200, `"indexed":1`},
		{"POST", "/ingest/v1/reindex", "wrong", 403, `"code":"forbidden"`},
		{"POST", "/ingest/v1/dealerships/acme-kia/feed", "unknown-provider", 401, `"code":"unauthorized"`},
		{"GET", "/ingest/v1/runs/nothing", "", 401, `"code":"unauthorized"`},
		{"GET", "/api/site", "", 404, `"code":"not_found"`},
	}
	for _, tt := range tests {
		req := httptest.NewRequest(tt.method, tt.target, strings.NewReader("[]"))
		req.Header.Set("Content-Type", "application/json")
		if tt.key != "" {
			req.Header.Set("Authorization", "Bearer "+tt.key)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tt.wantStatus || !strings.Contains(rec.Body.String(), tt.want) {
			t.Errorf("%s %s: got %d %s, want %d with %s", tt.method, tt.target, rec.Code, rec.Body, tt.wantStatus, tt.want)
		}
	}
}
