package delivery

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/guregu/dynamo/v2"

	"forecourt/shared"
)

// Delivery states of a lead (docs/contracts.md "Leads").
const (
	StatusPending   = "pending"
	StatusSending   = "sending"
	StatusDelivered = "delivered"
	StatusFailed    = "failed"
)

// KindLead is the kind of a lead item; other kinds share the table.
const KindLead = "lead"

// ErrNotFound is Get's answer for an id the table does not hold.
var ErrNotFound = errors.New("delivery: lead not found")

// ErrClaimLost is a conditional update that found the claim no longer held.
var ErrClaimLost = errors.New("delivery: claim lost")

// Channel is a way a lead leaves: the ADF e-mail, or the dealership's CRM
// webhook. Each has its own delivery record on the lead, so one failing
// never holds back or repeats the other.
type Channel string

const (
	Email   Channel = "email"
	Webhook Channel = "webhook"
)

// attrs are a channel's attribute names on the lead item (docs/contracts.md
// "Leads", "Lead webhook").
type attrs struct{ status, attempts, lastError, deliveredAt, claimUntil string }

func (c Channel) attrs() attrs {
	if c == Webhook {
		return attrs{"webhook_status", "webhook_attempts", "webhook_last_error", "webhook_delivered_at", "webhook_claim_until"}
	}
	return attrs{"delivery_status", "attempts", "last_error", "delivered_at", "claim_until"}
}

// ChannelState is one channel's delivery record on a lead.
type ChannelState struct {
	// Status is "" for a webhook never tried (none configured, or not yet).
	Status     string
	Attempts   int
	LastError  string
	ClaimUntil time.Time
}

// Item is a stored lead as delivery reads it.
type Item struct {
	ID             string
	Kind           string
	Site           string
	DealershipSlug string
	CreatedAt      time.Time
	Lead           shared.Lead
	Car            *shared.Car
	Ready          bool
	Status         string
	Attempts       int
	LastError      string
	// ClaimUntil is when a "sending" claim expires or, on a "pending" lead
	// after a failed attempt, when the next attempt is due (its backoff).
	ClaimUntil time.Time
	// Webhook is the CRM webhook's record; Status, Attempts, LastError and
	// ClaimUntil above are the e-mail's.
	Webhook ChannelState
}

// State is the channel's delivery record.
func (it Item) State(c Channel) ChannelState {
	if c == Webhook {
		return it.Webhook
	}
	return ChannelState{Status: it.Status, Attempts: it.Attempts, LastError: it.LastError, ClaimUntil: it.ClaimUntil}
}

// Store is what the deliverer needs of the leads table. Every change is a
// conditional update, so that concurrent deliverers agree on one owner.
type Store interface {
	// Get returns the item with the id, or ErrNotFound.
	Get(ctx context.Context, id string) (Item, error)
	// Claim takes the lead's channel for sending until `until` when it is a
	// ready lead whose channel is pending (or sending with an expired claim;
	// for the webhook also never tried) and due at now, and returns it as
	// claimed. It reports false when another deliverer holds it, it is
	// done, or it is not due.
	Claim(ctx context.Context, ch Channel, id string, now, until time.Time) (Item, bool, error)
	// MarkDelivered records the channel's delivery if the claim ending
	// `until` is still held; otherwise ErrClaimLost.
	MarkDelivered(ctx context.Context, ch Channel, id string, until, at time.Time) error
	// Release records a failed attempt on the claim ending `until`: it
	// adds one to the channel's attempts, sets its last error, and sets its
	// status (pending or failed) with the next attempt due at `due`.
	Release(ctx context.Context, ch Channel, id string, until time.Time, status, lastError string, due time.Time) error
	// Redrive sets the failed channels of leads (of one dealership when
	// slug is set) back to pending with their attempts reset, and returns
	// how many leads it changed.
	Redrive(ctx context.Context, dealershipSlug string) (int, error)
}

// DynamoStore is Store over the leads table (docs/contracts.md "DynamoDB
// tables": pk id, stream NEW_AND_OLD_IMAGES).
type DynamoStore struct {
	table dynamo.Table
}

// NewDynamoStore returns the store of the named leads table.
func NewDynamoStore(db *dynamo.DB, table string) *DynamoStore {
	return &DynamoStore{table: db.Table(table)}
}

// record is the item's attributes delivery reads and writes.
type record struct {
	ID             string `dynamo:"id"`
	Kind           string `dynamo:"kind"`
	Site           string `dynamo:"site"`
	DealershipSlug string `dynamo:"dealership_slug"`
	CreatedAt      string `dynamo:"created_at"`
	Lead           string `dynamo:"lead"`
	Car            string `dynamo:"car"`
	Ready          bool   `dynamo:"ready"`
	Status         string `dynamo:"delivery_status"`
	Attempts       int    `dynamo:"attempts"`
	LastError      string `dynamo:"last_error"`
	ClaimUntil     int64  `dynamo:"claim_until"`

	WebhookStatus     string `dynamo:"webhook_status"`
	WebhookAttempts   int    `dynamo:"webhook_attempts"`
	WebhookLastError  string `dynamo:"webhook_last_error"`
	WebhookClaimUntil int64  `dynamo:"webhook_claim_until"`
}

func (s *DynamoStore) Get(ctx context.Context, id string) (Item, error) {
	var r record
	err := s.table.Get("id", id).Consistent(true).One(ctx, &r)
	if errors.Is(err, dynamo.ErrNotFound) {
		return Item{}, ErrNotFound
	}
	if err != nil {
		return Item{}, fmt.Errorf("get lead %s: %w", id, err)
	}
	return r.item()
}

