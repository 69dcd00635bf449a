package delivery

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"forecourt/shared"
)

// WebhookPoster posts a signed JSON body (webhook.Client).
type WebhookPoster interface {
	Post(ctx context.Context, url, secret string, body []byte, headers map[string]string) error
}

// SecretSource returns a named secret (secrets.Env, secrets.Manager).
type SecretSource interface {
	Secret(ctx context.Context, name string) (string, error)
}

// Errors recorded in webhook_last_error that are not a post's.
const (
	ErrCodeNoSecret      = "webhook secret unavailable"
	ErrCodeNoWebhookPost = "webhook not configured"
)

// WebhookLead is the JSON body of a lead webhook (docs/contracts.md "Lead
// webhook"): the lead as stored, with the car it was about.
type WebhookLead struct {
	LeadID         string      `json:"lead_id"`
	Site           string      `json:"site"`
	DealershipSlug string      `json:"dealership_slug"`
	CreatedAt      time.Time   `json:"created_at"`
	Lead           shared.Lead `json:"lead"`
	Car            *shared.Car `json:"car,omitempty"`
}

// webhookOf returns the webhook of the lead's dealership, if it has one.
func webhookOf(site shared.Site, it Item) (*shared.DealershipWebhook, bool) {
	slug := it.DealershipSlug
	if slug == "" {
		slug = it.Lead.DealershipSlug
	}
	dealer, ok := site.Dealership(slug)
	if !ok || dealer.Webhook == nil {
		return nil, false
	}
	return dealer.Webhook, true
}

// deliverWebhook is Deliver's webhook channel: when the lead's dealership
// names a webhook, it claims the channel, posts the signed lead, and marks
// it delivered, exactly as the e-mail channel does. Receivers dedupe by
// the Idempotency-Key header (one per lead), as the e-mail's Message-ID.
func (d *Deliverer) deliverWebhook(ctx context.Context, it Item) (Result, error) {
	if st := it.Webhook.Status; st == StatusDelivered || st == StatusFailed {
		return Skipped, nil
	}
	site, err := d.Sites.FindSite(ctx, it.Site)
	if err != nil {
		if shared.ErrorCode(err) == shared.ENOTFOUND {
			return Skipped, nil // the e-mail channel records "site not found"
		}
		return "", fmt.Errorf("lead %s webhook: find site: %w", it.ID, err)
	}
	hook, ok := webhookOf(site, it)
	if !ok {
		return Skipped, nil
	}
	now := d.now()
	until := now.Add(DefaultClaim).Truncate(time.Second)
	it, ok, err = d.Store.Claim(ctx, Webhook, it.ID, now, until)
	if err != nil {
		return "", err
	}
	if !ok {
		return Busy, nil
	}
	if d.Webhooks == nil || d.Secrets == nil {
		if err := d.Store.Release(ctx, Webhook, it.ID, until, StatusFailed, ErrCodeNoWebhookPost, d.now()); err != nil {
			return "", err
		}
		logFailed(ctx, Webhook, it.ID, ErrCodeNoWebhookPost)
		return FailedLead, nil
	}
	secret, err := d.Secrets.Secret(ctx, hook.SecretName)
	if err != nil {
		return d.failed(ctx, Webhook, it, until, ErrCodeNoSecret)
	}
	body, err := json.Marshal(WebhookLead{
		LeadID: it.ID, Site: it.Site, DealershipSlug: it.DealershipSlug,
		CreatedAt: it.CreatedAt, Lead: it.Lead, Car: it.Car,
	})
	if err != nil {
		return "", fmt.Errorf("lead %s webhook body: %w", it.ID, err)
	}
	headers := map[string]string{"Idempotency-Key": "lead-" + it.ID, "X-Forecourt-Lead": it.ID}
	if err := d.Webhooks.Post(ctx, hook.URL, secret, body, headers); err != nil {
		return d.failed(ctx, Webhook, it, until, webhookCode(err))
	}
	if err := d.Store.MarkDelivered(ctx, Webhook, it.ID, until, d.now()); err != nil {
		return Sent, fmt.Errorf("lead %s posted: %w", it.ID, err)
	}
	return Sent, nil
}

// webhookCode is what webhook_last_error records: the poster's code
// (webhook.Error's), never a URL or a receiver's text.
func webhookCode(err error) string {
	var coded interface {
		error
		CodeOnly() string
	}
	if errors.As(err, &coded) {
		return coded.CodeOnly()
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return "webhook timeout"
	}
	return "webhook error"
}
