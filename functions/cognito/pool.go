package cognito

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"forecourt/shared"
)

// Pool is the shopper user pool as a Lambda or the dev gateway sees it:
// where its tokens come from and which app client belongs to which site.
// Each site has its own app client (infra/constructs/auth), so a token is
// good on the site it was issued for only.
type Pool struct {
	// ID is the user pool id, "<region>_<id>".
	ID string
	// Region is the pool's AWS region.
	Region string
	// Endpoint is cognito-local's base URL; empty in AWS.
	Endpoint string
	// Clients maps each site's slug to its app client id.
	Clients map[string]string
}

// Issuer is the iss claim of the pool's tokens.
func (p Pool) Issuer() string {
	if p.Endpoint != "" {
		return strings.TrimSuffix(p.Endpoint, "/") + "/" + p.ID
	}
	return fmt.Sprintf("https://cognito-idp.%s.amazonaws.com/%s", p.Region, p.ID)
}

// ClientFor returns the site's app client id, or "".
func (p Pool) ClientFor(site string) string { return p.Clients[site] }

// PoolFromEnv reads COGNITO_USER_POOL_ID, COGNITO_CLIENT_IDS (a JSON object
// of site slug to client id), AWS_REGION and, locally,
// FORECOURT_COGNITO_ENDPOINT. ok is false when no pool is configured.
func PoolFromEnv() (p Pool, ok bool, err error) {
	p = Pool{
		ID:       os.Getenv("COGNITO_USER_POOL_ID"),
		Region:   os.Getenv("AWS_REGION"),
		Endpoint: os.Getenv("FORECOURT_COGNITO_ENDPOINT"),
	}
	if p.ID == "" {
		return Pool{}, false, nil
	}
	if raw := os.Getenv("COGNITO_CLIENT_IDS"); raw != "" {
		if err := json.Unmarshal([]byte(raw), &p.Clients); err != nil {
			return Pool{}, false, fmt.Errorf("COGNITO_CLIENT_IDS: %w", err)
		}
	}
	if p.Endpoint == "" && p.Region == "" {
		return Pool{}, false, fmt.Errorf("COGNITO_USER_POOL_ID is set but AWS_REGION is not")
	}
	return p, true, nil
}

// Shoppers verifies a token for the site it is presented on: it must have
// been issued to that site's own app client (httpapi.ShopperVerifier).
type Shoppers struct {
	Verifier *Verifier
	Pool     Pool
}

// VerifyShopper returns the token's shopper on the site: the site's own
// client is the one its tenant stack stored with it (AWS), else the pool's
// client for its slug (cognito-local, COGNITO_CLIENT_IDS).
func (s Shoppers) VerifyShopper(ctx context.Context, token string, site shared.Site) (shared.Shopper, error) {
	return s.Verifier.Verify(ctx, token, s.Pool.ClientOf(site))
}

// ClientOf is the site's own app client id, or "" when it has none.
func (p Pool) ClientOf(site shared.Site) string {
	if site.AuthClientID != "" {
		return site.AuthClientID
	}
	return p.ClientFor(site.Slug)
}

// BearerToken is the token of an Authorization header's Bearer scheme, or
// "". The handlers and the API Gateway authorizer read it alike.
func BearerToken(authorization string) string {
	scheme, token, ok := strings.Cut(authorization, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(token)
}

// NewShoppers returns the verifier of the pool's tokens for the sites; its
// key cache lives as long as ctx. The api Lambda and the API Gateway
// authorizer both verify through it.
func NewShoppers(ctx context.Context, pool Pool) (*Shoppers, error) {
	v, err := NewVerifier(ctx, VerifierConfig{Issuer: pool.Issuer()})
	if err != nil {
		return nil, fmt.Errorf("shopper user pool: %w", err)
	}
	return &Shoppers{Verifier: v, Pool: pool}, nil
}
