package main

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"forecourt/functions/securityheaders"
	"forecourt/shared"
)

// echo records what a handler behind the gateway received.
type echo struct {
	name string
	got  *http.Request
}

func (e *echo) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	e.got = r
	fmt.Fprint(w, e.name)
}

type routed struct {
	gw        *gateway
	app, heal *echo
}

func testGateway() routed {
	sites := []shared.Site{{Slug: "northside-used", Name: "Northside Used Cars"}, {Slug: "riverside-toyota", Name: "Riverside Toyota"}}
	dist := fstest.MapFS{
		"index.html":          {Data: []byte("<!doctype html><div id=root></div>")},
		"assets/index-abc.js": {Data: []byte("console.log(1)")},
		"favicon.svg":         {Data: []byte("<svg/>")},
	}
	r := routed{app: &echo{name: "app"}, heal: &echo{name: "health"}}
	r.gw = newGateway(sites, 8080, "s3cret", r.app, r.heal, spaHandler{dist: dist, dir: "dist"})
	return r
}

func do(h http.Handler, req *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// Tenancy (docs/contracts.md; DESIGN.md decision 4): the gateway resolves
// the site from <slug>.localhost, then ?site=, then the cookie ?site= set;
// it never passes on a client's own X-Forecourt-* headers.
func TestGatewayTenantResolution(t *testing.T) {
	tests := []struct {
		name, host, target, cookie string
		wantSite                   string
	}{
		{"host", "northside-used.localhost:8080", "/api/site", "", "northside-used"},
		{"host without port", "riverside-toyota.localhost", "/api/site", "", "riverside-toyota"},
		{"host wins over ?site", "northside-used.localhost:8080", "/api/site?site=riverside-toyota", "", "northside-used"},
		{"?site on plain localhost", "localhost:8080", "/api/site?site=riverside-toyota", "", "riverside-toyota"},
		{"cookie on plain localhost", "localhost:8080", "/api/site", "riverside-toyota", "riverside-toyota"},
		{"?site wins over the cookie", "localhost:8080", "/api/cars/x?site=northside-used", "riverside-toyota", "northside-used"},
		{"unknown ?site is ignored", "localhost:8080", "/api/site?site=nobody", "", ""},
		{"nothing", "localhost:8080", "/api/site", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := testGateway()
			req := httptest.NewRequest(http.MethodGet, "http://"+tt.host+tt.target, nil)
			req.Header.Set("X-Forecourt-Site", "riverside-toyota-forged")
			req.Header.Set("X-Forecourt-Origin-Secret", "forged")
			req.Header.Set("x-forecourt-anything", "forged")
			if tt.cookie != "" {
				req.AddCookie(&http.Cookie{Name: siteCookie, Value: tt.cookie})
			}
			do(r.gw, req)
			got := r.app.got
			if got == nil {
				t.Fatal("the route table's handler was not called")
			}
			if site := got.Header.Get("X-Forecourt-Site"); site != tt.wantSite {
				t.Errorf("X-Forecourt-Site: got %q, want %q", site, tt.wantSite)
			}
			if s := got.Header.Get("X-Forecourt-Origin-Secret"); s != "s3cret" {
				t.Errorf("X-Forecourt-Origin-Secret: got %q, want the gateway's secret", s)
			}
			if v := got.Header.Get("X-Forecourt-Anything"); v != "" {
				t.Errorf("client header X-Forecourt-Anything passed through: %q", v)
			}
		})
	}
}

// ?site= is remembered for the SPA's later requests.
func TestGatewaySiteCookie(t *testing.T) {
	r := testGateway()
	rec := do(r.gw, httptest.NewRequest(http.MethodGet, "http://localhost:8080/?site=northside-used", nil))
	if rec.Code != 200 || rec.Body.String() != "app" || r.app.got.Header.Get("X-Forecourt-Site") != "northside-used" {
		t.Fatalf("GET /?site=: got %d %q, want the page from the route table for northside-used", rec.Code, rec.Body)
	}
	var c *http.Cookie
	for _, ck := range rec.Result().Cookies() {
		if ck.Name == siteCookie {
			c = ck
		}
	}
	if c == nil || c.Value != "northside-used" || c.Path != "/" {
		t.Fatalf("cookie: got %+v, want %s=northside-used on /", c, siteCookie)
	}
	req := httptest.NewRequest(http.MethodGet, "http://localhost:8080/cars/some-car", nil)
	req.AddCookie(c)
	if rec := do(r.gw, req); rec.Code != 200 || rec.Body.String() != "app" || r.app.got.Header.Get("X-Forecourt-Site") != "northside-used" {
		t.Errorf("later navigation with the cookie: got %d %q, want the page for northside-used", rec.Code, rec.Body)
	}
}

