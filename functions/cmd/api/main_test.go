package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"forecourt/functions/algolia"
	"forecourt/functions/dynamo"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// Tenancy (docs/contracts.md): the API refuses to start without the origin
// secret, rather than serving every request 403.
func TestNewHandlerNeedsOriginSecret(t *testing.T) {
	t.Setenv("FORECOURT_ORIGIN_SECRET", "")
	_, err := newHandler(context.Background())
	if err == nil || !strings.Contains(err.Error(), "FORECOURT_ORIGIN_SECRET") {
		t.Fatalf("got %v, want an error naming FORECOURT_ORIGIN_SECRET", err)
	}
}

// Issue 9: the lead forms' captcha needs a key; there is no default in AWS.
func TestNewHandlerNeedsCaptchaKey(t *testing.T) {
	t.Setenv("FORECOURT_ORIGIN_SECRET", "secret")
	t.Setenv("FORECOURT_CAPTCHA_KEY", "")
	_, err := newHandler(context.Background())
	if err == nil || !strings.Contains(err.Error(), "FORECOURT_CAPTCHA_KEY") {
		t.Fatalf("got %v, want an error naming FORECOURT_CAPTCHA_KEY", err)
	}
}

func TestNewHandlerFromEnv(t *testing.T) {
	t.Setenv("FORECOURT_ORIGIN_SECRET", "secret")
	t.Setenv("FORECOURT_CAPTCHA_KEY", "captcha")
	t.Setenv("FORECOURT_DYNAMO_ENDPOINT", "http://127.0.0.1:1")
	h, err := newHandler(context.Background())
	if err != nil || h == nil {
		t.Fatalf("newHandler: %v", err)
	}
}

// The api Lambda's wiring (issue 8): built from the environment against
// DynamoDB Local and the engine, it answers its routes of the one table,
// serves logos from the sites table, and neither the demo images (demo stays
// out of production) nor another Lambda's routes.
func TestHandlerAnswersFromEnv(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	_, cfg := testenv.Engine(t)
	testenv.Setenv(t, tables, cfg)
	t.Setenv("FORECOURT_ORIGIN_SECRET", "secret")
	t.Setenv("FORECOURT_PUBLIC_SEARCH_URL", "https://search.example")
	t.Setenv("FORECOURT_CAPTCHA_KEY", "captcha")
	site := shared.Site{Slug: "acme", Name: "Acme Motors", Dealerships: []shared.Dealership{{Slug: "acme-kia", Name: "Acme Kia"}}}
	if err := dynamo.NewSiteStore(db, tables).SaveSite(ctx, site); err != nil {
		t.Fatal(err)
	}
	h, err := newHandler(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		target     string
		wantStatus int
		want       string
	}{
		{"/api/site", 200, `"host":"https://search.example"`},
		{"/api/cars/nothing", 404, `"code":"not_found"`},
		{"/api/captcha", 200, `"algorithm":"SHA-256"`},
		{"/media/logos/acme-kia.svg", 200, "Acme Kia"},
		{"/media/demo/placeholder.svg", 404, `"code":"not_found"`},
		{"/media/demo/suv/red.svg", 404, `"code":"not_found"`},
		{"/ingest/v1/runs/r1", 404, `"code":"not_found"`},
	}
	for _, tt := range tests {
		req := httptest.NewRequest(http.MethodGet, tt.target, nil)
		req.Header.Set("X-Forecourt-Site", "acme")
		req.Header.Set("X-Forecourt-Origin-Secret", "secret")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tt.wantStatus || !strings.Contains(rec.Body.String(), tt.want) {
			t.Errorf("GET %s: got %d %s, want %d with %s", tt.target, rec.Code, rec.Body, tt.wantStatus, tt.want)
		}
	}
	// A lead reaches the leads table (LEADS_TABLE) once, however often it
	// is retried with its Idempotency-Key; the site has the captcha off, as
	// its zero config says.
	for i, want := range []int{http.StatusCreated, http.StatusOK} {
		req := httptest.NewRequest(http.MethodPost, "/api/leads", strings.NewReader(`{"type":"enquiry","name":"Sam","phone":"0491570110","message":"Hi"}`))
		req.Header.Set("X-Forecourt-Site", "acme")
		req.Header.Set("X-Forecourt-Origin-Secret", "secret")
		req.Header.Set("Idempotency-Key", "submit-1")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != want {
			t.Fatalf("POST /api/leads #%d: %d %s, want %d", i+1, rec.Code, rec.Body, want)
		}
	}
	if n, err := db.Table(tables.Leads).Scan().Count(ctx); err != nil || n != 1 {
		t.Errorf("leads table: %d items, %v; want 1", n, err)
	}
}

