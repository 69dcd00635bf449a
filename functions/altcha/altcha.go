// Package altcha issues and verifies ALTCHA proof-of-work challenges, the
// self-hosted captcha of the lead forms (issue 9). It follows version 1 of
// ALTCHA's protocol exactly as npm altcha-lib 2.8.0 implements it under
// "altcha-lib/v1" (dist/esm/v1/index.js):
//
//   - salt is random hex followed by "?expires=<unix seconds>" and a closing
//     "&" (the delimiter stops digits of the number being spliced into the
//     parameters);
//   - challenge is hex(SHA-256(salt + decimal number)), number secret and
//     in [0, maxnumber];
//   - signature is hex(HMAC-SHA256(key, challenge));
//   - the widget solves by trying numbers and sends back base64 of the JSON
//     {algorithm, challenge, number, salt, signature}.
//
// The test runs altcha-lib itself against this code in both directions.
package altcha

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Algorithm is the only hash this package issues and accepts.
const Algorithm = "SHA-256"

// MaxNumber is the largest secret number of the lead forms' challenges: the
// widget tries numbers from 0, so a shopper's phone hashes MaxNumber/2 times
// on average and MaxNumber at worst (issue 31: "about half a second on a
// phone").
//
// Measured with the real widget (npm altcha 3.2.2, which solves a v1
// challenge with one WebCrypto digest call per number, in one Web Worker per
// core) in headless Chromium on the 2-core build machine:
// `node web/scripts/altcha-rate.mjs 300000` and `... 100000` gave 52,174 and
// 51,021 hashes per CPU second (median of 3; 2026-11-28, load average 19, so
// the wall times, 8.7 s and 3.5 s, are not the figure). A mid-range phone
// is taken as 2 workers on big cores each 2.5 times slower than one core
// here: 2 × 52,000 / 2.5 ≈ 42,000 hashes/s, so 40,000 costs a phone about
// 0.5 s on average and 1 s at worst. The brief's 1–2 million hashes/s is the
// rate of a plain SHA-256 loop, not of this widget's digest-per-number
// solver; the previous 100,000 already cost a phone about 1.2 s.
const MaxNumber = 40_000

// saltBytes is altcha-lib's default random salt length.
const saltBytes = 12

// Error kinds returned (wrapped) by Verify; test them with errors.Is.
var (
	// ErrMalformed: the payload is not base64 JSON of the widget's shape,
	// names another algorithm, or its salt carries no valid expiry.
	ErrMalformed = errors.New("altcha: malformed payload")
	// ErrBadSignature: the challenge was not signed with this key.
	ErrBadSignature = errors.New("altcha: bad signature")
	// ErrWrongSolution: salt and number do not hash to the signed challenge
	// (a wrong number, or a salt changed after signing).
	ErrWrongSolution = errors.New("altcha: wrong solution")
	// ErrExpired: the challenge's expiry has passed.
	ErrExpired = errors.New("altcha: challenge expired")
)

// Challenge is the JSON the widget reads (served by the leads API's captcha
// route, issue 9).
type Challenge struct {
	Algorithm string `json:"algorithm"`
	Challenge string `json:"challenge"`
	MaxNumber int64  `json:"maxnumber"`
	Salt      string `json:"salt"`
	Signature string `json:"signature"`
}

// Payload is the widget's solution, decoded from its base64 form.
type Payload struct {
	Algorithm string `json:"algorithm"`
	Challenge string `json:"challenge"`
	Number    int64  `json:"number"`
	Salt      string `json:"salt"`
	Signature string `json:"signature"`
}

// Solution is what a verified payload tells the caller.
type Solution struct {
	// ReplayKey identifies the challenge (it is the challenge's signature).
	// Verify does not remember solutions: to accept each solution once, the
	// caller stores ReplayKey with a conditional put and refuses a key it
	// has seen. Keeping it until Expires is enough, since Verify refuses
	// the payload after that anyway.
	ReplayKey string
	// Expires is the challenge's expiry, from its salt.
	Expires time.Time
}

// NewChallenge returns a challenge signed with key whose secret number is
// drawn from rand in [0, maxNumber] and which expires at expires (whole
// seconds). Pass crypto/rand.Reader outside tests.
func NewChallenge(key []byte, maxNumber int64, expires time.Time, rand io.Reader) (Challenge, error) {
	if maxNumber < 1 {
		return Challenge{}, fmt.Errorf("altcha: maxNumber %d: must be at least 1", maxNumber)
	}
	raw := make([]byte, saltBytes)
	if _, err := io.ReadFull(rand, raw); err != nil {
		return Challenge{}, fmt.Errorf("altcha: read salt: %w", err)
	}
	n, err := randInt(rand, maxNumber)
	if err != nil {
		return Challenge{}, fmt.Errorf("altcha: draw number: %w", err)
	}
	params := url.Values{"expires": {strconv.FormatInt(expires.Unix(), 10)}}
	salt := hex.EncodeToString(raw) + "?" + params.Encode() + "&"
	challenge := hashHex(salt, n)
	return Challenge{
		Algorithm: Algorithm,
		Challenge: challenge,
		MaxNumber: maxNumber,
		Salt:      salt,
		Signature: sign(key, challenge),
	}, nil
}

