// Package securityheaders provides the response security headers every
// page of a tenant site is served with (issue 15 "Edge"): the content
// security policy allowing exactly the origins the sites use, HSTS,
// nosniff, the referrer and permissions policies and no framing. The CDK
// app puts them in each edge cell's CloudFront response headers policy and
// the dev gateway sends the same, so the browser suite runs under the real
// policy. Standard library and shared only, so the CDK app imports it.
package securityheaders

import (
	"net/url"
	"slices"
	"strings"

	"forecourt/shared"
)

// Origins are what pages may reach beyond their own origin. The API is the
// site's own origin (/api/* behind the same distribution), and payment is
// Stripe's hosted checkout, a top-level navigation that no fetch or frame
// directive governs, so neither needs a source here.
type Origins struct {
	// Search is the search host browsers query (FORECOURT_PUBLIC_SEARCH_URL).
	Search []string
	// Maps are the origins of the sites' map styles (locations_block.map_style_url).
	Maps []string
	// Own are the sites' own https origins (their domains): a config may
	// name a logo by its absolute URL there, while the page is opened on
	// another of the site's names (the distribution's, or locally
	// <slug>.localhost).
	Own []string
	// Auth is the Cognito endpoint the sign-in form calls from the browser:
	// AWS's regional cognito-idp host, or cognito-local in development.
	Auth []string
}

// WithAuth adds the origin of the Cognito endpoint the browser calls.
func (o Origins) WithAuth(endpoint string) Origins {
	if a := origin(endpoint); a != "" && !slices.Contains(o.Auth, a) {
		o.Auth = append(slices.Clone(o.Auth), a)
	}
	return o
}

// ForSites collects the origins of sites (one edge cell's) beside the
// search host.
func ForSites(searchURL string, sites []shared.Site) Origins {
	o := Origins{}
	if s := origin(searchURL); s != "" {
		o.Search = []string{s}
	}
	for _, site := range sites {
		if m := origin(site.LocationsBlock.MapStyleURL); m != "" && !slices.Contains(o.Maps, m) {
			o.Maps = append(o.Maps, m)
		}
		for _, d := range site.Domains {
			if own := "https://" + d; !slices.Contains(o.Own, own) {
				o.Own = append(o.Own, own)
			}
		}
	}
	slices.Sort(o.Maps)
	slices.Sort(o.Own)
	return o
}

// origin is raw's scheme://host[:port], or "" when raw is not an absolute
// http(s) URL.
func origin(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// CSP is the content security policy for o. Styles allow 'unsafe-inline'
// for React's style attributes and the theme's CSS variables; scripts do
// not (the pages' inline scripts are JSON data, which no policy runs).
// MapLibre draws with workers from blob: URLs and images from blob: and data:.
func CSP(o Origins) string {
	connect := append([]string{"'self'"}, o.Search...)
	connect = append(connect, o.Maps...)
	connect = append(connect, o.Auth...)
	return strings.Join([]string{
		"default-src 'self'",
		"script-src 'self'",
		"style-src 'self' 'unsafe-inline'",
		strings.Join(append([]string{"img-src 'self' data: blob:"}, o.Own...), " "),
		"font-src 'self'",
		"connect-src " + strings.Join(connect, " "),
		"worker-src 'self' blob:",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

// HSTSMaxAge is Strict-Transport-Security's max-age: two years.
const HSTSMaxAge = 63072000

// Headers are every security header for o, by name.
func Headers(o Origins) map[string]string {
	return map[string]string{
		"Content-Security-Policy":   CSP(o),
		"Strict-Transport-Security": "max-age=63072000; includeSubDomains",
		"X-Content-Type-Options":    "nosniff",
		"Referrer-Policy":           "strict-origin-when-cross-origin",
		// Location stays available: "near me" search may ask for it.
		"Permissions-Policy": "camera=(), microphone=(), payment=(), usb=(), geolocation=(self)",
		"X-Frame-Options":    "DENY",
	}
}
