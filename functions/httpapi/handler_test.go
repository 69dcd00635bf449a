package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"forecourt/functions/feed"
	"forecourt/functions/httpapi/route"
	"forecourt/shared"
)

// newAPIHandler is the api Lambda's handler over cfg, with no media.
func newAPIHandler(cfg APIConfig) (http.Handler, error) {
	return NewHandler(Deps{Lambda: route.API, API: &cfg, Media: fakeMedia{}})
}

// fakeMedia holds one logo.
type fakeMedia struct{ err error }

func (m fakeMedia) Media(_ context.Context, name string, q url.Values) ([]byte, string, error) {
	if m.err != nil {
		return nil, "", m.err
	}
	if name != "logos/acme.svg" {
		return nil, "", shared.Errorf(shared.ENOTFOUND, "no %s", name)
	}
	return []byte("<svg>" + q.Get("angle") + "</svg>"), "image/svg+xml", nil
}

func allDeps() Deps {
	return Deps{
		API: &APIConfig{Sites: fakeSites{}, Cars: fakeCars{}, Keys: fakeKeys{}, OriginSecret: testSecret},
		// The handlers are only built here, never called: a nil-backed
		// authorizer is enough.
		Ingest: &IngestConfig{Feed: feed.NewService(feed.ServiceConfig{}), Keys: struct{ ProviderAuthorizer }{}},
		Media:  fakeMedia{},
	}
}

// One route table (issue 8): every route in route.Routes has a handler and
// every handler has a route, so the table the CDK app reads is exactly what
// the Lambdas and the dev gateway serve.
func TestEveryRouteHasAHandlerAndTheReverse(t *testing.T) {
	handlers, err := routeHandlers(allDeps())
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, rt := range route.Routes() {
		want = append(want, rt.Key())
	}
	var got []string
	for k := range handlers {
		got = append(got, k)
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("handlers %q, want exactly the routes %q", got, want)
	}
	if _, err := NewHandler(allDeps()); err != nil {
		t.Errorf("NewHandler with every part: %v", err)
	}
}

// A main that lacks a part its routes need does not start.
func TestNewHandlerNeedsItsParts(t *testing.T) {
	tests := []struct {
		name string
		deps func(*Deps)
		want string
	}{
		{"api without API", func(d *Deps) { d.Lambda, d.API = route.API, nil }, "Deps.API"},
		{"api without media", func(d *Deps) { d.Lambda, d.Media = route.API, nil }, "Deps.Media"},
		{"ingest without ingest", func(d *Deps) { d.Lambda, d.Ingest = route.Ingest, nil }, "Deps.Ingest"},
		{"gateway without media", func(d *Deps) { d.Media = nil }, "Deps.Media"},
		{"unknown lambda", func(d *Deps) { d.Lambda = "sweep" }, "no routes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := allDeps()
			tt.deps(&d)
			if _, err := NewHandler(d); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an error naming %s", err, tt.want)
			}
		})
	}
	// The api Lambda needs no ingestion parts.
	d := allDeps()
	d.Lambda, d.Ingest = route.API, nil
	if _, err := NewHandler(d); err != nil {
		t.Errorf("api Lambda without ingestion parts: %v", err)
	}
}

// JSON errors everywhere (issue 8; docs/contracts.md "HTTP API"): an
// unknown path under any prefix is a JSON 404, a known path with another
// method a JSON 405 with Allow, and a route of another Lambda is unknown.
func TestUnknownRoutesAreJSONErrors(t *testing.T) {
	tests := []struct {
		lambda, method, target string
		wantStatus             int
		wantCode, wantAllow    string
	}{
		{"", "GET", "/api/nothing-here", 404, shared.ENOTFOUND, ""},
		{"", "GET", "/ingest/v2/feed", 404, shared.ENOTFOUND, ""},
		{"", "GET", "/media/", 404, shared.ENOTFOUND, ""},
		{"", "GET", "/media/logos/nobody.svg", 404, shared.ENOTFOUND, ""},
		{"", "POST", "/api/site", 405, EMETHOD, "GET, HEAD"},
		{"", "DELETE", "/media/logos/acme.svg", 405, EMETHOD, "GET, HEAD"},
		{"", "GET", "/ingest/v1/reindex", 405, EMETHOD, "POST"},
		{"", "GET", "/ingest/v1/dealerships/north/feed", 405, EMETHOD, "POST"},
		{route.API, "GET", "/ingest/v1/runs/r1", 404, shared.ENOTFOUND, ""},
		{route.Ingest, "GET", "/api/site", 404, shared.ENOTFOUND, ""},
		{route.Ingest, "GET", "/media/logos/acme.svg", 404, shared.ENOTFOUND, ""},
	}
	for _, tt := range tests {
		t.Run(tt.lambda+" "+tt.method+" "+tt.target, func(t *testing.T) {
			d := allDeps()
			d.Lambda = tt.lambda
			h, err := NewHandler(d)
			if err != nil {
				t.Fatal(err)
			}
			rec := httptest.NewRecorder()
			// Through the origin, as CloudFront sends every path.
			req := httptest.NewRequest(tt.method, tt.target, nil)
			req.Header.Set(HeaderOriginSecret, testSecret)
			h.ServeHTTP(rec, req)
			if rec.Code != tt.wantStatus || errorCode(t, rec) != tt.wantCode {
				t.Errorf("got %d %s, want %d %s", rec.Code, rec.Body, tt.wantStatus, tt.wantCode)
			}
			if got := rec.Header().Get("Allow"); got != tt.wantAllow {
				t.Errorf("Allow: got %q, want %q", got, tt.wantAllow)
			}
			if got := rec.Header().Get("Cache-Control"); got != errorCacheControl {
				t.Errorf("Cache-Control: got %q, want %q", got, errorCacheControl)
			}
		})
	}
}

