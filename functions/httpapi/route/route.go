// Package route is the one table of Forecourt's HTTP routes: each route's
// method, path pattern and the Lambda that serves it (docs/contracts.md
// "HTTP API"). httpapi.NewHandler mounts exactly these routes, and the CDK
// app (infra/constructs/api) builds the API Gateway routes from the same
// table, so the two cannot drift.
//
// It also holds the one table of the web app's pages (Pages, pages.go).
//
// It is plain data importing only the standard library and shared (no I/O),
// in a package of its own rather than in httpapi, so that the CDK app
// (module forecourt/infra) can import it without compiling the handlers and
// their AWS SDK, DynamoDB and search dependencies.
package route

import (
	"slices"
	"strings"
)

// The Lambdas that serve HTTP routes, by the name of their folder under
// functions/cmd and of their function in the CDK app.
const (
	API    = "api"
	Ingest = "ingest"
)

// Auth is what a route requires of its caller before API Gateway invokes
// the Lambda. The handler checks it again itself (DESIGN.md decision 11).
type Auth string

const (
	// Public routes need no token.
	Public Auth = ""
	// Shopper routes need a token of the shopper user pool, which the
	// handler verifies for the site. API Gateway has no JWT authorizer on
	// them: it takes at most 50 audiences, one per tenant's client here.
	Shopper Auth = "shopper"
)

// Auth returns the route's authorization (shopperRoutes).
func (r Route) Auth() Auth {
	if slices.Contains(shopperRoutes(), r.Key()) {
		return Shopper
	}
	return Public
}

// shopperRoutes are the keys of the routes that need a signed-in shopper.
func shopperRoutes() []string {
	return []string{
		"GET /api/watchlist",
		"POST /api/watchlist/save-car",
		"POST /api/watchlist/remove-car",
		// Issue 13: reserving a car online.
		"POST /api/reservations",
		"GET /api/reservations",
		"GET /api/reservations/{id}",
	}
}

// Route is one HTTP route.
type Route struct {
	// Method is the HTTP method; GET also answers HEAD.
	Method string
	// Pattern is the path as a net/http ServeMux pattern: {name} matches one
	// segment, a final {name...} the rest of the path.
	Pattern string
	// Lambda names the function serving the route in AWS.
	Lambda string
}

// Key is the route as a ServeMux pattern with its method, "GET /api/site".
func (r Route) Key() string { return r.Method + " " + r.Pattern }

// GatewayPath is the route's path in API Gateway's syntax: a final
// {name...} becomes the greedy {name+}.
func (r Route) GatewayPath() string { return gatewayPath(r.Pattern) }

// Prefix is a path prefix that one Lambda answers entirely: a request under
// it that no route matches still reaches the Lambda, which answers with a
// JSON 404 or 405 rather than API Gateway's own error.
type Prefix struct {
	// Path ends with a slash: "/api/".
	Path   string
	Lambda string
}

// GatewayPath is the catch-all API Gateway route of the prefix,
// "/api/{proxy+}".
func (p Prefix) GatewayPath() string { return p.Path + "{proxy+}" }

