package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"forecourt/functions/httpapi/route"
	"forecourt/shared"
)

// Deps are the parts behind the routes. NewHandler needs the parts of the
// routes it mounts and ignores the others.
type Deps struct {
	// Lambda limits the handler to one Lambda's routes (route.API,
	// route.Ingest), as that Lambda's main serves them; empty mounts every
	// route, as the dev gateway does.
	Lambda string
	// API serves /api/*.
	API *APIConfig
	// Ingest serves /ingest/*.
	Ingest *IngestConfig
	// Media serves /media/*.
	Media MediaStore
}

// IngestConfig configures the /ingest routes.
type IngestConfig struct {
	Feed Ingester
	Keys ProviderAuthorizer
	// OpsKey guards the ops endpoints; empty refuses every ops request.
	OpsKey string
	// Reviews stores pushed reviews; Sites names each dealership's locations.
	// Without them the reviews route answers 500.
	Reviews ReviewWriter
	Sites   DealershipSites
	// Uploads hands out upload URLs for large feeds; nil answers 500.
	Uploads Uploader
	// Health reads the stock health reports (issue 37); nil answers 500.
	Health FeedHealth
}

// DealershipSites finds the sites that list a dealership, without reading
// the others (dynamo.SiteStore's lookups; docs/scaling.md).
type DealershipSites interface {
	SitesOf(ctx context.Context, dealershipSlug string) ([]shared.Site, error)
}

// EMETHOD is the error code of a request whose path is a route but whose
// method is not (405). It is HTTP's own concern, so it lives here rather
// than among the domain's codes in shared.
const EMETHOD = "method_not_allowed"

// NewHandler returns the handler of every route in route.Routes (or of one
// Lambda's, see Deps.Lambda), the one route table of the Lambda mains and
// the dev gateway. Any other path is answered with a JSON error: 405 with
// Allow when the path is a route's under another method, else 404.
func NewHandler(deps Deps) (http.Handler, error) {
	handlers, err := routeHandlers(deps)
	if err != nil {
		return nil, err
	}
	// notFound answers a path no route matches: a JSON 405 or 404.
	var notFound http.Handler
	mux := http.NewServeMux()
	// paths knows every mounted path regardless of method, to tell a 405
	// from a 404; allow lists each path's methods.
	paths := http.NewServeMux()
	allow := map[string][]string{}
	for _, rt := range route.Routes() {
		if deps.Lambda != "" && rt.Lambda != deps.Lambda {
			continue
		}
		h, ok := handlers[rt.Key()]
		if !ok {
			return nil, fmt.Errorf("handler: route %s has no handler", rt.Key())
		}
		if rt.IsDocument() {
			// The pages route matches every path; under a prefix (/api/,
			// /ingest/, /media/) the JSON 404 or 405 answers instead.
			mux.Handle(rt.Key(), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if _, under := route.PrefixOf(r.URL.Path); under {
					notFound.ServeHTTP(w, r)
					return
				}
				h.ServeHTTP(w, r)
			}))
			continue
		}
		mux.Handle(rt.Key(), h)
		if _, seen := allow[rt.Pattern]; !seen {
			paths.Handle(rt.Pattern, http.NotFoundHandler())
		}
		allow[rt.Pattern] = append(allow[rt.Pattern], rt.Method)
	}
	notFound = Handle(func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Cache-Control", errorCacheControl)
		if _, pattern := paths.Handler(r); pattern != "" {
			methods := slices.Clone(allow[pattern])
			if slices.Contains(methods, http.MethodGet) {
				methods = append(methods, http.MethodHead)
			}
			w.Header().Set("Allow", strings.Join(methods, ", "))
			return shared.Errorf(EMETHOD, "%s is not allowed here; allowed: %s", r.Method, strings.Join(methods, ", "))
		}
		return shared.Errorf(shared.ENOTFOUND, "no such route")
	})
	mux.Handle("/", notFound)
	return mux, nil
}

// routeHandlers maps route keys (route.Route.Key) to their handlers, for
// the routes whose parts deps has. A part that a mounted route needs but
// deps lacks is an error, so a main cannot start half-wired.
func routeHandlers(deps Deps) (map[string]http.Handler, error) {
	need := map[string]bool{}
	for _, rt := range route.Routes() {
		if deps.Lambda == "" || rt.Lambda == deps.Lambda {
			need[part(rt)] = true
		}
	}
	if len(need) == 0 {
		return nil, fmt.Errorf("handler: no routes for Lambda %q", deps.Lambda)
	}
	handlers := map[string]http.Handler{}
	var api *apiServer
	if need["api"] || need["media"] {
		// /media is the api Lambda's too, behind the same origin secret.
		if deps.API == nil {
			return nil, fmt.Errorf("handler: the /api and /media routes need Deps.API")
		}
		var err error
		if api, err = newAPIServer(*deps.API); err != nil {
			return nil, err
		}
	}
	if need["api"] {
		for k, h := range api.handlers() {
			handlers[k] = h
		}
	}
	if need["ingest"] {
		c := deps.Ingest
		if c == nil || c.Feed == nil || c.Keys == nil {
			return nil, fmt.Errorf("handler: the /ingest routes need Deps.Ingest with a feed service and provider keys")
		}
		s := &ingestServer{svc: c.Feed, keys: c.Keys, opsKey: c.OpsKey, reviews: c.Reviews, sites: c.Sites, uploads: c.Uploads, health: c.Health}
		for k, h := range s.handlers() {
			handlers[k] = h
		}
	}
	if need["media"] {
		if deps.Media == nil {
			return nil, fmt.Errorf("handler: the /media route needs Deps.Media")
		}
		handlers[mediaRoute] = api.origin(mediaHandler(deps.Media))
	}
	return handlers, nil
}

// part names the group of handlers a route belongs to, by its first path
// segment: api, ingest or media. The pages route is the api server's.
func part(rt route.Route) string {
	if rt.IsDocument() {
		return "api"
	}
	first, _, _ := strings.Cut(strings.TrimPrefix(rt.Pattern, "/"), "/")
	return first
}
