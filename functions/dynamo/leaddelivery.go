package dynamo

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

// channelAttrs are a channel's attribute names on the lead item
// (docs/contracts.md "Leads", "Lead webhook").
type channelAttrs struct{ status, attempts, lastError, deliveredAt, claimUntil string }

func attrsOf(c shared.LeadChannel) channelAttrs {
	if c == shared.LeadWebhook {
		return channelAttrs{"webhook_status", "webhook_attempts", "webhook_last_error", "webhook_delivered_at", "webhook_claim_until"}
	}
	return channelAttrs{"delivery_status", "attempts", "last_error", "delivered_at", "claim_until"}
}

// LeadDeliveryStore is the deliverer's store (delivery.Store) over the
// leads table (docs/contracts.md "DynamoDB tables": pk id, stream
// NEW_AND_OLD_IMAGES), on the same item shape as LeadStore's. Every change
// is a conditional update, so that concurrent deliverers agree on one owner.
type LeadDeliveryStore struct {
	table dynamo.Table
}

// NewLeadDeliveryStore returns the delivery store of the named leads table.
func NewLeadDeliveryStore(db *dynamo.DB, table string) *LeadDeliveryStore {
	return &LeadDeliveryStore{table: db.Table(table)}
}

func (s *LeadDeliveryStore) Get(ctx context.Context, id string) (shared.DeliveryItem, error) {
	var r leadItem
	err := s.table.Get("id", id).Consistent(true).One(ctx, &r)
	if errors.Is(err, dynamo.ErrNotFound) {
		return shared.DeliveryItem{}, shared.ErrLeadNotFound
	}
	if err != nil {
		return shared.DeliveryItem{}, fmt.Errorf("get lead %s: %w", id, err)
	}
	return r.deliveryItem()
}

// deliveryItem decodes the item as delivery reads it; the lead and car
// only of a lead.
func (r leadItem) deliveryItem() (shared.DeliveryItem, error) {
	id := r.ID
	it := shared.DeliveryItem{
		ID: r.ID, Kind: r.Kind, Site: r.Site, DealershipSlug: r.DealershipSlug,
		Ready: r.Ready, Status: r.DeliveryStatus, Attempts: r.Attempts, LastError: r.LastError,
	}
	if r.ClaimUntil != 0 {
		it.ClaimUntil = time.Unix(r.ClaimUntil, 0)
	}
	it.Webhook = shared.ChannelState{Status: r.WebhookStatus, Attempts: r.WebhookAttempts, LastError: r.WebhookLastError}
	if r.WebhookClaimUntil != 0 {
		it.Webhook.ClaimUntil = time.Unix(r.WebhookClaimUntil, 0)
	}
	if r.Kind != KindLead {
		return it, nil
	}
	if r.CreatedAt != "" {
		var err error
		if it.CreatedAt, err = time.Parse(time.RFC3339, r.CreatedAt); err != nil {
			return shared.DeliveryItem{}, fmt.Errorf("lead %s: created_at: %w", id, err)
		}
	}
	if err := json.Unmarshal([]byte(r.Lead), &it.Lead); err != nil {
		return shared.DeliveryItem{}, fmt.Errorf("lead %s: decode lead: %w", id, err)
	}
	if r.Car != "" {
		it.Car = new(shared.Car)
		if err := json.Unmarshal([]byte(r.Car), it.Car); err != nil {
			return shared.DeliveryItem{}, fmt.Errorf("lead %s: decode car: %w", id, err)
		}
	}
	return it, nil
}

func (s *LeadDeliveryStore) Claim(ctx context.Context, ch shared.LeadChannel, id string, now, until time.Time) (shared.DeliveryItem, bool, error) {
	a := attrsOf(ch)
	open := "($s = ? OR $s = ?)"
	if ch == shared.LeadWebhook {
		open = "(attribute_not_exists($s) OR $s = ? OR $s = ?)"
	}
	var r leadItem
	err := s.table.Update("id", id).
		Set(a.status, shared.DeliverySending).
		Set(a.claimUntil, until.Unix()).
		If("kind = ? AND ready = ?", KindLead, true).
		If(expandNames(open, a.status), shared.DeliveryPending, shared.DeliverySending).
		If("(attribute_not_exists($) OR $ <= ?)", a.claimUntil, a.claimUntil, now.Unix()).
		Value(ctx, &r)
	if dynamo.IsCondCheckFailed(err) {
		return shared.DeliveryItem{}, false, nil
	}
	if err != nil {
		return shared.DeliveryItem{}, false, fmt.Errorf("claim lead %s (%s): %w", id, ch, err)
	}
	it, err := r.deliveryItem()
	if err != nil {
		return shared.DeliveryItem{}, false, err
	}
	return it, true, nil
}

// expandNames puts the attribute name in place of every $s, as a literal
// name (the channels' names need no placeholder: none is reserved).
func expandNames(expr, name string) string { return strings.ReplaceAll(expr, "$s", name) }

func (s *LeadDeliveryStore) MarkDelivered(ctx context.Context, ch shared.LeadChannel, id string, until, at time.Time) error {
	a := attrsOf(ch)
	err := s.table.Update("id", id).
		Set(a.status, shared.DeliveryDelivered).
		Set(a.deliveredAt, at.UTC().Format(time.RFC3339)).
		Remove(a.claimUntil).
		If("$ = ? AND $ = ?", a.status, shared.DeliverySending, a.claimUntil, until.Unix()).
		Run(ctx)
	if dynamo.IsCondCheckFailed(err) {
		return shared.ErrClaimLost
	}
	if err != nil {
		return fmt.Errorf("mark lead %s delivered (%s): %w", id, ch, err)
	}
	return nil
}

func (s *LeadDeliveryStore) Release(ctx context.Context, ch shared.LeadChannel, id string, until time.Time, status, lastError string, due time.Time) error {
	a := attrsOf(ch)
	err := s.table.Update("id", id).
		Set(a.status, status).
		Set(a.lastError, lastError).
		Set(a.claimUntil, due.Unix()).
		Add(a.attempts, 1).
		If("$ = ? AND $ = ?", a.status, shared.DeliverySending, a.claimUntil, until.Unix()).
		Run(ctx)
	if dynamo.IsCondCheckFailed(err) {
		return shared.ErrClaimLost
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
func (s *LeadDeliveryStore) Redrive(ctx context.Context, dealershipSlug string) (int, error) {
	scan := s.table.Scan().
		Filter("kind = ? AND (delivery_status = ? OR webhook_status = ?)", KindLead, shared.DeliveryFailed, shared.DeliveryFailed).
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
		for _, ch := range []shared.LeadChannel{shared.LeadEmail, shared.LeadWebhook} {
			a := attrsOf(ch)
			// The update is a MODIFY on the stream: the deliverer sees a
			// pending lead again.
			err := s.table.Update("id", r.ID).
				Set(a.status, shared.DeliveryPending).
				Set(a.attempts, 0).
				Remove(a.claimUntil).
				If("$ = ?", a.status, shared.DeliveryFailed).
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
