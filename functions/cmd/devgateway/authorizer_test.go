package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"forecourt/functions/authorizer"
	"forecourt/functions/cognito"
	"forecourt/functions/cognito/cognitotest"
	"forecourt/shared"
)

// countingSites is the sites table, counting reads.
type countingSites struct {
	sites map[string]shared.Site
	reads atomic.Int32
}

func (s *countingSites) FindSite(_ context.Context, slug string) (shared.Site, error) {
	s.reads.Add(1)
	if site, ok := s.sites[slug]; ok {
		return site, nil
	}
	return shared.Site{}, shared.Errorf(shared.ENOTFOUND, "site %q not found", slug)
}

// Issue 12: locally as in AWS, the shopper routes' authorizer runs before
// the handler: API Gateway's 401 without a token, its 403 for a refused
// one, the request passed on for a valid one, each decision kept for the
// cache's lifetime; public routes never meet it.
func TestShopperGateStandsInForTheAuthorizer(t *testing.T) {
	now := time.Now()
	pool := cognitotest.NewPool(t, "k1")
	const iss = "http://127.0.0.1:9229/local_pool"
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	v, err := cognito.NewVerifier(ctx, cognito.VerifierConfig{Issuer: iss, JWKSURL: pool.JWKSURL()})
	if err != nil {
		t.Fatal(err)
	}
	sites := &countingSites{sites: map[string]shared.Site{"acme": {Slug: "acme", AuthClientID: "acme-client"}, "other": {Slug: "other", AuthClientID: "other-client"}}}
	gate := newShopperGate(authorizer.Authorizer{Sites: sites, Shoppers: cognito.Shoppers{Verifier: v}})
	clock := now
	gate.now = func() time.Time { return clock }
	valid := cognitotest.Sign(t, pool.Key("k1"), "k1", cognitotest.IDClaims(iss, "acme-client", "shopper-1", now))

	tests := []struct {
		name, method, path, auth, site string
		wantStatus                     int // 0: passed on to the handler
		wantBody                       string
	}{
		{"public route, no token", "GET", "/api/site", "", "acme", 0, ""},
		{"watchlist without a token", "GET", "/api/watchlist", "", "acme", 401, `{"message":"Unauthorized"}`},
		{"save with a forged token", "POST", "/api/watchlist/save-car", "Bearer not-a-token", "acme", 403, `{"message":"Forbidden"}`},
		{"save with another site's token", "POST", "/api/watchlist/save-car", "Bearer " + valid, "other", 403, `{"message":"Forbidden"}`},
		{"save with the site's token", "POST", "/api/watchlist/save-car", "Bearer " + valid, "acme", 0, ""},
		{"a reservation with the site's token", "GET", "/api/reservations/r1", "Bearer " + valid, "acme", 0, ""},
		{"a reservation without a token", "POST", "/api/reservations", "", "acme", 401, `{"message":"Unauthorized"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(tt.method, tt.path, nil)
			req.Header.Set("X-Forecourt-Site", tt.site)
			if tt.auth != "" {
				req.Header.Set("Authorization", tt.auth)
			}
			rec := httptest.NewRecorder()
			refused := gate.refused(rec, req)
			if tt.wantStatus == 0 {
				if refused {
					t.Fatalf("refused with %d %s, want passed on", rec.Code, rec.Body)
				}
				return
			}
			if !refused || rec.Code != tt.wantStatus || strings.TrimSpace(rec.Body.String()) != tt.wantBody {
				t.Fatalf("got refused=%v %d %s, want %d %s", refused, rec.Code, rec.Body, tt.wantStatus, tt.wantBody)
			}
		})
	}

	// The decision for the same token and site is kept for five minutes,
	// then asked again.
	save := func() bool {
		req := httptest.NewRequest(http.MethodPost, "/api/watchlist/save-car", nil)
		req.Header.Set("X-Forecourt-Site", "acme")
		req.Header.Set("Authorization", "Bearer "+valid)
		return gate.refused(httptest.NewRecorder(), req)
	}
	before := sites.reads.Load()
	clock = now.Add(gateCacheTTL - time.Second)
	if save() || sites.reads.Load() != before {
		t.Fatalf("within the cache's lifetime: the authorizer ran again (%d reads)", sites.reads.Load()-before)
	}
	clock = now.Add(gateCacheTTL + time.Second)
	if save() || sites.reads.Load() != before+1 {
		t.Fatalf("after the cache's lifetime: %d reads, want the authorizer run once more", sites.reads.Load()-before)
	}
}