// Routing as API Gateway and CloudFront would, and the SPA fallback with
// its cache rules.
func TestGatewayRoutes(t *testing.T) {
	tests := []struct {
		name, target     string
		wantStatus       int
		wantBody         string
		wantCacheControl string
	}{
		{"ingest", "http://localhost:8080/ingest/v1/runs/r1", 200, "app", ""},
		{"media", "http://northside-used.localhost:8080/media/demo/suv/red.svg", 200, "app", ""},
		{"healthz", "http://localhost:8080/healthz", 200, "health", ""},
		// Issue 14: pages are rendered by the route table's handler, as
		// CloudFront sends documents to the API.
		{"the home page is a document", "http://northside-used.localhost:8080/", 200, "app", ""},
		{"a client route is a document", "http://northside-used.localhost:8080/search/new-used-and-demo-cars/?make=Toyota", 200, "app", ""},
		{"index.html is the home page", "http://northside-used.localhost:8080/index.html", 200, "app", ""},
		{"robots.txt is the tenant's", "http://northside-used.localhost:8080/robots.txt", 200, "app", ""},
		{"sitemap.xml is the tenant's", "http://northside-used.localhost:8080/sitemap.xml", 200, "app", ""},
		{"hashed asset", "http://northside-used.localhost:8080/assets/index-abc.js", 200, "console.log", "public, max-age=31536000, immutable"},
		{"asset without a tenant", "http://localhost:8080/assets/index-abc.js", 200, "console.log", "public, max-age=31536000, immutable"},
		{"missing asset is a 404, not the app", "http://northside-used.localhost:8080/assets/gone.js", 404, "", ""},
		{"other file", "http://northside-used.localhost:8080/favicon.svg", 200, "<svg/>", "no-cache"},
		{"plain localhost lists the sites", "http://localhost:8080/", 200, "http://riverside-toyota.localhost:8080/", "no-cache"},
		{"unknown tenant host", "http://nobody.localhost:8080/", 404, "No site is called <code>nobody</code>", "no-cache"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := do(testGateway().gw, httptest.NewRequest(http.MethodGet, tt.target, nil))
			if rec.Code != tt.wantStatus {
				t.Fatalf("status: got %d, want %d (%s)", rec.Code, tt.wantStatus, rec.Body)
			}
			if !strings.Contains(rec.Body.String(), tt.wantBody) {
				t.Errorf("body: got %q, want it to contain %q", rec.Body, tt.wantBody)
			}
			if got := rec.Header().Get("Cache-Control"); tt.wantCacheControl != "" && got != tt.wantCacheControl {
				t.Errorf("Cache-Control: got %q, want %q", got, tt.wantCacheControl)
			}
		})
	}
}

func TestGatewayWithoutBuiltApp(t *testing.T) {
	gw := newGateway([]shared.Site{{Slug: "a"}}, 8080, "s", http.NotFoundHandler(), nil,
		spaHandler{dist: fstest.MapFS{}, dir: "web/dist"})
	rec := do(gw, httptest.NewRequest(http.MethodGet, "http://a.localhost:8080/", nil))
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "make web") {
		t.Errorf("got %d %q, want 503 saying how to build the app", rec.Code, rec.Body)
	}
}

