package cognito_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"forecourt/functions/cognito"
)

const client = "site-client"

var now = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)

// jwksServer publishes the public halves of its keys as a pool does.
type jwksServer struct {
	mu      sync.Mutex
	keys    map[string]*rsa.PrivateKey
	fetches atomic.Int32
	*httptest.Server
}

func newJWKS(t *testing.T, kids ...string) *jwksServer {
	t.Helper()
	s := &jwksServer{keys: map[string]*rsa.PrivateKey{}}
	for _, kid := range kids {
		s.add(t, kid)
	}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.fetches.Add(1)
		s.mu.Lock()
		defer s.mu.Unlock()
		var set struct {
			Keys []map[string]string `json:"keys"`
		}
		for kid, k := range s.keys {
			set.Keys = append(set.Keys, map[string]string{
				"kty": "RSA", "alg": "RS256", "use": "sig", "kid": kid,
				"n": base64.RawURLEncoding.EncodeToString(k.N.Bytes()),
				"e": base64.RawURLEncoding.EncodeToString(big.NewInt(int64(k.E)).Bytes()),
			})
		}
		_ = json.NewEncoder(w).Encode(set)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *jwksServer) add(t *testing.T, kid string) *rsa.PrivateKey {
	t.Helper()
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	s.mu.Lock()
	s.keys[kid] = k
	s.mu.Unlock()
	return k
}

func (s *jwksServer) key(kid string) *rsa.PrivateKey {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.keys[kid]
}

func sign(t *testing.T, key *rsa.PrivateKey, kid string, c jwt.MapClaims) string {
	t.Helper()
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, c)
	tok.Header["kid"] = kid
	s, err := tok.SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func idClaims(iss string) jwt.MapClaims {
	return jwt.MapClaims{
		"sub": "shopper-1", "iss": iss, "aud": client, "token_use": "id",
		"cognito:username": "+61400000001", "iat": now.Add(-time.Minute).Unix(), "exp": now.Add(time.Hour).Unix(),
	}
}

func with(c jwt.MapClaims, k string, v any) jwt.MapClaims {
	out := jwt.MapClaims{}
	for kk, vv := range c {
		out[kk] = vv
	}
	if v == nil {
		delete(out, k)
	} else {
		out[k] = v
	}
	return out
}

func newVerifier(t *testing.T, pool *jwksServer, issuer string) *cognito.Verifier {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	v, err := cognito.NewVerifier(ctx, cognito.VerifierConfig{
		Issuer: issuer, JWKSURL: pool.URL + "/pool/.well-known/jwks.json", Now: func() time.Time { return now },
	})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// DESIGN.md decision 11: a shopper is who a current token of the pool,
// issued to the site's own client, says; anything else is refused.
func TestVerify(t *testing.T) {
	pool := newJWKS(t, "k1")
	other := newJWKS(t, "k1") // another pool reusing the kid, with its own key
	const iss = "https://cognito-idp.ap-southeast-2.amazonaws.com/ap-southeast-2_pool"
	v := newVerifier(t, pool, iss)
	good := idClaims(iss)
	valid := sign(t, pool.key("k1"), "k1", good)
	parts := strings.Split(valid, ".")
	tamperedPayload, _ := json.Marshal(with(good, "sub", "shopper-2"))

	tests := []struct {
		name    string
		token   string
		wantSub string // empty: the token must be refused
	}{
		{"valid ID token", valid, "shopper-1"},
		{"valid access token", sign(t, pool.key("k1"), "k1", jwt.MapClaims{
			"sub": "shopper-1", "iss": iss, "client_id": client, "token_use": "access", "username": "+61400000001",
			"iat": now.Unix(), "exp": now.Add(time.Hour).Unix(),
		}), "shopper-1"},
		{"expired", sign(t, pool.key("k1"), "k1", with(good, "exp", now.Add(-time.Second).Unix())), ""},
		{"no expiry", sign(t, pool.key("k1"), "k1", with(good, "exp", nil)), ""},
		{"issued in the future", sign(t, pool.key("k1"), "k1", with(good, "iat", now.Add(time.Hour).Unix())), ""},
		{"wrong issuer", sign(t, pool.key("k1"), "k1", with(good, "iss", iss+"x")), ""},
		{"wrong audience (another site's client)", sign(t, pool.key("k1"), "k1", with(good, "aud", "other-site-client")), ""},
		{"access token of another client", sign(t, pool.key("k1"), "k1", jwt.MapClaims{
			"sub": "shopper-1", "iss": iss, "client_id": "other-site-client", "token_use": "access",
			"iat": now.Unix(), "exp": now.Add(time.Hour).Unix(),
		}), ""},
		{"other pool's key", sign(t, other.key("k1"), "k1", good), ""},
		{"refresh or other token use", sign(t, pool.key("k1"), "k1", with(good, "token_use", "refresh")), ""},
		{"no subject", sign(t, pool.key("k1"), "k1", with(good, "sub", nil)), ""},
		{"alg none", unsigned(t, good), ""},
		{"HS256 keyed with the public key", hmacWithPublicKey(t, pool.key("k1"), good), ""},
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

// Cognito rotates its keys: a token signed by a key the cache does not hold
// makes the verifier read the keys again, but forged kids do not make it
// read them on every request.
func TestVerifyRefreshesOnUnknownKeyAtMostOncePerPeriod(t *testing.T) {
	pool := newJWKS(t, "k1")
	const iss = "https://issuer.example/pool"
	v := newVerifier(t, pool, iss)
	if _, err := v.Verify(context.Background(), sign(t, pool.key("k1"), "k1", idClaims(iss)), client); err != nil {
		t.Fatal(err)
	}
	before := pool.fetches.Load()
	k2 := pool.add(t, "k2")
	if _, err := v.Verify(context.Background(), sign(t, k2, "k2", idClaims(iss)), client); err != nil {
		t.Fatalf("token of a rotated-in key: %v", err)
	}
	if got := pool.fetches.Load() - before; got != 1 {
		t.Fatalf("key reads for one new kid: got %d, want 1", got)
	}
	for i := range 5 {
		forged := sign(t, k2, "forged-"+string(rune('a'+i)), idClaims(iss))
		if _, err := v.Verify(context.Background(), forged, client); !errors.Is(err, cognito.ErrInvalidToken) {
			t.Fatalf("unknown kid: got %v, want ErrInvalidToken", err)
		}
	}
	if got := pool.fetches.Load() - before; got != 1 {
		t.Fatalf("key reads after five unknown kids within the period: got %d, want still 1", got)
	}
}

func unsigned(t *testing.T, c jwt.MapClaims) string {
	t.Helper()
	tok := jwt.NewWithClaims(jwt.SigningMethodNone, c)
	tok.Header["kid"] = "k1"
	s, err := tok.SignedString(jwt.UnsafeAllowNoneSignatureType)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func hmacWithPublicKey(t *testing.T, k *rsa.PrivateKey, c jwt.MapClaims) string {
	t.Helper()
	tok := jwt.NewWithClaims(jwt.SigningMethodHS256, c)
	tok.Header["kid"] = "k1"
	s, err := tok.SignedString(k.N.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return s
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
