// Package cognitotest is a stand-in user pool for unit tests of code that
// verifies shopper tokens: it publishes RSA keys as a JWKS and signs tokens
// with them, good or forged. Integration tests use cognito-local instead.
package cognitotest

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Pool publishes the public halves of its keys at any path, as a user
// pool's /.well-known/jwks.json does, and counts the reads.
type Pool struct {
	mu   sync.Mutex
	keys map[string]*rsa.PrivateKey
	// Fetches counts the reads of the keys.
	Fetches atomic.Int32
	*httptest.Server
}

// NewPool starts a pool holding a key per kid; it stops with the test.
func NewPool(t testing.TB, kids ...string) *Pool {
	t.Helper()
	s := &Pool{keys: map[string]*rsa.PrivateKey{}}
	for _, kid := range kids {
		s.Add(t, kid)
	}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.Fetches.Add(1)
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

// Add adds (or rotates in) a key.
func (s *Pool) Add(t testing.TB, kid string) *rsa.PrivateKey {
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

// Key returns the private key of kid.
func (s *Pool) Key(kid string) *rsa.PrivateKey {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.keys[kid]
}

// JWKSURL is where the pool's keys are read.
func (s *Pool) JWKSURL() string { return s.URL + "/pool/.well-known/jwks.json" }

// Sign signs claims with key as RS256 under kid.
func Sign(t testing.TB, key *rsa.PrivateKey, kid string, c jwt.MapClaims) string {
	t.Helper()
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, c)
	tok.Header["kid"] = kid
	s, err := tok.SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// IDClaims are a current ID token's claims from iss for client, issued a
// minute before now and good for an hour.
func IDClaims(iss, client, sub string, now time.Time) jwt.MapClaims {
	return jwt.MapClaims{
		"sub": sub, "iss": iss, "aud": client, "token_use": "id",
		"cognito:username": "+61400000001", "iat": now.Add(-time.Minute).Unix(), "exp": now.Add(time.Hour).Unix(),
	}
}

// With returns a copy of c with k set to v, or removed when v is nil.
func With(c jwt.MapClaims, k string, v any) jwt.MapClaims {
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

// Unsigned is the claims as an "alg: none" token.
func Unsigned(t testing.TB, c jwt.MapClaims) string {
	t.Helper()
	tok := jwt.NewWithClaims(jwt.SigningMethodNone, c)
	tok.Header["kid"] = "k1"
	s, err := tok.SignedString(jwt.UnsafeAllowNoneSignatureType)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// HMACWithPublicKey is the claims signed HS256 with the RSA key's public
// modulus as the secret: the classic algorithm-confusion forgery.
func HMACWithPublicKey(t testing.TB, k *rsa.PrivateKey, c jwt.MapClaims) string {
	t.Helper()
	tok := jwt.NewWithClaims(jwt.SigningMethodHS256, c)
	tok.Header["kid"] = "k1"
	s, err := tok.SignedString(k.N.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return s
}