// GET /healthz answers 200 only when seeding is done and every part
// answers, else 503 naming what is not ready (DESIGN.md "Local ports").
func TestHealthz(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadRequest) // any status counts as up
	}))
	defer up.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	downURL := "http://" + ln.Addr().String()
	ln.Close()
	client := &http.Client{Timeout: time.Second}
	ok := func(context.Context) error { return nil }

	tests := []struct {
		name         string
		seeded       bool
		probes       []probe
		wantStatus   int
		wantNotReady []string
	}{
		{"all up", true, []probe{{"dynamodb", ok}, {"cognito", httpProbe(client, up.URL)}}, 200, nil},
		{"still seeding", false, []probe{{"dynamodb", ok}}, 503, []string{"seed"}},
		{"cognito down", true, []probe{{"dynamodb", ok}, {"cognito", httpProbe(client, downURL)}}, 503, []string{"cognito"}},
		{"dynamodb failing", true, []probe{{"dynamodb", func(context.Context) error { return errors.New("connection refused") }}}, 503, []string{"dynamodb"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := &health{probes: tt.probes, timeout: time.Second}
			h.ready.Store(tt.seeded)
			rec := do(h, httptest.NewRequest(http.MethodGet, "/healthz", nil))
			if rec.Code != tt.wantStatus {
				t.Fatalf("status: got %d, want %d (%s)", rec.Code, tt.wantStatus, rec.Body)
			}
			var body HealthBody
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
				t.Fatal(err)
			}
			if len(body.NotReady) != len(tt.wantNotReady) {
				t.Errorf("not_ready: got %v, want %v", body.NotReady, tt.wantNotReady)
			}
			for _, name := range tt.wantNotReady {
				if body.NotReady[name] == "" {
					t.Errorf("not_ready lacks %q: %v", name, body.NotReady)
				}
			}
		})
	}
}

// A busy port fails with a message naming the port and its variable.
func TestListenBusyPort(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	port := ln.Addr().(*net.TCPAddr).Port
	_, err = listen(port, "FORECOURT_GATEWAY_PORT", "the dev gateway")
	if err == nil {
		t.Fatal("listen on a busy port succeeded")
	}
	if msg := err.Error(); !strings.Contains(msg, fmt.Sprint(port)) || !strings.Contains(msg, "FORECOURT_GATEWAY_PORT") {
		t.Errorf("message %q does not name the port and FORECOURT_GATEWAY_PORT", msg)
	}
}

