package altcha

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"forecourt/functions/internal/testenv"
)

var (
	testKey = []byte("test-hmac-key")
	now     = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
)

// seeded is a deterministic reader so that challenges repeat run to run.
func seeded(seed uint64) *rand.ChaCha8 {
	var s [32]byte
	s[0] = byte(seed)
	return rand.NewChaCha8(s)
}

// solve finds the number the way the widget does: try 0..maxnumber.
func solve(t *testing.T, c Challenge) int64 {
	t.Helper()
	for n := int64(0); n <= c.MaxNumber; n++ {
		if hashHex(c.Salt, n) == c.Challenge {
			return n
		}
	}
	t.Fatalf("no solution for %+v", c)
	return 0
}

func encode(t *testing.T, p Payload) string {
	t.Helper()
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(b)
}

func solved(t *testing.T, c Challenge) Payload {
	t.Helper()
	return Payload{Algorithm: c.Algorithm, Challenge: c.Challenge, Number: solve(t, c), Salt: c.Salt, Signature: c.Signature}
}

// TestChallengeShape: the challenge is the widget's JSON (issue 9 "Captcha":
// algorithm, challenge, salt, signature, maxnumber) with the expiry in the
// salt, as altcha-lib v1 writes it.
func TestChallengeShape(t *testing.T) {
	expires := now.Add(10 * time.Minute)
	c, err := NewChallenge(testKey, 5000, expires, seeded(1))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(c)
	var got map[string]any
	_ = json.Unmarshal(b, &got)
	for _, k := range []string{"algorithm", "challenge", "maxnumber", "salt", "signature"} {
		if _, ok := got[k]; !ok {
			t.Errorf("challenge JSON %s lacks %q", b, k)
		}
	}
	wantSuffix := "?expires=" + strconv.FormatInt(expires.Unix(), 10) + "&"
	if len(c.Salt) != 2*saltBytes+len(wantSuffix) || c.Salt[2*saltBytes:] != wantSuffix {
		t.Errorf("salt %q, want %d hex digits then %q", c.Salt, 2*saltBytes, wantSuffix)
	}
	if c.Algorithm != "SHA-256" || c.MaxNumber != 5000 {
		t.Errorf("got algorithm %q maxnumber %d, want SHA-256 5000", c.Algorithm, c.MaxNumber)
	}
	if n := solve(t, c); n < 0 || n > c.MaxNumber {
		t.Errorf("number %d outside [0, %d]", n, c.MaxNumber)
	}
}

// TestVerify: a solved challenge verifies once; tampering with any part, an
// expired challenge or a garbled payload fails with its own error kind.
func TestVerify(t *testing.T) {
	expires := now.Add(10 * time.Minute)
	c, err := NewChallenge(testKey, 2000, expires, seeded(2))
	if err != nil {
		t.Fatal(err)
	}
	good := solved(t, c)
	other, err := NewChallenge(testKey, 2000, expires, seeded(3))
	if err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name    string
		key     []byte
		payload func(p Payload) string
		at      time.Time
		want    error
	}{
		{"solved", testKey, func(p Payload) string { return encode(t, p) }, now, nil},
		{"solved, unpadded base64", testKey, func(p Payload) string {
			b, _ := json.Marshal(p)
			return base64.RawStdEncoding.EncodeToString(b)
		}, now, nil},
		{"the widget's payload (altcha 3.2.2 adds took)", testKey, func(p Payload) string {
			b, _ := json.Marshal(map[string]any{"algorithm": p.Algorithm, "challenge": p.Challenge, "number": p.Number,
				"salt": p.Salt, "signature": p.Signature, "took": 1234})
			return base64.StdEncoding.EncodeToString(b)
		}, now, nil},
		{"at the expiry second", testKey, func(p Payload) string { return encode(t, p) }, expires, nil},
		{"after the expiry", testKey, func(p Payload) string { return encode(t, p) }, expires.Add(time.Second), ErrExpired},
		{"another key", []byte("other-key"), func(p Payload) string { return encode(t, p) }, now, ErrBadSignature},
		{"signature changed", testKey, func(p Payload) string {
			p.Signature = other.Signature
			return encode(t, p)
		}, now, ErrBadSignature},
		{"challenge swapped for another signed one", testKey, func(p Payload) string {
			p.Challenge, p.Signature = other.Challenge, other.Signature
			return encode(t, p)
		}, now, ErrWrongSolution},
		{"number changed", testKey, func(p Payload) string {
			p.Number++
			return encode(t, p)
		}, now, ErrWrongSolution},
		{"salt expiry pushed out", testKey, func(p Payload) string {
			p.Salt = p.Salt[:2*saltBytes] + "?expires=" + strconv.FormatInt(expires.Add(time.Hour).Unix(), 10) + "&"
			return encode(t, p)
		}, expires.Add(time.Second), ErrWrongSolution},
		{"another algorithm", testKey, func(p Payload) string {
			p.Algorithm = "SHA-1"
			return encode(t, p)
		}, now, ErrMalformed},
		{"negative number", testKey, func(p Payload) string {
			p.Number = -1
			return encode(t, p)
		}, now, ErrMalformed},
		{"not base64", testKey, func(Payload) string { return "{not base64}" }, now, ErrMalformed},
		{"not JSON", testKey, func(Payload) string { return base64.StdEncoding.EncodeToString([]byte("solved!")) }, now, ErrMalformed},
		{"empty", testKey, func(Payload) string { return "" }, now, ErrMalformed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sol, err := Verify(tt.key, tt.payload(good), tt.at)
			if !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
				t.Fatalf("Verify: got %v, want %v", err, tt.want)
			}
			if err == nil && (sol.ReplayKey != c.Signature || !sol.Expires.Equal(expires.Truncate(time.Second))) {
				t.Errorf("got %+v, want replay key %s and expiry %s", sol, c.Signature, expires)
			}
		})
	}
}

