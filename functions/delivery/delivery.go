// Package delivery e-mails stored leads to their dealerships as ADF XML,
// exactly once: from the leads table's stream in AWS (HandleStream) and
// from DynamoDB Local's stream locally (Poll), through the same Deliver
// (docs/contracts.md "Leads", "Delivery").
//
// Leads carry shoppers' details: nothing here logs a lead field or an
// address, and last_error holds a code, never a provider's text.
package delivery

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"forecourt/functions/adf"
	"forecourt/functions/contract"
	"forecourt/shared"
)

// Defaults of a Deliverer's zero fields.
const (
	DefaultMaxAttempts = 5
	// DefaultClaim is how long a claim holds: a deliverer that crashes
	// mid-send leaves the lead to another after it.
	DefaultClaim = 2 * time.Minute
)

// Errors recorded in last_error that are not a send's.
const (
	ErrCodeNoAddress = "no lead address"
	ErrCodeNoSite    = "site not found"
)

// Deliverer sends leads.
type Deliverer struct {
	Store  Store
	Sites  shared.SiteStore
	Sender shared.MailSender
	// Webhooks posts leads to dealers' CRMs and Secrets gives their signing
	// secrets; a site naming a webhook needs both (else the webhook is
	// recorded failed, "webhook not configured").
	Webhooks WebhookPoster
	Secrets  SecretSource
	// MaxAttempts is the number of sends before a lead is marked failed;
	// 0 means DefaultMaxAttempts.
	MaxAttempts int
	// Backoff is the wait before the attempt after `attempts` failures;
	// nil means 2^(attempts-1) seconds, capped at a minute.
	Backoff func(attempts int) time.Duration
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// RetryError is a failed attempt that will be retried: the lead is pending
// again, due at After. The caller retries then (HandleStream and Poll do).
type RetryError struct {
	ID       string
	Attempts int
	Code     string
	After    time.Time
}

func (e *RetryError) Error() string {
	return fmt.Sprintf("deliver lead %s: attempt %d failed (%s), retry at %s", e.ID, e.Attempts, e.Code, e.After.UTC().Format(time.RFC3339))
}

// Result says what Deliver did.
type Result string

const (
	Sent       Result = "sent"
	Skipped    Result = "skipped" // not a lead, not ready, or already delivered or failed
	Busy       Result = "busy"    // another deliverer holds it, or its retry is not due
	FailedLead Result = "failed"  // marked failed now
)

func (d *Deliverer) now() time.Time {
	if d.Now != nil {
		return d.Now()
	}
	return time.Now()
}

func (d *Deliverer) backoff(attempts int) time.Duration {
	if d.Backoff != nil {
		return d.Backoff(attempts)
	}
	if attempts > 7 {
		return time.Minute
	}
	return min(time.Duration(1<<max(attempts-1, 0))*time.Second, time.Minute)
}

// Deliver sends the lead with the id when it is a ready lead: by e-mail
// unless that is delivered or failed, and to the dealership's CRM webhook
// when the site configures one and it is not delivered or failed. Each
// channel is recorded on the lead on its own (claim, send, mark delivered),
// so a redelivered stream record, or a second deliverer, sends nothing
// twice. A failed send returns a *RetryError until the channel's last
// attempt marks it failed. The Result is the e-mail's, or the webhook's
// when the e-mail had nothing to do.
func (d *Deliverer) Deliver(ctx context.Context, id string) (Result, error) {
	it, err := d.Store.Get(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return Skipped, nil
	}
	if err != nil {
		return "", err
	}
	if it.Kind != KindLead || !it.Ready {
		return Skipped, nil
	}
	mailRes, mailErr := d.deliverEmail(ctx, it)
	var retry *RetryError
	if mailErr != nil && !errors.As(mailErr, &retry) {
		return mailRes, mailErr
	}
	hookRes, hookErr := d.deliverWebhook(ctx, it)
	res := mailRes
	if res == Skipped {
		res = hookRes
	}
	var hookRetry *RetryError
	switch {
	case hookErr != nil && !errors.As(hookErr, &hookRetry):
		return res, hookErr
	case retry != nil && hookRetry != nil && hookRetry.After.Before(retry.After):
		return res, hookRetry
	case retry != nil:
		return res, retry
	case hookRetry != nil:
		if res == Sent || res == FailedLead {
			// The e-mail is done; the webhook's retry is what is left.
			return Busy, hookRetry
		}
		return res, hookRetry
	}
	return res, nil
}

// deliverEmail is Deliver's e-mail channel.
func (d *Deliverer) deliverEmail(ctx context.Context, it Item) (Result, error) {
	if it.Status == StatusDelivered || it.Status == StatusFailed {
		return Skipped, nil
	}
	id := it.ID
	now := d.now()
	until := now.Add(DefaultClaim).Truncate(time.Second)
	it, ok, err := d.Store.Claim(ctx, Email, id, now, until)
	if err != nil {
		return "", err
	}
	if !ok {
		return Busy, nil
	}
	// it is the item as claimed: its attempts are current.
	msg, code := d.message(ctx, it)
	if code != "" {
		if err := d.Store.Release(ctx, Email, id, until, StatusFailed, code, d.now()); err != nil {
			return "", err
		}
		logFailed(ctx, Email, id, code)
		return FailedLead, nil
	}
	if err := d.Sender.Send(ctx, msg); err != nil {
		return d.failed(ctx, Email, it, until, errorCode(err))
	}
	if err := d.Store.MarkDelivered(ctx, Email, id, until, d.now()); err != nil {
		// Sent, but the claim expired and another deliverer may send it
		// again: the same Message-ID lets the dealer's inbox see that.
		return Sent, fmt.Errorf("lead %s sent: %w", id, err)
	}
	return Sent, nil
}

func (d *Deliverer) failed(ctx context.Context, ch Channel, it Item, until time.Time, code string) (Result, error) {
	maxAttempts := d.MaxAttempts
	if maxAttempts <= 0 {
		maxAttempts = DefaultMaxAttempts
	}
	attempts := it.State(ch).Attempts + 1
	now := d.now()
	if attempts >= maxAttempts {
		if err := d.Store.Release(ctx, ch, it.ID, until, StatusFailed, code, now); err != nil {
			return "", err
		}
		logFailed(ctx, ch, it.ID, code)
		return FailedLead, nil
	}
	due := now.Add(d.backoff(attempts))
	if err := d.Store.Release(ctx, ch, it.ID, until, StatusPending, code, due); err != nil {
		return "", err
	}
	return Busy, &RetryError{ID: it.ID, Attempts: attempts, Code: code, After: due}
}

// MsgDeliveryFailed is the log line of a lead given up on; the CDK's
// failed-deliveries metric filter matches it (issue 15), and the runbook
// (docs/operations.md) starts from it.
const MsgDeliveryFailed = contract.MsgDeliveryFailed

// logFailed logs a lead marked failed: its id, channel and error code,
// never its fields.
func logFailed(ctx context.Context, ch Channel, id, code string) {
	slog.ErrorContext(ctx, MsgDeliveryFailed, "lead", id, "channel", string(ch), "code", code)
}

// errorCode is what last_error records of a send error: the provider's code,
// never its text, which can name an address.
func errorCode(err error) string {
	var me *shared.MailError
	if errors.As(err, &me) {
		code := me.Op
		if me.Code != "" {
			code += " " + me.Code
		}
		return code
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return "timeout"
	}
	return "send error"
}

// DeliverWithRetry calls Deliver until it no longer asks for a retry,
// waiting for each retry's backoff, or until ctx ends.
func (d *Deliverer) DeliverWithRetry(ctx context.Context, id string) (Result, error) {
	for {
		res, err := d.Deliver(ctx, id)
		var retry *RetryError
		if !errors.As(err, &retry) {
			return res, err
		}
		t := time.NewTimer(max(time.Until(retry.After), 0))
		select {
		case <-ctx.Done():
			t.Stop()
			return res, err
		case <-t.C:
		}
	}
}

// MessageID is the Message-ID of a lead's e-mail: one per lead, so that a
// second copy (a claim lost mid-send) is recognisably the same lead.
func MessageID(leadID string) string { return "lead-" + leadID + "@forecourt" }

// message builds the lead's e-mail, or returns the last_error code that
// means it cannot be sent.
func (d *Deliverer) message(ctx context.Context, it Item) (shared.MailMessage, string) {
	site, err := d.Sites.FindSite(ctx, it.Site)
	if err != nil {
		return shared.MailMessage{}, ErrCodeNoSite
	}
	slug := dealershipOf(it)
	dealer, _ := site.Dealership(slug)
	loc, hasLoc := leadLocation(site, slug, it.Lead.LocationID)
	to := site.Leads.Email
	if to == "" && hasLoc {
		to = loc.ContactDetail.Email
	}
	if to == "" {
		return shared.MailMessage{}, ErrCodeNoAddress
	}
	vendor := adf.Vendor{Name: dealer.Name, URL: dealer.URL}
	if vendor.Name == "" {
		vendor.Name = site.Name
	}
	if hasLoc {
		vendor.Email, vendor.Phone = loc.ContactDetail.Email, loc.ContactDetail.Phone
	}
	xml, err := adf.Marshal(adf.FromLead(it.ID, it.CreatedAt, it.Lead, it.Car, vendor))
	if err != nil {
		return shared.MailMessage{}, "adf error"
	}
	body := RenderEmail(site, it, vendor.Name)
	m := shared.MailMessage{
		To:        []string{to},
		Subject:   body.Subject,
		Text:      body.Text,
		HTML:      body.HTML,
		MessageID: MessageID(it.ID),
		Headers:   map[string]string{"X-Forecourt-Lead": it.ID},
		Attachments: []shared.MailAttachment{{
			Filename: "lead.xml", ContentType: "application/xml", Data: xml,
		}},
	}
	if it.Lead.Email != "" {
		m.ReplyTo = []string{it.Lead.Email}
	}
	return m, ""
}

// leadLocation is the location a lead goes to: its location_id when that
// is the site's, else the first visible sales location of its dealership.
func leadLocation(site shared.Site, dealership, locationID string) (shared.Location, bool) {
	if locationID != "" {
		for _, l := range site.Locations {
			if l.ID == locationID && l.ContactDetail.Email != "" {
				return l, true
			}
		}
	}
	for _, l := range site.Locations {
		sales := l.LocationType == "" || l.LocationType == shared.LocationSales
		if sales && l.IsVisible() && l.DealershipSlug == dealership && l.ContactDetail.Email != "" {
			return l, true
		}
	}
	return shared.Location{}, false
}
