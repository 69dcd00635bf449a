package delivery_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"forecourt/functions/delivery"
	fdynamo "forecourt/functions/dynamo"
	"forecourt/functions/mail"
	"forecourt/functions/secrets"
	"forecourt/functions/webhook"
	"forecourt/shared"
)

// recordingSender counts e-mails by Message-ID.
type recordingSender struct {
	mu   sync.Mutex
	sent map[string]int
}

func (r *recordingSender) Send(_ context.Context, m mail.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sent == nil {
		r.sent = map[string]int{}
	}
	r.sent[m.MessageID]++
	return nil
}

// crm is a dealer's CRM endpoint: it verifies each post's signature, and
// answers 503 to the first `fail` posts.
type crm struct {
	mu       sync.Mutex
	fail     int
	received map[string]int // lead id → verified posts
	bad      []error
	last     delivery.WebhookLead
}

const crmSecret = "whsec-test"

func (c *crm) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := webhook.Verify(crmSecret, r.Header.Get(webhook.HeaderSignature), body, time.Now(), 5*time.Minute); err != nil {
		c.bad = append(c.bad, err)
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	if c.fail > 0 {
		c.fail--
		http.Error(w, "busy", http.StatusServiceUnavailable)
		return
	}
	var l delivery.WebhookLead
	if err := json.Unmarshal(body, &l); err != nil || r.Header.Get("Idempotency-Key") != "lead-"+l.LeadID {
		c.bad = append(c.bad, errors.New("body or idempotency key"))
	}
	if c.received == nil {
		c.received = map[string]int{}
	}
	c.received[l.LeadID]++
	c.last = l
}

func (c *crm) posts(id string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.received[id]
}

// webhookEnv is a leads table, a recording mail sender and a CRM that the
// demo dealership's webhook points at.
func webhookEnv(t *testing.T, c *crm) (env, *delivery.Deliverer, *recordingSender) {
	t.Helper()
	db, table := leadsTable(t)
	e := env{db: db, table: table, store: fdynamo.NewLeadDeliveryStore(db, table)}
	srv := httptest.NewServer(c)
	t.Cleanup(srv.Close)
	site := demoSite()
	site.Dealerships[0].Webhook = &shared.DealershipWebhook{URL: srv.URL + "/leads", SecretName: "forecourt/webhook/demo-motors"}
	sender := &recordingSender{}
	env := map[string]string{secrets.EnvName("forecourt/webhook/demo-motors"): crmSecret}
	d := &delivery.Deliverer{
		Store: e.store, Sites: sites{"demo": site}, Sender: sender,
		Webhooks: &webhook.Client{}, Secrets: secrets.Env{Getenv: func(k string) string { return env[k] }},
		Backoff: func(int) time.Duration { return 0 },
	}
	return e, d, sender
}

// Issue 9: a dealership's CRM webhook gets each lead once, as JSON signed
// with X-Forecourt-Signature (t=<unix>,v1=HMAC-SHA256(secret, "t.body")),
// recorded on the lead like the e-mail; a redelivered record posts nothing.
func TestWebhookSignedOnce(t *testing.T) {
	c := &crm{}
	e, d, sender := webhookEnv(t, c)
	ctx := context.Background()
	lead, car := enquiry()
	id := e.put(t, true, lead, car)
	for i, want := range []delivery.Result{delivery.Sent, delivery.Skipped} {
		if res, err := d.Deliver(ctx, id); err != nil || res != want {
			t.Fatalf("Deliver #%d = %q, %v; want %q", i+1, res, err, want)
		}
	}
	if n := c.posts(id); n != 1 || len(c.bad) != 0 {
		t.Fatalf("CRM got %d verified posts (refused: %v), want 1", n, c.bad)
	}
	if c.last.Lead.FirstName != "Ada" || c.last.Car == nil || c.last.Car.StockNum != "STK-4242" || c.last.DealershipSlug != "demo-motors" {
		t.Errorf("CRM got %+v, want the lead with its car", c.last)
	}
	if n := sender.sent[delivery.MessageID(id)]; n != 1 {
		t.Errorf("%d e-mails, want 1 beside the webhook", n)
	}
	it := e.item(t, id)
	if it.Webhook.Status != delivery.StatusDelivered || it.Status != delivery.StatusDelivered {
		t.Errorf("webhook %q, e-mail %q; want both delivered", it.Webhook.Status, it.Status)
	}
	var raw map[string]any
	_ = e.db.Table(e.table).Get("id", id).One(ctx, &raw)
	if raw["webhook_delivered_at"] == nil {
		t.Errorf("no webhook_delivered_at on the lead: %v", raw)
	}
}