func TestLoadConfig(t *testing.T) {
	env := map[string]string{"FORECOURT_GATEWAY_PORT": "9090", "FORECOURT_SEARCH_PORT": "7701", "FORECOURT_DATA_DIR": "/tmp/d"}
	cfg, err := loadConfig([]string{"-tenants", "x/tenants"}, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if cfg.GatewayPort != 9090 || cfg.SearchPort != 7701 || cfg.DataDir != "/tmp/d" || cfg.TenantsDir != "x/tenants" {
		t.Errorf("config: got %+v", cfg)
	}
	if cfg.PublicSearchURL != "http://localhost:7701" || cfg.Algolia.Host != "http://127.0.0.1:7701" {
		t.Errorf("search URLs: got %q and %q, want them on port 7701", cfg.PublicSearchURL, cfg.Algolia.Host)
	}
	if cfg.DemoProviderKey != "demo-provider-key" || cfg.CognitoEndpoint != "http://127.0.0.1:9229" || cfg.WebDist != "web/dist" {
		t.Errorf("defaults: got %+v", cfg)
	}
	env["FORECOURT_GATEWAY_PORT"] = "eighty"
	if _, err := loadConfig(nil, func(k string) string { return env[k] }); err == nil || !strings.Contains(err.Error(), "FORECOURT_GATEWAY_PORT") {
		t.Errorf("bad port: got %v, want an error naming FORECOURT_GATEWAY_PORT", err)
	}
}

// The gateway stands in for CloudFront, which compresses: the app's bundle
// reaches a browser that accepts gzip compressed, and one that does not gets
// it plain.
func TestGatewayCompresses(t *testing.T) {
	big := strings.Repeat("console.log('forecourt');\n", 200)
	gw := newGateway([]shared.Site{{Slug: "a"}}, 8080, "s", nil, nil,
		spaHandler{dist: fstest.MapFS{"assets/app.js": {Data: []byte(big)}}, dir: "dist"})
	h := compressed(gw)
	for _, tc := range []struct{ accept, want string }{{"gzip", "gzip"}, {"", ""}} {
		req := httptest.NewRequest(http.MethodGet, "http://a.localhost:8080/assets/app.js", nil)
		if tc.accept != "" {
			req.Header.Set("Accept-Encoding", tc.accept)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if got := rec.Header().Get("Content-Encoding"); got != tc.want {
			t.Fatalf("Accept-Encoding %q: got Content-Encoding %q, want %q", tc.accept, got, tc.want)
		}
		body := io.Reader(rec.Body)
		if tc.want == "gzip" {
			zr, err := gzip.NewReader(rec.Body)
			if err != nil {
				t.Fatal(err)
			}
			body = zr
		}
		if b, _ := io.ReadAll(body); string(b) != big {
			t.Fatalf("Accept-Encoding %q: body differs after decoding", tc.accept)
		}
	}
}

// One tenant loader (issue 8): `make dev` refuses the file `cdk synth`
// refuses, a site in a file not named for its slug, before claiming any
// port (infra's TestLoadTenantsRejectsTheMisnamedFile loads the same file).
func TestRunRejectsAMisnamedTenantFile(t *testing.T) {
	err := run(context.Background(), config{TenantsDir: "../../tenantfile/testdata/misnamed"}, io.Discard, nil)
	if err == nil || !strings.Contains(err.Error(), "other.json") || !strings.Contains(err.Error(), "acme.json") {
		t.Fatalf("got %v, want the misnamed file rejected", err)
	}
}

// Issue 15 "Local stand-ins are too open": the gateway and the engine it
// starts time out a client that stalls sending its request.
func TestServersHaveReadTimeouts(t *testing.T) {
	srv := newServer(http.NotFoundHandler())
	if srv.ReadHeaderTimeout <= 0 || srv.ReadTimeout <= 0 || srv.IdleTimeout <= 0 {
		t.Errorf("timeouts: header %v, read %v, idle %v; want all set", srv.ReadHeaderTimeout, srv.ReadTimeout, srv.IdleTimeout)
	}
}

// Issue 15 "Edge": the gateway sends the edge cells' security headers on
// pages and API answers, so the browser suite runs under the real content
// security policy; the health check carries none.
func TestGatewaySendsSecurityHeaders(t *testing.T) {
	gw := newGateway([]shared.Site{{Slug: "a"}}, 8080, "s", http.NotFoundHandler(), http.NotFoundHandler(),
		spaHandler{dist: fstest.MapFS{}, dir: "web/dist"})
	gw.security = securityheaders.Headers(securityheaders.ForSites("http://localhost:7700", nil))
	for _, path := range []string{"/", "/api/site", "/assets/x.js"} {
		rec := do(gw, httptest.NewRequest(http.MethodGet, "http://a.localhost:8080"+path, nil))
		csp := rec.Header().Get("Content-Security-Policy")
		if !strings.Contains(csp, "connect-src 'self' http://localhost:7700") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: CSP %q", path, csp)
		}
		if rec.Header().Get("X-Content-Type-Options") != "nosniff" || rec.Header().Get("Strict-Transport-Security") == "" {
			t.Errorf("%s: headers %v", path, rec.Header())
		}
	}
	if rec := do(gw, httptest.NewRequest(http.MethodGet, "http://localhost:8080/healthz", nil)); rec.Header().Get("Content-Security-Policy") != "" {
		t.Errorf("/healthz carries a CSP")
	}
}

// Issue 31: /media reaches the route table with the origin secret and the
// site, as the tenant distributions send it (their API origin's custom
// headers, infra/constructs/tenant), since the api now refuses /media
// without the secret; a client's own X-Forecourt-* headers never pass.
func TestGatewaySendsMediaThroughTheOrigin(t *testing.T) {
	for _, tt := range []struct{ name, target, wantSite string }{
		{"a tenant's host", "http://northside-used.localhost:8080/media/demo/suv/red.svg", "northside-used"},
		{"plain localhost", "http://localhost:8080/media/logos/northside-used.svg", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := testGateway()
			req := httptest.NewRequest(http.MethodGet, tt.target, nil)
			req.Header.Set("X-Forecourt-Origin-Secret", "forged")
			req.Header.Set("X-Forecourt-Site", "forged")
			do(r.gw, req)
			if r.app.got == nil {
				t.Fatal("the route table's handler was not called")
			}
			if s := r.app.got.Header.Get("X-Forecourt-Origin-Secret"); s != "s3cret" {
				t.Errorf("X-Forecourt-Origin-Secret: got %q, want the gateway's secret", s)
			}
			if s := r.app.got.Header.Get("X-Forecourt-Site"); s != tt.wantSite {
				t.Errorf("X-Forecourt-Site: got %q, want %q", s, tt.wantSite)
			}
		})
	}
}