// Routes lists every route. It is a function, not a variable, so no caller
// can change the table.
func Routes() []Route {
	return []Route{
		{"GET", "/api/site", API},
		{"GET", "/api/cars/{slug}", API},
		// The disclaimer is keyed by car id (spec 001 §7), but API Gateway
		// allows one variable name per path level, so the segment keeps the
		// name slug (TestSiblingVariablesShareNames).
		{"GET", "/api/cars/{slug}/finance-disclaimer", API},
		{"GET", "/api/cars/{slug}/pdf", API},
		{"GET", "/api/captcha", API},
		{"POST", "/api/leads", API},
		{"PATCH", "/api/leads/{lead_id}", API},
		{"GET", "/api/test-drive/slots", API},
		{"POST", "/api/leads/rego-lookup", API},
		{"POST", "/api/events", API},

		{"GET", "/api/pages/{path...}", API},
		{"GET", "/api/offers", API},
		{"GET", "/api/offers/{id}", API},
		{"GET", "/api/locations", API},
		{"GET", "/api/locations/{slug}", API},
		{"GET", "/api/geocode", API},
		// Compare (spec 000 §4): the site's cars side by side.
		{"GET", "/api/compare", API},
		{"POST", "/ingest/v1/dealerships/{slug}/feed", Ingest},
		{"GET", "/ingest/v1/runs/{id}", Ingest},
		{"POST", "/ingest/v1/reindex", Ingest},
		{"POST", "/ingest/v1/dealerships/{slug}/reviews", Ingest},
		// Feeds over API Gateway's 10 MB: a presigned upload (issue 15).
		{"POST", "/ingest/v1/dealerships/{slug}/uploads", Ingest},
		// Issue 37: a dealership's stock health (which cars each vehicle
		// feed drops, and why), to its provider key.
		{"GET", "/ingest/v1/dealerships/{slug}/health", Ingest},
		// One route over the media store (httpapi.MediaStore): what it holds
		// differs between AWS and the dev gateway, the route does not. The
		// variable is named proxy so that API Gateway's GET route and the
		// prefix's catch-all share one path, /media/{proxy+}, differing only
		// in method.
		{"GET", "/media/{proxy...}", API},
		// A signed-in shopper's watchlist (spec 000 §7); shopperRoutes.
		{"GET", "/api/watchlist", API},
		{"POST", "/api/watchlist/save-car", API},
		{"POST", "/api/watchlist/remove-car", API},
		// Reserving a car online (issue 13); the webhook is Stripe's, signed,
		// without the tenant origin check.
		{"POST", "/api/reservations", API},
		{"GET", "/api/reservations", API},
		{"GET", "/api/reservations/{id}", API},
		{"POST", "/api/stripe/webhook", API},
		// Issue 37: a dealership's vehicle feed for Google, Meta or TikTok,
		// under /api/ (robots.txt disallows it), guarded by its token.
		{"GET", "/api/feeds/{dealership}/{token}/{file}", API},
		// Issue 14: every page of the web app, its HTML shell with the
		// page's own head (DocumentKey). CloudFront sends document requests
		// (paths without a file extension) here; a path under a prefix
		// never reaches it (the prefix's JSON 404 answers instead).
		{"GET", DocumentPattern, API},
	}
}

// DocumentPattern is the route of the web app's pages: every path.
// API Gateway needs "/" as a route of its own besides the greedy
// "/{path+}" (DocumentGatewayPaths).
const DocumentPattern = "/{path...}"

// DocumentKey is the document route's key.
const DocumentKey = "GET " + DocumentPattern

// IsDocument reports whether the route is the web app's pages.
func (r Route) IsDocument() bool { return r.Pattern == DocumentPattern }

// GatewayPaths are the route's paths in API Gateway: one, or for the
// documents both "/" and "/{path+}", since a greedy variable needs a segment.
func (r Route) GatewayPaths() []string {
	if r.IsDocument() {
		return []string{"/", r.GatewayPath()}
	}
	return []string{r.GatewayPath()}
}

// Prefixes lists the path prefixes and the Lambda answering each.
func Prefixes() []Prefix {
	return []Prefix{
		{"/api/", API},
		{"/ingest/", Ingest},
		{"/media/", API},
	}
}

// PrefixOf returns the prefix a path falls under, if any.
func PrefixOf(path string) (Prefix, bool) {
	for _, p := range Prefixes() {
		if strings.HasPrefix(path, p.Path) {
			return p, true
		}
	}
	return Prefix{}, false
}

func gatewayPath(pattern string) string {
	i := strings.LastIndex(pattern, "{")
	if i < 0 || !strings.HasSuffix(pattern, "...}") {
		return pattern
	}
	return pattern[:i] + "{" + strings.TrimSuffix(pattern[i+1:], "...}") + "+}"
}