// /media is one handler over a store: the store's bytes and type, cached
// a day; a missing file is a JSON 404 and a failing store a 500 that keeps
// its cause to itself.
func TestMediaRoute(t *testing.T) {
	serve := func(store MediaStore, target string) *httptest.ResponseRecorder {
		d := allDeps()
		d.Media = store
		h, err := NewHandler(d)
		if err != nil {
			t.Fatal(err)
		}
		return get(h, target, "", testSecret)
	}
	rec := serve(fakeMedia{}, "/media/logos/acme.svg?angle=2")
	if rec.Code != 200 || rec.Body.String() != "<svg>2</svg>" ||
		rec.Header().Get("Content-Type") != "image/svg+xml" || rec.Header().Get("Cache-Control") != mediaCacheControl {
		t.Errorf("got %d %q %v, want the logo as image/svg+xml cached a day", rec.Code, rec.Body, rec.Header())
	}
	rec = serve(fakeMedia{err: errors.New("dynamodb down")}, "/media/logos/acme.svg")
	if rec.Code != 500 || strings.Contains(rec.Body.String(), "dynamodb") {
		t.Errorf("failing store: got %d %s, want a 500 without the cause", rec.Code, rec.Body)
	}
	var body ErrorBody
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Error.Code != shared.EINTERNAL {
		t.Errorf("failing store: body %s, want the internal error", rec.Body)
	}
}

// Issue 18 "Feed bursts": a request refused for capacity is a 429 whose
// Retry-After spreads the retries over RetryAfterMin to
// RetryAfterMin+RetryAfterSpread seconds.
func TestTooManyRequestsCarriesRetryAfter(t *testing.T) {
	seen := map[int]bool{}
	for range 200 {
		rec := httptest.NewRecorder()
		WriteError(rec, httptest.NewRequest("POST", "/ingest/v1/dealerships/north/feed", nil),
			shared.Errorf(shared.ETOOMANY, "every feed slot is busy"))
		if rec.Code != http.StatusTooManyRequests {
			t.Fatalf("status %d, want 429", rec.Code)
		}
		secs, err := strconv.Atoi(rec.Header().Get("Retry-After"))
		if err != nil || secs < RetryAfterMin || secs >= RetryAfterMin+RetryAfterSpread {
			t.Fatalf("Retry-After %q, want %d to %d", rec.Header().Get("Retry-After"), RetryAfterMin, RetryAfterMin+RetryAfterSpread-1)
		}
		seen[secs] = true
		var body ErrorBody
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Error.Code != shared.ETOOMANY {
			t.Fatalf("body %s", rec.Body)
		}
	}
	if len(seen) < 2 {
		t.Errorf("every answer said Retry-After %v: the retries would arrive together", seen)
	}
}

// Issue 31 (MEDIUM): a handler that panics (a decoder on a crafted photo)
// costs its own request a logged 500 JSON error, not the process: the
// next request is answered. http.ErrAbortHandler still aborts, as
// net/http means it to.
func TestHandlePanicIsA500(t *testing.T) {
	var logged bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewJSONHandler(&logged, nil)))
	t.Cleanup(func() { slog.SetDefault(prev) })

	calls := 0
	h := Handle(func(w http.ResponseWriter, r *http.Request) error {
		calls++
		if calls == 1 {
			var m map[string]int
			//lint:ignore SA5000 the test needs a runtime panic, not a panic value
			m["boom"]++ // a nil map write: a runtime panic
		}
		w.WriteHeader(http.StatusNoContent)
		return nil
	})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/site", nil))
	var body ErrorBody
	if rec.Code != 500 || json.Unmarshal(rec.Body.Bytes(), &body) != nil || body.Error.Code != shared.EINTERNAL || body.Error.Message != "internal error" {
		t.Fatalf("got %d %s, want a 500 JSON internal error", rec.Code, rec.Body)
	}
	if rec.Header().Get("Cache-Control") != errorCacheControl {
		t.Errorf("Cache-Control %q, want %q", rec.Header().Get("Cache-Control"), errorCacheControl)
	}
	if !strings.Contains(logged.String(), "nil map") || !strings.Contains(logged.String(), `"path":"/api/site"`) {
		t.Errorf("log %s, want the panic and the request logged", logged.String())
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/site", nil))
	if rec.Code != http.StatusNoContent {
		t.Errorf("the next request: got %d, want it answered", rec.Code)
	}

	abort := Handle(func(http.ResponseWriter, *http.Request) error { panic(http.ErrAbortHandler) })
	func() {
		defer func() {
			if r := recover(); r != http.ErrAbortHandler {
				t.Errorf("ErrAbortHandler: recovered %v, want it passed on", r)
			}
		}()
		abort.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil))
	}()
}
