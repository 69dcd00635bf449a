// Package cognito verifies the tokens of Forecourt's shopper user pool
// (DESIGN.md decision 11): the signature against the pool's published keys,
// the issuer, the audience (the requesting site's app client), the expiry
// and the token use. It runs the same against Cognito in AWS and
// cognito-local, whose tokens differ only in issuer and key.
package cognito

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/MicahParks/keyfunc/v3"
	"github.com/golang-jwt/jwt/v5"
	"golang.org/x/time/rate"

	"forecourt/shared"
)

// ErrInvalidToken is the error of every token that is not a current token
// of the pool for the expected client. Its wrapped text says why, for logs;
// callers answer 401 without it.
var ErrInvalidToken = errors.New("invalid token")

// VerifierConfig configures a Verifier.
type VerifierConfig struct {
	// Issuer is the pool's issuer: https://cognito-idp.<region>.amazonaws.com/<pool id>
	// in AWS, <endpoint>/<pool id> for cognito-local.
	Issuer string
	// JWKSURL is where the pool publishes its keys; default
	// Issuer + "/.well-known/jwks.json".
	JWKSURL string
	// HTTPClient fetches the keys; default http.DefaultClient.
	HTTPClient *http.Client
	// RefreshInterval re-reads the keys in the background; default one hour.
	RefreshInterval time.Duration
	// UnknownKeyRefresh limits how often a token signed with a key the cache
	// does not hold makes the verifier re-read the keys (Cognito rotates
	// keys rarely; forged kids must not turn into a request flood); default
	// once per five minutes.
	UnknownKeyRefresh time.Duration
	// Now is the clock for expiry; default time.Now.
	Now func() time.Time
}

// Verifier checks shopper tokens. It is safe for concurrent use; its keys
// are cached for the life of the context given to NewVerifier.
type Verifier struct {
	issuer string
	keys   keyfunc.Keyfunc
	now    func() time.Time
}

// NewVerifier returns a verifier of cfg.Issuer's tokens. It reads the keys
// once now; a pool that does not answer yet is read again on the first
// token (so a Lambda starts while Cognito is briefly unreachable).
func NewVerifier(ctx context.Context, cfg VerifierConfig) (*Verifier, error) {
	if cfg.Issuer == "" {
		return nil, fmt.Errorf("cognito verifier: issuer is required")
	}
	issuer := strings.TrimSuffix(cfg.Issuer, "/")
	jwksURL := cfg.JWKSURL
	if jwksURL == "" {
		jwksURL = issuer + "/.well-known/jwks.json"
	}
	unknown := cfg.UnknownKeyRefresh
	if unknown <= 0 {
		unknown = 5 * time.Minute
	}
	keys, err := keyfunc.NewDefaultOverrideCtx(ctx, []string{jwksURL}, keyfunc.Override{
		Client:            cfg.HTTPClient,
		HTTPTimeout:       5 * time.Second,
		RefreshInterval:   cfg.RefreshInterval,
		RefreshUnknownKID: rate.NewLimiter(rate.Every(unknown), 1),
		// Bounds the re-read of the keys for an unknown kid. The limiter
		// refuses at once (no waiting) when its next slot lies beyond this,
		// so within the period an unknown kid is simply unknown (401).
		RateLimitWaitMax: 5 * time.Second,
	})
	if err != nil {
		return nil, fmt.Errorf("cognito verifier: keys at %s: %w", jwksURL, err)
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	return &Verifier{issuer: issuer, keys: keys, now: now}, nil
}

// claims are the Cognito claims Verify reads beyond the registered ones.
type claims struct {
	jwt.RegisteredClaims
	TokenUse    string `json:"token_use"`
	ClientID    string `json:"client_id"`
	Username    string `json:"username"`
	CogUsername string `json:"cognito:username"`
	PhoneNumber string `json:"phone_number"`
	// PhoneVerified is phone_number_verified: Cognito sends a boolean;
	// "true" as a string is read the same.
	PhoneVerified any `json:"phone_number_verified"`
}

// Verify returns the shopper of an ID or access token issued by the pool to
// clientID. The algorithm is pinned to RS256 (no "none", no HMAC with the
// public key); the expiry is required; an ID token's audience and an access
// token's client_id must be clientID. Every failure wraps ErrInvalidToken.
func (v *Verifier) Verify(ctx context.Context, token, clientID string) (shared.Shopper, error) {
	if clientID == "" {
		// A site with no app client has no signed-in shoppers.
		return shared.Shopper{}, fmt.Errorf("%w: no app client for this site", ErrInvalidToken)
	}
	var c claims
	_, err := jwt.ParseWithClaims(token, &c, v.keys.KeyfuncCtx(ctx),
		jwt.WithValidMethods([]string{jwt.SigningMethodRS256.Alg()}),
		jwt.WithIssuer(v.issuer),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithTimeFunc(v.now),
	)
	if err != nil {
		return shared.Shopper{}, fmt.Errorf("%w: %w", ErrInvalidToken, err)
	}
	s := shared.Shopper{Sub: c.Subject}
	if c.PhoneVerified == true || c.PhoneVerified == "true" {
		// Issue 31: an unverified phone_number is whatever the user typed
		// at sign-up; only a verified one names the shopper to a dealer.
		s.PhoneNumber = c.PhoneNumber
	}
	switch c.TokenUse {
	case "id":
		if !slices.Contains(c.Audience, clientID) {
			return shared.Shopper{}, fmt.Errorf("%w: audience %v is not this site's client", ErrInvalidToken, []string(c.Audience))
		}
		s.ClientID, s.Username = clientID, c.CogUsername
	case "access":
		if c.ClientID != clientID {
			return shared.Shopper{}, fmt.Errorf("%w: client_id %q is not this site's client", ErrInvalidToken, c.ClientID)
		}
		s.ClientID, s.Username = c.ClientID, c.Username
	default:
		return shared.Shopper{}, fmt.Errorf("%w: token_use %q is neither id nor access", ErrInvalidToken, c.TokenUse)
	}
	if s.Sub == "" {
		return shared.Shopper{}, fmt.Errorf("%w: no subject", ErrInvalidToken)
	}
	return s, nil
}
