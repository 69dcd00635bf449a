package main

import (
	"net/http"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"forecourt/functions/authorizer"
	"forecourt/functions/httpapi"
	"forecourt/functions/httpapi/route"
)

// shopperGate stands in for API Gateway's Lambda authorizer on the shopper
// routes (infra/constructs/api: ShopperRoutes, AuthorizerCacheTTL): it runs
// the same functions/authorizer code before such a request reaches the
// handler, answers as API Gateway does (no Authorization: 401
// {"message":"Unauthorized"}; refused: 403 {"message":"Forbidden"}) and
// keeps each decision for the same Authorization and site for the cache's
// lifetime, so the browser and the benchmarks meet what AWS does.
type shopperGate struct {
	authz  authorizer.Authorizer
	routes *http.ServeMux
	ttl    time.Duration
	now    func() time.Time

	mu        sync.Mutex
	decisions map[gateKey]gateDecision
}

type gateKey struct{ authorization, site string }

type gateDecision struct {
	authorized bool
	until      time.Time
}

// maxGateDecisions bounds the cache; past it, it starts again empty.
const maxGateDecisions = 10_000

// gateCacheTTL is API Gateway's result cache of the authorizer
// (infra/constructs/api.AuthorizerCacheTTL).
const gateCacheTTL = 300 * time.Second

func newShopperGate(a authorizer.Authorizer) *shopperGate {
	g := &shopperGate{authz: a, routes: http.NewServeMux(), ttl: gateCacheTTL, now: time.Now, decisions: map[gateKey]gateDecision{}}
	for _, r := range route.Routes() {
		if r.Auth() == route.Shopper {
			g.routes.Handle(r.Key(), http.NotFoundHandler())
		}
	}
	return g
}

// refused answers a shopper route's request the authorizer does not let
// through and reports whether it did; other requests pass untouched.
func (g *shopperGate) refused(w http.ResponseWriter, r *http.Request) bool {
	if _, pattern := g.routes.Handler(r); pattern == "" {
		return false
	}
	key := gateKey{r.Header.Get("Authorization"), r.Header.Get(httpapi.HeaderSite)}
	if key.authorization == "" || key.site == "" {
		// API Gateway checks the identity sources itself.
		gatewayError(w, http.StatusUnauthorized, "Unauthorized")
		return true
	}
	now := g.now()
	g.mu.Lock()
	d, ok := g.decisions[key]
	g.mu.Unlock()
	if !ok || !now.Before(d.until) {
		resp, err := g.authz.Authorize(r.Context(), events.APIGatewayV2CustomAuthorizerV2Request{
			Version: "2.0", Type: "REQUEST", RouteKey: r.Method + " " + r.URL.Path,
			Headers: map[string]string{"authorization": key.authorization, "x-forecourt-site": key.site},
		})
		if err != nil {
			// Not cached, as API Gateway caches no failed invocation.
			gatewayError(w, http.StatusInternalServerError, "Internal Server Error")
			return true
		}
		d = gateDecision{authorized: resp.IsAuthorized, until: now.Add(g.ttl)}
		g.mu.Lock()
		if len(g.decisions) >= maxGateDecisions {
			g.decisions = map[gateKey]gateDecision{}
		}
		g.decisions[key] = d
		g.mu.Unlock()
	}
	if !d.authorized {
		gatewayError(w, http.StatusForbidden, "Forbidden")
		return true
	}
	return false
}

// gatewayError is API Gateway's own error answer.
func gatewayError(w http.ResponseWriter, status int, message string) {
	httpapi.WriteJSON(w, status, map[string]string{"message": message})
}
