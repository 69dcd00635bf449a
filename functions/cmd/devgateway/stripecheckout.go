package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/stripe/stripe-go/v84"
	"github.com/stripe/stripe-go/v84/webhook"

	"forecourt/functions/reserve"
	"forecourt/shared"
)

// checkoutStandInPath is where the dev gateway serves its stand-in of
// Stripe's hosted checkout page (issue 13). Nothing offline can reach
// Stripe's pages, so the session URL handed to the browser points here;
// it exists only in the dev gateway.
const checkoutStandInPath = "/_local/stripe-checkout/"

// checkoutStandIn takes deposits through stripe-mock, as production takes
// them through Stripe, but hands out its own checkout page's URL, whose Pay
// button sends the webhook Stripe would send, signed with the webhook
// secret the API verifies.
type checkoutStandIn struct {
	stripe        *reserve.Stripe
	webhookSecret string
	// webhookURL is the gateway's own /api/stripe/webhook.
	webhookURL string
	client     *http.Client

	mu       sync.Mutex
	sessions map[string]standInSession // by reservation id
}

type standInSession struct {
	reserve.CheckoutRequest
	SessionID string
}

func newCheckoutStandIn(sc stripeStandInConfig) *checkoutStandIn {
	return &checkoutStandIn{stripe: reserve.NewStripe(sc.SecretKey, sc.APIBase), webhookSecret: sc.WebhookSecret,
		webhookURL: sc.WebhookURL, client: &http.Client{Timeout: 10 * time.Second}, sessions: map[string]standInSession{}}
}

type stripeStandInConfig struct {
	SecretKey, WebhookSecret, APIBase, WebhookURL string
}

// CreateCheckout creates the session in stripe-mock and answers the stand-in
// page's URL on the site's own origin.
func (c *checkoutStandIn) CreateCheckout(ctx context.Context, req reserve.CheckoutRequest) (reserve.Checkout, error) {
	co, err := c.stripe.CreateCheckout(ctx, req)
	if err != nil {
		return co, err
	}
	c.mu.Lock()
	c.sessions[req.ReservationID] = standInSession{CheckoutRequest: req, SessionID: co.SessionID}
	c.mu.Unlock()
	origin := req.SuccessURL
	if u, err := url.Parse(req.SuccessURL); err == nil {
		origin = u.Scheme + "://" + u.Host
	}
	co.URL = origin + checkoutStandInPath + url.PathEscape(req.ReservationID)
	return co, nil
}

func (c *checkoutStandIn) Refund(ctx context.Context, paymentIntentID, reservationID string) error {
	return c.stripe.Refund(ctx, paymentIntentID, reservationID)
}

var standInPage = template.Must(template.New("checkout").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local stand-in for Stripe Checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#111827}
.banner{background:#fef3c7;border:2px solid #b45309;padding:.75rem;border-radius:.5rem}
.amount{font-size:2rem;font-weight:700}button{font-size:1.1rem;padding:.7rem 1.4rem;background:#4f46e5;color:#fff;border:0;border-radius:.4rem;cursor:pointer}
a{color:#1d4ed8}</style></head>
<body><p class="banner" role="note"><strong>Local stand-in for Stripe's hosted checkout.</strong>
This page exists only in the dev gateway; no card is charged. Pay sends the signed
<code>checkout.session.completed</code> webhook Stripe would send.</p>
<h1>{{.Description}}</h1>
<p class="amount">{{.Amount}}</p>
<form method="post"><button type="submit">Pay {{.Amount}}</button></form>
<p><a href="{{.CancelURL}}">Cancel and go back</a></p>
</body></html>`))

// ServeHTTP serves the stand-in page (GET) and its Pay button (POST).
func (c *checkoutStandIn) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := strings.TrimPrefix(r.URL.Path, checkoutStandInPath)
	c.mu.Lock()
	sess, ok := c.sessions[id]
	c.mu.Unlock()
	if !ok {
		http.Error(w, "no local checkout session for this reservation (the dev gateway restarted?)", http.StatusNotFound)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_ = standInPage.Execute(w, map[string]string{
			"Description": sess.Description, "Amount": shared.FormatPrice(float64(sess.AmountCents) / 100), "CancelURL": sess.CancelURL,
		})
	case http.MethodPost:
		if err := c.sendCompleted(r.Context(), sess); err != nil {
			http.Error(w, "the webhook failed: "+err.Error(), http.StatusBadGateway)
			return
		}
		http.Redirect(w, r, sess.SuccessURL, http.StatusSeeOther)
	default:
		w.Header().Set("Allow", "GET, HEAD, POST")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	}
}

// sendCompleted posts checkout.session.completed to the webhook, signed
// with the webhook secret as Stripe signs it.
func (c *checkoutStandIn) sendCompleted(ctx context.Context, sess standInSession) error {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	suffix := hex.EncodeToString(b)
	meta := map[string]string{reserve.MetadataReservationID: sess.ReservationID}
	payload, err := json.Marshal(map[string]any{
		"id": "evt_local_" + suffix, "object": "event", "type": "checkout.session.completed",
		"api_version": stripe.APIVersion, "created": time.Now().Unix(),
		"data": map[string]any{"object": map[string]any{
			"id": sess.SessionID, "object": "checkout.session", "payment_status": "paid", "status": "complete",
			"amount_total": sess.AmountCents, "currency": sess.Currency,
			"payment_intent": "pi_local_" + suffix, "metadata": meta,
		}},
	})
	if err != nil {
		return err
	}
	now := time.Now()
	sig := fmt.Sprintf("t=%d,v1=%s", now.Unix(), hex.EncodeToString(webhook.ComputeSignature(now, payload, c.webhookSecret)))
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.webhookURL, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Stripe-Signature", sig)
	resp, err := c.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return fmt.Errorf("webhook answered %d: %s", resp.StatusCode, body)
	}
	return nil
}
