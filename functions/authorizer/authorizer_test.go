package authorizer_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"forecourt/functions/authorizer"
	"forecourt/functions/cognito"
	"forecourt/functions/cognito/cognitotest"
	"forecourt/shared"
)

// sites is the sites table as the authorizer reads it.
type sites map[string]shared.Site

func (s sites) FindSite(_ context.Context, slug string) (shared.Site, error) {
	if site, ok := s[slug]; ok {
		return site, nil
	}
	if slug == "unreadable" {
		return shared.Site{}, errors.New("throttled")
	}
	return shared.Site{}, shared.Errorf(shared.ENOTFOUND, "site %q not found", slug)
}

// request is API Gateway's payload 2.0 with the headers it lowercases.
func request(headers map[string]string) events.APIGatewayV2CustomAuthorizerV2Request {
	return events.APIGatewayV2CustomAuthorizerV2Request{
		Version: "2.0", Type: "REQUEST", RouteKey: "POST /api/watchlist/save-car", Headers: headers,
	}
}

// Issue 12: API Gateway checks the shopper's token before a shopper route
// reaches the handler, with the handler's own verification (signature
// against the pool's keys, issuer, the requesting site's own client as
// audience, expiry, token use): a valid token is authorized with the
// shopper's sub in the context; anything else is refused.
func TestAuthorize(t *testing.T) {
	now := time.Now()
	pool := cognitotest.NewPool(t, "k1")
	other := cognitotest.NewPool(t, "k1")
	const iss = "https://cognito-idp.ap-southeast-2.amazonaws.com/ap-southeast-2_pool"
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	v, err := cognito.NewVerifier(ctx, cognito.VerifierConfig{Issuer: iss, JWKSURL: pool.JWKSURL()})
	if err != nil {
		t.Fatal(err)
	}
	a := authorizer.Authorizer{
		Sites: sites{
			"acme":  {Slug: "acme", AuthClientID: "acme-client"},
			"other": {Slug: "other", AuthClientID: "other-client"},
			"bare":  {Slug: "bare"}, // no app client: no shoppers
		},
		Shoppers: cognito.Shoppers{Verifier: v, Pool: cognito.Pool{ID: "ap-southeast-2_pool", Region: "ap-southeast-2"}},
	}
	good := cognitotest.IDClaims(iss, "acme-client", "shopper-1", now)
	sign := func(c map[string]any) string { return cognitotest.Sign(t, pool.Key("k1"), "k1", c) }
	valid := sign(good)

	tests := []struct {
		name    string
		headers map[string]string
		wantSub string // "": refused
	}{
		{"valid ID token of the site's client", map[string]string{"authorization": "Bearer " + valid, "x-forecourt-site": "acme"}, "shopper-1"},
		{"header names in any case", map[string]string{"Authorization": "bearer " + valid, "X-Forecourt-Site": "acme"}, "shopper-1"},
		{"no Authorization", map[string]string{"x-forecourt-site": "acme"}, ""},
		{"not a bearer token", map[string]string{"authorization": "Basic " + valid, "x-forecourt-site": "acme"}, ""},
		{"no site", map[string]string{"authorization": "Bearer " + valid}, ""},
		{"unknown site", map[string]string{"authorization": "Bearer " + valid, "x-forecourt-site": "nobody"}, ""},
		{"another site's token (audience)", map[string]string{"authorization": "Bearer " + valid, "x-forecourt-site": "other"}, ""},
		{"a site without an app client", map[string]string{"authorization": "Bearer " + valid, "x-forecourt-site": "bare"}, ""},
		{"expired", map[string]string{"authorization": "Bearer " + sign(cognitotest.With(good, "exp", now.Add(-time.Second).Unix())), "x-forecourt-site": "acme"}, ""},
		{"alg none", map[string]string{"authorization": "Bearer " + cognitotest.Unsigned(t, good), "x-forecourt-site": "acme"}, ""},
		{"HS256 keyed with the public key", map[string]string{"authorization": "Bearer " + cognitotest.HMACWithPublicKey(t, pool.Key("k1"), good), "x-forecourt-site": "acme"}, ""},
		{"another pool's key", map[string]string{"authorization": "Bearer " + cognitotest.Sign(t, other.Key("k1"), "k1", good), "x-forecourt-site": "acme"}, ""},
		{"refresh token use", map[string]string{"authorization": "Bearer " + sign(cognitotest.With(good, "token_use", "refresh")), "x-forecourt-site": "acme"}, ""},
		{"wrong issuer", map[string]string{"authorization": "Bearer " + sign(cognitotest.With(good, "iss", iss+"x")), "x-forecourt-site": "acme"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := a.Authorize(context.Background(), request(tt.headers))
			if err != nil {
				t.Fatalf("error %v; a refusal is an answer, not an error", err)
			}
			if tt.wantSub == "" {
				if got.IsAuthorized || got.Context != nil {
					t.Fatalf("got %+v, want refused with no context", got)
				}
				return
			}
			if !got.IsAuthorized || got.Context[authorizer.ContextSub] != tt.wantSub {
				t.Fatalf("got %+v, want authorized as %q", got, tt.wantSub)
			}
		})
	}
}

// A sites table that cannot be read is an error (API Gateway answers 500
// and caches nothing), never an authorization.
func TestAuthorizeWhenTheSiteCannotBeRead(t *testing.T) {
	a := authorizer.Authorizer{Sites: sites{}, Shoppers: nil}
	got, err := a.Authorize(context.Background(), request(map[string]string{"authorization": "Bearer x", "x-forecourt-site": "unreadable"}))
	if err == nil || got.IsAuthorized {
		t.Fatalf("got %+v, %v; want an error and no authorization", got, err)
	}
}
