// Package webhook posts signed JSON to dealers' CRMs: the body with the
// header X-Forecourt-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<body>" under the dealership's secret>, as Stripe-style receivers
// verify it (docs/contracts.md "Lead webhook").
package webhook

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// HeaderSignature carries the signature.
const HeaderSignature = "X-Forecourt-Signature"

// Sign returns the signature header's value for body at t.
func Sign(secret string, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	return "t=" + ts + ",v1=" + mac(secret, ts, body)
}

func mac(secret, ts string, body []byte) string {
	h := hmac.New(sha256.New, []byte(secret))
	h.Write([]byte(ts))
	h.Write([]byte("."))
	h.Write(body)
	return hex.EncodeToString(h.Sum(nil))
}

// Verification errors.
var (
	ErrMalformed    = errors.New("webhook: malformed signature header")
	ErrBadSignature = errors.New("webhook: signature does not match")
	ErrStale        = errors.New("webhook: signature timestamp outside the tolerance")
)

// Verify checks a signature header against body, as a receiver does: one of
// its v1 values must be the HMAC of "t.body", and t within tolerance of now
// (replay protection).
func Verify(secret, header string, body []byte, now time.Time, tolerance time.Duration) error {
	var ts string
	var sigs []string
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			return ErrMalformed
		}
		switch k {
		case "t":
			ts = v
		case "v1":
			sigs = append(sigs, v)
		}
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || len(sigs) == 0 {
		return ErrMalformed
	}
	if d := now.Sub(time.Unix(sec, 0)); d > tolerance || d < -tolerance {
		return ErrStale
	}
	want := mac(secret, ts, body)
	for _, s := range sigs {
		if hmac.Equal([]byte(s), []byte(want)) {
			return nil
		}
	}
	return ErrBadSignature
}

// Error is a refused or failed post: Code is what a lead's
// webhook_last_error records ("webhook status 503", "webhook timeout",
// "webhook error"), never the receiver's text or URL.
type Error struct {
	Code string
	Err  error
}

func (e *Error) Error() string { return e.Code }
func (e *Error) Unwrap() error { return e.Err }

// Client posts signed webhooks.
type Client struct {
	HTTP *http.Client
	// Now is the signing clock; nil means time.Now.
	Now func() time.Time
}

// DefaultTimeout bounds one post.
const DefaultTimeout = 10 * time.Second

// Post sends body to url signed with secret, with extra headers. Any 2xx
// answer is a delivery; anything else, or no answer, is an *Error.
func (c *Client) Post(ctx context.Context, url, secret string, body []byte, headers map[string]string) error {
	now := time.Now
	if c.Now != nil {
		now = c.Now
	}
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: DefaultTimeout}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return &Error{Code: "webhook bad url", Err: err}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Forecourt-Webhook/1")
	req.Header.Set(HeaderSignature, Sign(secret, now(), body))
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := hc.Do(req)
	if err != nil {
		code := "webhook error"
		if errors.Is(err, context.DeadlineExceeded) || isTimeout(err) {
			code = "webhook timeout"
		}
		return &Error{Code: code, Err: err}
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return &Error{Code: fmt.Sprintf("webhook status %d", resp.StatusCode)}
	}
	return nil
}

func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}

// CodeOnly is the code to record (delivery's webhook_last_error).
func (e *Error) CodeOnly() string { return e.Code }