// item decodes the record; the lead and car only of a lead.
func (r record) item() (Item, error) {
	id := r.ID
	it := Item{
		ID: r.ID, Kind: r.Kind, Site: r.Site, DealershipSlug: r.DealershipSlug,
		Ready: r.Ready, Status: r.Status, Attempts: r.Attempts, LastError: r.LastError,
	}
	if r.ClaimUntil != 0 {
		it.ClaimUntil = time.Unix(r.ClaimUntil, 0)
	}
	it.Webhook = ChannelState{Status: r.WebhookStatus, Attempts: r.WebhookAttempts, LastError: r.WebhookLastError}
	if r.WebhookClaimUntil != 0 {
		it.Webhook.ClaimUntil = time.Unix(r.WebhookClaimUntil, 0)
	}
	if r.Kind != KindLead {
		return it, nil
	}
	if r.CreatedAt != "" {
		var err error
		if it.CreatedAt, err = time.Parse(time.RFC3339, r.CreatedAt); err != nil {
			return Item{}, fmt.Errorf("lead %s: created_at: %w", id, err)
		}
	}
	if err := json.Unmarshal([]byte(r.Lead), &it.Lead); err != nil {
		return Item{}, fmt.Errorf("lead %s: decode lead: %w", id, err)
	}
	if r.Car != "" {
		it.Car = new(shared.Car)
		if err := json.Unmarshal([]byte(r.Car), it.Car); err != nil {
			return Item{}, fmt.Errorf("lead %s: decode car: %w", id, err)
		}
	}
	return it, nil
}

func (s *DynamoStore) Claim(ctx context.Context, ch Channel, id string, now, until time.Time) (Item, bool, error) {
	a := ch.attrs()
	open := "($s = ? OR $s = ?)"
	if ch == Webhook {
		open = "(attribute_not_exists($s) OR $s = ? OR $s = ?)"
	}
	var r record
	err := s.table.Update("id", id).
		Set(a.status, StatusSending).
		Set(a.claimUntil, until.Unix()).
		If("kind = ? AND ready = ?", KindLead, true).
		If(expandNames(open, a.status), StatusPending, StatusSending).
		If("(attribute_not_exists($) OR $ <= ?)", a.claimUntil, a.claimUntil, now.Unix()).
		Value(ctx, &r)
	if dynamo.IsCondCheckFailed(err) {
		return Item{}, false, nil
	}
	if err != nil {
		return Item{}, false, fmt.Errorf("claim lead %s (%s): %w", id, ch, err)
	}
	it, err := r.item()
	if err != nil {
		return Item{}, false, err
	}
	return it, true, nil
}

// expandNames puts the attribute name in place of every $s, as a literal
// name (the channels' names need no placeholder: none is reserved).
func expandNames(expr, name string) string { return strings.ReplaceAll(expr, "$s", name) }

func (s *DynamoStore) MarkDelivered(ctx context.Context, ch Channel, id string, until, at time.Time) error {
	a := ch.attrs()
	err := s.table.Update("id", id).
		Set(a.status, StatusDelivered).
		Set(a.deliveredAt, at.UTC().Format(time.RFC3339)).
		Remove(a.claimUntil).
		If("$ = ? AND $ = ?", a.status, StatusSending, a.claimUntil, until.Unix()).
		Run(ctx)
	if dynamo.IsCondCheckFailed(err) {
		return ErrClaimLost
	}
	if err != nil {
		return fmt.Errorf("mark lead %s delivered (%s): %w", id, ch, err)
	}
	return nil
}

func (s *DynamoStore) Release(ctx context.Context, ch Channel, id string, until time.Time, status, lastError string, due time.Time) error {
	a := ch.attrs()
	err := s.table.Update("id", id).
		Set(a.status, status).
		Set(a.lastError, lastError).
		Set(a.claimUntil, due.Unix()).
		Add(a.attempts, 1).
		If("$ = ? AND $ = ?", a.status, StatusSending, a.claimUntil, until.Unix()).
		Run(ctx)
	if dynamo.IsCondCheckFailed(err) {
		return ErrClaimLost
	}
	if err != nil {
		return fmt.Errorf("release lead %s (%s): %w", id, ch, err)
	}
	return nil
}

// Redrive scans the whole table (failed leads are rare and redrive is an
// operator's command, so a scan's cost, one read unit per 4 KB of the
// table, is accepted over a status index that every write would pay for).
// Each failed channel (e-mail, webhook) goes back to pending on its own.
func (s *DynamoStore) Redrive(ctx context.Context, dealershipSlug string) (int, error) {
	scan := s.table.Scan().
		Filter("kind = ? AND (delivery_status = ? OR webhook_status = ?)", KindLead, StatusFailed, StatusFailed).
		Project("id")
	if dealershipSlug != "" {
		scan = scan.Filter("dealership_slug = ?", dealershipSlug)
	}
	var ids []struct {
		ID string `dynamo:"id"`
	}
	if err := scan.All(ctx, &ids); err != nil {
		return 0, fmt.Errorf("scan failed leads: %w", err)
	}
	n := 0
	for _, r := range ids {
		changed := false
		for _, ch := range []Channel{Email, Webhook} {
			a := ch.attrs()
			// The update is a MODIFY on the stream: the deliverer sees a
			// pending lead again.
			err := s.table.Update("id", r.ID).
				Set(a.status, StatusPending).
				Set(a.attempts, 0).
				Remove(a.claimUntil).
				If("$ = ?", a.status, StatusFailed).
				Run(ctx)
			if dynamo.IsCondCheckFailed(err) {
				continue
			}
			if err != nil {
				return n, fmt.Errorf("redrive lead %s (%s): %w", r.ID, ch, err)
			}
			changed = true
		}
		if changed {
			n++
		}
	}
	return n, nil
}
