// Package authorizer is API Gateway's check of a shopper's token before a
// shopper route (route.Shopper) reaches the api Lambda: an HTTP API Lambda
// REQUEST authorizer (payload 2.0, simple responses). A JWT authorizer
// cannot do it, since its audiences are capped at 50 and each tenant has
// its own app client (docs/contracts.md "Watchlist and sign-in").
//
// It runs the handler's own check (cognito.Shoppers.VerifyShopper for the
// site CloudFront names), so the two cannot disagree; the handler still
// verifies every token itself.
package authorizer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/aws/aws-lambda-go/events"

	"forecourt/functions/cognito"
	"forecourt/shared"
)

// Header names the authorizer reads, which are also its identity sources
// (API Gateway caches a decision per pair of values, and answers 401 itself
// when either is missing).
const (
	HeaderAuthorization = "Authorization"
	// HeaderSite is set by the tenant's distribution (httpapi.HeaderSite).
	HeaderSite = "X-Forecourt-Site"
)

// ContextSub is the key of the shopper's sub in the authorizer's context
// (requestContext.authorizer.lambda.sub for the integration).
const ContextSub = "sub"

// ShopperVerifier says who a token's shopper is on a site
// (cognito.Shoppers, the handler's verifier).
type ShopperVerifier interface {
	VerifyShopper(ctx context.Context, token string, site shared.Site) (shared.Shopper, error)
}

// SiteFinder finds a site by slug (dynamo.SiteStore); an unknown slug is
// an ENOTFOUND error.
type SiteFinder interface {
	FindSite(ctx context.Context, slug string) (shared.Site, error)
}

// Authorizer decides whether a request carries a current token of the
// shopper pool issued to the requesting site's own app client.
type Authorizer struct {
	Sites    SiteFinder
	Shoppers ShopperVerifier
}

// Authorize answers API Gateway. A refusal is an answer (API Gateway then
// answers the shopper 403), not an error; an error (the sites table
// unreadable) makes API Gateway answer 500, and is not cached.
func (a Authorizer) Authorize(ctx context.Context, req events.APIGatewayV2CustomAuthorizerV2Request) (events.APIGatewayV2CustomAuthorizerSimpleResponse, error) {
	deny := events.APIGatewayV2CustomAuthorizerSimpleResponse{IsAuthorized: false}
	token := cognito.BearerToken(header(req.Headers, HeaderAuthorization))
	slug := header(req.Headers, HeaderSite)
	if token == "" || slug == "" {
		slog.InfoContext(ctx, "shopper token refused", "route", req.RouteKey, "reason", "no bearer token or no site")
		return deny, nil
	}
	site, err := a.Sites.FindSite(ctx, slug)
	if shared.ErrorCode(err) == shared.ENOTFOUND {
		slog.InfoContext(ctx, "shopper token refused", "route", req.RouteKey, "site", slug, "reason", "no such site")
		return deny, nil
	}
	if err != nil {
		return deny, fmt.Errorf("authorizer: find site %q: %w", slug, err)
	}
	shopper, err := a.Shoppers.VerifyShopper(ctx, token, site)
	if errors.Is(err, cognito.ErrInvalidToken) {
		// The reason is for the log only: it would help a forger.
		slog.InfoContext(ctx, "shopper token refused", "route", req.RouteKey, "site", slug, "reason", err)
		return deny, nil
	}
	if err != nil {
		return deny, fmt.Errorf("authorizer: verify token on %q: %w", slug, err)
	}
	return events.APIGatewayV2CustomAuthorizerSimpleResponse{
		IsAuthorized: true,
		Context:      map[string]any{ContextSub: shopper.Sub},
	}, nil
}

// header reads a header of the payload, whose names API Gateway lowercases.
func header(h map[string]string, name string) string {
	if v, ok := h[strings.ToLower(name)]; ok {
		return v
	}
	for k, v := range h {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	return ""
}
