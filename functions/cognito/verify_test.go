package cognito_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"forecourt/functions/cognito"
	"forecourt/functions/cognito/cognitotest"
)

const client = "site-client"

var now = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)

func idClaims(iss string) jwt.MapClaims { return cognitotest.IDClaims(iss, client, "shopper-1", now) }

var (
	sign              = cognitotest.Sign
	with              = cognitotest.With
	unsigned          = cognitotest.Unsigned
	hmacWithPublicKey = cognitotest.HMACWithPublicKey
)

func newVerifier(t *testing.T, pool *cognitotest.Pool, issuer string) *cognito.Verifier {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	v, err := cognito.NewVerifier(ctx, cognito.VerifierConfig{
		Issuer: issuer, JWKSURL: pool.JWKSURL(), Now: func() time.Time { return now },
	})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// DESIGN.md decision 11: a shopper is who a current token of the pool,
// issued to the site's own client, says; anything else is refused.
func TestVerify(t *testing.T) {
	pool := cognitotest.NewPool(t, "k1")
	other := cognitotest.NewPool(t, "k1") // another pool reusing the kid, with its own key
	const iss = "https://cognito-idp.ap-southeast-2.amazonaws.com/ap-southeast-2_pool"
	v := newVerifier(t, pool, iss)
	good := idClaims(iss)
	valid := sign(t, pool.Key("k1"), "k1", good)
	parts := strings.Split(valid, ".")
	tamperedPayload, _ := json.Marshal(with(good, "sub", "shopper-2"))

	tests := []struct {
		name    string
		token   string
		wantSub string // empty: the token must be refused
	}{
		{"valid ID token", valid, "shopper-1"},
		{"valid access token", sign(t, pool.Key("k1"), "k1", jwt.MapClaims{
			"sub": "shopper-1", "iss": iss, "client_id": client, "token_use": "access", "username": "+61400000001",
			"iat": now.Unix(), "exp": now.Add(time.Hour).Unix(),
		}), "shopper-1"},
		{"expired", sign(t, pool.Key("k1"), "k1", with(good, "exp", now.Add(-time.Second).Unix())), ""},
		{"no expiry", sign(t, pool.Key("k1"), "k1", with(good, "exp", nil)), ""},
		{"issued in the future", sign(t, pool.Key("k1"), "k1", with(good, "iat", now.Add(time.Hour).Unix())), ""},
		{"wrong issuer", sign(t, pool.Key("k1"), "k1", with(good, "iss", iss+"x")), ""},
		{"wrong audience (another site's client)", sign(t, pool.Key("k1"), "k1", with(good, "aud", "other-site-client")), ""},
		{"access token of another client", sign(t, pool.Key("k1"), "k1", jwt.MapClaims{
			"sub": "shopper-1", "iss": iss, "client_id": "other-site-client", "token_use": "access",
			"iat": now.Unix(), "exp": now.Add(time.Hour).Unix(),
		}), ""},
		{"other pool's key", sign(t, other.Key("k1"), "k1", good), ""},
		{"refresh or other token use", sign(t, pool.Key("k1"), "k1", with(good, "token_use", "refresh")), ""},
		{"no subject", sign(t, pool.Key("k1"), "k1", with(good, "sub", nil)), ""},
		{"alg none", unsigned(t, good), ""},
		{"HS256 keyed with the public key", hmacWithPublicKey(t, pool.Key("k1"), good), ""},
		{"tampered payload", parts[0] + "." + base64.RawURLEncoding.EncodeToString(tamperedPayload) + "." + parts[2], ""},
		{"tampered signature", parts[0] + "." + parts[1] + "." + flip(parts[2]), ""},
		{"not a JWT", "abc", ""},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := v.Verify(context.Background(), tt.token, client)
			if tt.wantSub == "" {
				if err == nil || !errors.Is(err, cognito.ErrInvalidToken) {
					t.Fatalf("got %+v, %v; want ErrInvalidToken", got, err)
				}
				return
			}
			if err != nil || got.Sub != tt.wantSub || got.ClientID != client || got.Username != "+61400000001" {
				t.Fatalf("got %+v, %v; want sub %q of client %q", got, err, tt.wantSub, client)
			}
		})
	}
	if _, err := v.Verify(context.Background(), valid, ""); !errors.Is(err, cognito.ErrInvalidToken) {
		t.Errorf("a site without a client: got %v, want ErrInvalidToken", err)
	}
}

// Issue 31 "the reservation lead takes an unverified phone_number claim":
// the shopper's phone is the token's phone_number only when
// phone_number_verified is true; otherwise the shopper has no phone (their
// identity stays the sub and username).
func TestVerifyPhoneOnlyWhenVerified(t *testing.T) {
	pool := cognitotest.NewPool(t, "k1")
	const iss = "https://issuer.example/pool"
	v := newVerifier(t, pool, iss)
	phone := with(idClaims(iss), "phone_number", "+61400000009")
	for _, tt := range []struct {
		name     string
		verified any // nil: no phone_number_verified claim
		want     string
	}{
		{"verified", true, "+61400000009"},
		{"verified, as a string", "true", "+61400000009"},
		{"not verified", false, ""},
		{"not verified, as a string", "false", ""},
		{"no verified claim", nil, ""},
	} {
		got, err := v.Verify(context.Background(), sign(t, pool.Key("k1"), "k1", with(phone, "phone_number_verified", tt.verified)), client)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got.PhoneNumber != tt.want || got.Sub != "shopper-1" || got.Username != "+61400000001" {
			t.Errorf("%s: shopper %+v, want phone %q with the sub and username", tt.name, got, tt.want)
		}
	}
}

// Cognito rotates its keys: a token signed by a key the cache does not hold
// makes the verifier read the keys again, but forged kids do not make it
// read them on every request.
func TestVerifyRefreshesOnUnknownKeyAtMostOncePerPeriod(t *testing.T) {
	pool := cognitotest.NewPool(t, "k1")
	const iss = "https://issuer.example/pool"
	v := newVerifier(t, pool, iss)
	if _, err := v.Verify(context.Background(), sign(t, pool.Key("k1"), "k1", idClaims(iss)), client); err != nil {
		t.Fatal(err)
	}
	before := pool.Fetches.Load()
	k2 := pool.Add(t, "k2")
	if _, err := v.Verify(context.Background(), sign(t, k2, "k2", idClaims(iss)), client); err != nil {
		t.Fatalf("token of a rotated-in key: %v", err)
	}
	if got := pool.Fetches.Load() - before; got != 1 {
		t.Fatalf("key reads for one new kid: got %d, want 1", got)
	}
	for i := range 5 {
		forged := sign(t, k2, "forged-"+string(rune('a'+i)), idClaims(iss))
		if _, err := v.Verify(context.Background(), forged, client); !errors.Is(err, cognito.ErrInvalidToken) {
			t.Fatalf("unknown kid: got %v, want ErrInvalidToken", err)
		}
	}
	if got := pool.Fetches.Load() - before; got != 1 {
		t.Fatalf("key reads after five unknown kids within the period: got %d, want still 1", got)
	}
}

func flip(sig string) string {
	b := []byte(sig)
	if b[3] == 'A' {
		b[3] = 'B'
	} else {
		b[3] = 'A'
	}
	return string(b)
}