// Verify checks the widget's base64 payload against key at time now: the
// signature is key's, salt and number hash to the challenge, and the
// challenge has not expired. Its error wraps one of ErrMalformed,
// ErrBadSignature, ErrWrongSolution or ErrExpired. Verify does not stop a
// solution being used twice: see Solution.ReplayKey.
func Verify(key []byte, payloadBase64 string, now time.Time) (Solution, error) {
	p, err := Decode(payloadBase64)
	if err != nil {
		return Solution{}, err
	}
	if !hmac.Equal([]byte(p.Signature), []byte(sign(key, p.Challenge))) {
		return Solution{}, ErrBadSignature
	}
	// altcha-lib appends the delimiter when a salt lacks it; do the same so
	// that both sides hash the same string.
	salt := p.Salt
	if !strings.HasSuffix(salt, "&") {
		salt += "&"
	}
	if !hmac.Equal([]byte(p.Challenge), []byte(hashHex(salt, p.Number))) {
		return Solution{}, ErrWrongSolution
	}
	// The salt is now known to be the one signed, so its expiry is ours.
	expires, err := saltExpiry(p.Salt)
	if err != nil {
		return Solution{}, err
	}
	if now.After(expires) {
		return Solution{}, fmt.Errorf("%w at %s", ErrExpired, expires.UTC().Format(time.RFC3339))
	}
	return Solution{ReplayKey: p.Signature, Expires: expires}, nil
}

// Decode reads the widget's base64 JSON payload without verifying it.
func Decode(payloadBase64 string) (Payload, error) {
	s := strings.TrimSpace(payloadBase64)
	raw, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		// atob, which altcha-lib uses, also reads unpadded base64.
		if raw, err = base64.RawStdEncoding.DecodeString(s); err != nil {
			return Payload{}, fmt.Errorf("%w: not base64", ErrMalformed)
		}
	}
	var p Payload
	if err := json.Unmarshal(raw, &p); err != nil {
		return Payload{}, fmt.Errorf("%w: not the widget's JSON", ErrMalformed)
	}
	switch {
	case p.Algorithm != Algorithm:
		return Payload{}, fmt.Errorf("%w: algorithm %q, want %s", ErrMalformed, p.Algorithm, Algorithm)
	case p.Challenge == "" || p.Salt == "" || p.Signature == "":
		return Payload{}, fmt.Errorf("%w: challenge, salt and signature are required", ErrMalformed)
	case p.Number < 0:
		return Payload{}, fmt.Errorf("%w: negative number", ErrMalformed)
	}
	return p, nil
}

// saltExpiry reads the expires parameter of a salt ("expire" is
// altcha-lib's alias). A challenge without one could be replayed for as long
// as a replay store keeps its key, so it is refused; so is one with two.
func saltExpiry(salt string) (time.Time, error) {
	_, query, _ := strings.Cut(salt, "?")
	params, err := url.ParseQuery(query)
	if err != nil {
		return time.Time{}, fmt.Errorf("%w: salt parameters: %v", ErrMalformed, err)
	}
	vs := append(params["expires"], params["expire"]...)
	switch {
	case len(vs) == 0:
		return time.Time{}, fmt.Errorf("%w: salt carries no expiry", ErrMalformed)
	case len(vs) > 1:
		// altcha-lib would read the last of several; refuse the ambiguity.
		return time.Time{}, fmt.Errorf("%w: salt carries %d expiries", ErrMalformed, len(vs))
	}
	v := vs[0]
	sec, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("%w: salt expiry %q", ErrMalformed, v)
	}
	return time.Unix(sec, 0), nil
}

func hashHex(salt string, number int64) string {
	sum := sha256.Sum256([]byte(salt + strconv.FormatInt(number, 10)))
	return hex.EncodeToString(sum[:])
}

func sign(key []byte, challenge string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(challenge))
	return hex.EncodeToString(m.Sum(nil))
}

// randInt draws uniformly from [0, max], rejecting the top sliver of
// uint64 values that would bias the modulo. (crypto/rand.Int is not used: it
// may ignore a caller's reader, and tests pass a deterministic one.)
func randInt(r io.Reader, max int64) (int64, error) {
	n := uint64(max) + 1
	limit := math.MaxUint64 - math.MaxUint64%n
	var b [8]byte
	for {
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return 0, err
		}
		if v := binary.BigEndian.Uint64(b[:]); v < limit {
			return int64(v % n), nil
		}
	}
}

// Solve finds the number a challenge hides, as the widget does (a search
// from 0 to its maxnumber), and returns the widget's base64 payload. It is
// the client side of the protocol: tests and tools submit forms with it.
func Solve(c Challenge) (string, error) {
	for n := int64(0); n <= c.MaxNumber; n++ {
		if hashHex(c.Salt, n) == c.Challenge {
			p, err := json.Marshal(Payload{Algorithm: c.Algorithm, Challenge: c.Challenge, Number: n, Salt: c.Salt, Signature: c.Signature})
			if err != nil {
				return "", err
			}
			return base64.StdEncoding.EncodeToString(p), nil
		}
	}
	return "", fmt.Errorf("%w: no number up to %d solves the challenge", ErrWrongSolution, c.MaxNumber)
}
