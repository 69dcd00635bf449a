package securityheaders

import (
	"strings"
	"testing"

	"forecourt/shared"
)

// Issue 15 "Edge": the policy allows exactly the search host and the map
// origins the cell's sites use beside the site's own origin (the API), no
// other host, no inline script, and no framing.
func TestCSPAllowsExactlyTheSitesOrigins(t *testing.T) {
	withMap := shared.DefaultSite()
	withMap.LocationsBlock.MapStyleURL = "https://maps.geo.ap-southeast-2.amazonaws.com/maps/v0/maps/x/style-descriptor?key=k"
	same := withMap
	noMap := shared.DefaultSite()
	for _, tt := range []struct {
		name        string
		search      string
		sites       []shared.Site
		wantConnect string
	}{
		{"search host only", "https://APP-dsn.algolia.net", []shared.Site{noMap}, "connect-src 'self' https://APP-dsn.algolia.net;"},
		{"a map origin once for two sites", "https://APP-dsn.algolia.net", []shared.Site{withMap, same, noMap},
			"connect-src 'self' https://APP-dsn.algolia.net https://maps.geo.ap-southeast-2.amazonaws.com;"},
		{"local engine", "http://localhost:7700", nil, "connect-src 'self' http://localhost:7700;"},
		{"no search host", "", nil, "connect-src 'self';"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			csp := CSP(ForSites(tt.search, tt.sites))
			if !strings.Contains(csp+";", tt.wantConnect) {
				t.Errorf("CSP %q, want %q", csp, tt.wantConnect)
			}
			for _, want := range []string{"script-src 'self';", "frame-ancestors 'none'", "object-src 'none'"} {
				if !strings.Contains(csp+";", want) {
					t.Errorf("CSP %q lacks %q", csp, want)
				}
			}
			if strings.Contains(csp, "unsafe-eval") || strings.Contains(csp, "script-src 'self' 'unsafe-inline'") || strings.Contains(csp, "*") {
				t.Errorf("CSP %q is wider than the sites need", csp)
			}
		})
	}
}

func TestHeaders(t *testing.T) {
	h := Headers(Origins{})
	for name, want := range map[string]string{
		"Strict-Transport-Security": "max-age=63072000",
		"X-Content-Type-Options":    "nosniff",
		"Referrer-Policy":           "strict-origin-when-cross-origin",
		"Permissions-Policy":        "camera=()",
		"Content-Security-Policy":   "frame-ancestors 'none'",
	} {
		if !strings.Contains(h[name], want) {
			t.Errorf("%s = %q, want it to contain %q", name, h[name], want)
		}
	}
}

// A site's own domains may serve its images (a logo named by its absolute
// URL) while the page is opened on another of its names; no other host may.
func TestImagesFromTheSitesOwnDomains(t *testing.T) {
	a, b := shared.DefaultSite(), shared.DefaultSite()
	a.Domains = []string{"www.a.example", "a.example"}
	b.Domains = []string{"www.a.example"}
	csp := CSP(ForSites("https://s.example", []shared.Site{a, b}))
	if want := "img-src 'self' data: blob: https://a.example https://www.a.example;"; !strings.Contains(csp+";", want) {
		t.Errorf("CSP %q, want %q", csp, want)
	}
}

// Issue 12 with issue 15: the sign-in form calls Cognito from the browser,
// so the policy names its endpoint (cognito-local here), once.
func TestCSPAllowsTheAuthEndpoint(t *testing.T) {
	o := ForSites("http://localhost:7700", nil).WithAuth("http://127.0.0.1:9229/").WithAuth("http://127.0.0.1:9229")
	if csp := CSP(o); !strings.Contains(csp+";", "connect-src 'self' http://localhost:7700 http://127.0.0.1:9229;") {
		t.Errorf("CSP %q does not allow the auth endpoint once", csp)
	}
	if got := ForSites("", nil).WithAuth("not a url"); len(got.Auth) != 0 {
		t.Errorf("WithAuth(not a url) = %v, want none", got.Auth)
	}
}