// Issue 15 "Secrets": the environment may name the captcha key's secret
// instead of holding it; the value is read at start (here from the local
// secret source, FORECOURT_SECRET_<NAME>), and a named secret that cannot
// be read stops the start with the variable's name.
func TestNewHandlerReadsNamedSecrets(t *testing.T) {
	t.Setenv("FORECOURT_ORIGIN_SECRET", "secret")
	t.Setenv("FORECOURT_CAPTCHA_KEY", "")
	t.Setenv("FORECOURT_DYNAMO_ENDPOINT", "http://127.0.0.1:1")
	t.Setenv("FORECOURT_CAPTCHA_KEY_SECRET_ID", "forecourt/captcha-key")
	t.Setenv("FORECOURT_SECRET_FORECOURT_CAPTCHA_KEY", "captcha-from-secret")
	if _, err := newHandler(context.Background()); err != nil {
		t.Fatalf("newHandler with a named captcha key: %v", err)
	}
	t.Setenv("FORECOURT_SECRET_FORECOURT_CAPTCHA_KEY", "")
	_, err := newHandler(context.Background())
	if err == nil || !strings.Contains(err.Error(), "FORECOURT_CAPTCHA_KEY_SECRET_ID") {
		t.Fatalf("got %v, want an error naming FORECOURT_CAPTCHA_KEY_SECRET_ID", err)
	}
}

// Issue 35: the api Lambda's own searches (the first search it inlines in a
// listing page) use the server's search key, not the browser's. The
// browser's key is limited per IP (here to one query an hour), and the
// Lambdas' searches all come from a few shared addresses (here every
// request is from 127.0.0.1): with the browser's key the second page would
// be served without its search.
func TestServerSearchesUseTheServerKey(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	_, cfg := testenv.Engine(t)
	testenv.Setenv(t, tables, cfg)
	t.Setenv("FORECOURT_ORIGIN_SECRET", "secret")
	t.Setenv("FORECOURT_CAPTCHA_KEY", "captcha")
	shell := t.TempDir()
	if err := os.WriteFile(filepath.Join(shell, "index.html"), []byte(`<!doctype html><html lang="en"><head><meta charset="UTF-8" />`+
		`<title>Cars</title></head><body><div id="root"></div></body></html>`), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("FORECOURT_WEB_SHELL_DIR", shell)
	limited := cfg
	limited.QueriesPerIPPerHour = 1
	idx, err := algolia.New(limited)
	if err != nil {
		t.Fatal(err)
	}
	if err := idx.Provision(ctx); err != nil {
		t.Fatal(err)
	}
	site := shared.Site{Slug: "acme", Name: "Acme Motors", Dealerships: []shared.Dealership{{Slug: "acme-kia", Name: "Acme Kia"}}}
	if err := dynamo.NewSiteStore(db, tables).SaveSite(ctx, site); err != nil {
		t.Fatal(err)
	}
	car := shared.Car{ID: "k1", Slug: "kia-k1", Make: "Kia", Model: "Sportage", Year: 2022, Price: 30000,
		CarType: shared.CarTypeUsed, Status: shared.StatusInStock, DealershipSlug: "acme-kia"}
	if err := idx.Save(ctx, []shared.IndexedCar{{Car: car, Placement: shared.Placement{Sites: []string{"acme"},
		DealershipName: "Acme Kia", SearchableUntil: shared.NoExpiry}}}); err != nil {
		t.Fatal(err)
	}
	h, err := newHandler(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		req := httptest.NewRequest(http.MethodGet, "/search/new-used-and-demo-cars/", nil)
		req.Header.Set("X-Forecourt-Site", "acme")
		req.Header.Set("X-Forecourt-Origin-Secret", "secret")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		body := rec.Body.String()
		if rec.Code != http.StatusOK || !strings.Contains(body, `<script id="forecourt-search"`) || !strings.Contains(body, `"objectID":"k1"`) {
			t.Fatalf("listing page #%d: %d, want 200 with its first search (car k1) inlined:\n%.600s", i+1, rec.Code, body)
		}
	}
}