// TestVerifyRequiresOneExpiry: a challenge signed without an expiry
// (possible with altcha-lib) is refused, since it could be replayed once a
// replay store forgets it; so is one whose salt names two.
func TestVerifyRequiresOneExpiry(t *testing.T) {
	future := strconv.FormatInt(now.Add(time.Hour).Unix(), 10)
	for _, salt := range []string{
		"00112233445566778899aabb&",
		"00112233445566778899aabb?expires=" + future + "&expires=" + future + "&",
		"00112233445566778899aabb?expires=" + future + "&expire=" + future + "&",
		"00112233445566778899aabb?expires=soon&",
	} {
		p := Payload{Algorithm: Algorithm, Number: 7, Salt: salt, Challenge: hashHex(salt, 7)}
		p.Signature = sign(testKey, p.Challenge)
		if _, err := Verify(testKey, encode(t, p), now); !errors.Is(err, ErrMalformed) {
			t.Errorf("salt %q: got %v, want ErrMalformed", salt, err)
		}
	}
}

// TestInteropAltchaLib runs npm altcha-lib 2.8.0 (issue 9 "Captcha": a Go
// test checks challenges and solutions produced by altcha-lib verify): a
// challenge altcha-lib creates and solves verifies here, and a challenge made
// here, solved by altcha-lib's solver, verifies in altcha-lib and here.
func TestInteropAltchaLib(t *testing.T) {
	script := altchaLib(t)
	key := "interop-key-" + testenv.RandomID()
	expires := time.Now().Add(10 * time.Minute)

	t.Run("altcha-lib challenge verifies in Go", func(t *testing.T) {
		out := runNode(t, nil, script, "create", key, strconv.FormatInt(expires.Unix(), 10), "20000")
		sol, err := Verify([]byte(key), string(out), time.Now())
		if err != nil {
			t.Fatalf("Verify(altcha-lib payload %s): %v", out, err)
		}
		if !sol.Expires.Equal(expires.Truncate(time.Second)) {
			t.Errorf("expires %s, want %s", sol.Expires, expires)
		}
		if _, err := Verify([]byte("not-"+key), string(out), time.Now()); !errors.Is(err, ErrBadSignature) {
			t.Errorf("with another key: got %v, want ErrBadSignature", err)
		}
		if _, err := Verify([]byte(key), string(out), expires.Add(time.Second)); !errors.Is(err, ErrExpired) {
			t.Errorf("after expiry: got %v, want ErrExpired", err)
		}
	})

	t.Run("Go challenge solved by altcha-lib verifies in both", func(t *testing.T) {
		c, err := NewChallenge([]byte(key), 20000, expires, seeded(4))
		if err != nil {
			t.Fatal(err)
		}
		in, _ := json.Marshal(c)
		var res struct {
			Payload  string `json:"payload"`
			Verified bool   `json:"verified"`
		}
		out := runNode(t, in, script, "solve", key)
		if err := json.Unmarshal(out, &res); err != nil {
			t.Fatalf("node output %q: %v", out, err)
		}
		if !res.Verified {
			t.Errorf("altcha-lib verifySolution refused a Go challenge: %s", res.Payload)
		}
		if _, err := Verify([]byte(key), res.Payload, time.Now()); err != nil {
			t.Errorf("Verify(altcha-lib solution): %v", err)
		}
	})

	t.Run("a tampered solution fails in both", func(t *testing.T) {
		c, err := NewChallenge([]byte(key), 2000, expires, seeded(5))
		if err != nil {
			t.Fatal(err)
		}
		p := solved(t, c)
		p.Number++
		bad := encode(t, p)
		if out := runNode(t, nil, script, "verify", key, bad); string(out) != "false" {
			t.Errorf("altcha-lib verifySolution(tampered) = %s, want false", out)
		}
		if _, err := Verify([]byte(key), bad, time.Now()); !errors.Is(err, ErrWrongSolution) {
			t.Errorf("Verify(tampered): got %v, want ErrWrongSolution", err)
		}
	})
}

// altchaLib returns the interop script's path. Without node or the npm
// package the interop test fails with the fix, as the DynamoDB Local tests
// do: make test installs both, so it never skips there.
func altchaLib(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is not installed: the interop test runs altcha-lib with it (make test installs everything)")
	}
	root, err := testenv.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "node_modules", "altcha-lib", "package.json")); err != nil {
		t.Fatal("node_modules/altcha-lib is missing: run npm ci at the repository root (make test does)")
	}
	script, err := filepath.Abs(filepath.Join("testdata", "interop.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	return script
}

func runNode(t *testing.T, stdin []byte, args ...string) []byte {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), "node", args...)
	cmd.Stdin = bytes.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node %v: %v\n%s", args[1:], err, stderr.Bytes())
	}
	return out
}