// A CRM that refuses a post is retried with backoff, its code recorded
// (never its text); after the last attempt the webhook is failed and
// redrive sends it again, without a second e-mail.
func TestWebhookRetriesFailsAndRedrives(t *testing.T) {
	c := &crm{fail: 2}
	e, d, sender := webhookEnv(t, c)
	ctx := context.Background()
	lead, car := enquiry()
	id := e.put(t, true, lead, car)
	if res, err := d.DeliverWithRetry(ctx, id); err != nil || res != delivery.Sent {
		t.Fatalf("DeliverWithRetry = %q, %v; want sent", res, err)
	}
	it := e.item(t, id)
	if it.Webhook.Status != delivery.StatusDelivered || it.Webhook.Attempts != 2 || it.Webhook.LastError != "webhook status 503" {
		t.Errorf("webhook record %+v, want delivered after 2 failed attempts (webhook status 503)", it.Webhook)
	}
	if c.posts(id) != 1 || sender.sent[delivery.MessageID(id)] != 1 {
		t.Errorf("posts %d, e-mails %d; want 1 each", c.posts(id), sender.sent[delivery.MessageID(id)])
	}

	c.fail = 100
	d.MaxAttempts = 3
	id2 := e.put(t, true, lead, car)
	if _, err := d.DeliverWithRetry(ctx, id2); err != nil {
		t.Fatalf("DeliverWithRetry: %v", err)
	}
	if it := e.item(t, id2); it.Webhook.Status != delivery.StatusFailed || it.Webhook.Attempts != 3 || it.Status != delivery.StatusDelivered {
		t.Fatalf("after the limit: webhook %+v, e-mail %q; want the webhook failed, the e-mail delivered", it.Webhook, it.Status)
	}
	c.mu.Lock()
	c.fail = 0
	c.mu.Unlock()
	if n, err := e.store.Redrive(ctx, ""); err != nil || n != 1 {
		t.Fatalf("Redrive = %d, %v; want 1", n, err)
	}
	if res, err := d.DeliverWithRetry(ctx, id2); err != nil || res != delivery.Sent {
		t.Fatalf("after redrive = %q, %v", res, err)
	}
	if c.posts(id2) != 1 || sender.sent[delivery.MessageID(id2)] != 1 {
		t.Errorf("after redrive: posts %d, e-mails %d; want 1 each", c.posts(id2), sender.sent[delivery.MessageID(id2)])
	}
}

// A receiver refuses a body changed after signing, a wrong secret and a
// stale timestamp.
func TestWebhookVerify(t *testing.T) {
	now := time.Unix(1_780_000_000, 0)
	body := []byte(`{"lead_id":"x"}`)
	sig := webhook.Sign("s3cret", now, body)
	for _, tt := range []struct {
		name, secret, header string
		body                 []byte
		at                   time.Time
		want                 error
	}{
		{"valid", "s3cret", sig, body, now, nil},
		{"tampered body", "s3cret", sig, []byte(`{"lead_id":"y"}`), now, webhook.ErrBadSignature},
		{"wrong secret", "other", sig, body, now, webhook.ErrBadSignature},
		{"stale", "s3cret", sig, body, now.Add(10 * time.Minute), webhook.ErrStale},
		{"malformed", "s3cret", "v1=abc", body, now, webhook.ErrMalformed},
	} {
		if err := webhook.Verify(tt.secret, tt.header, tt.body, tt.at, 5*time.Minute); !errors.Is(err, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.name, err, tt.want)
		}
	}
}
