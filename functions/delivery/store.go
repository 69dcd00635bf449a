package delivery

import (
	"context"
	"time"

	"forecourt/shared"
)

// Delivery states of a lead (docs/contracts.md "Leads").
const (
	StatusPending   = shared.DeliveryPending
	StatusSending   = shared.DeliverySending
	StatusDelivered = shared.DeliveryDelivered
	StatusFailed    = shared.DeliveryFailed
)

// KindLead is the kind of a lead item; other kinds share the table.
const KindLead = "lead"

// ErrNotFound is Get's answer for an id the table does not hold.
var ErrNotFound = shared.ErrLeadNotFound

// ErrClaimLost is a conditional update that found the claim no longer held.
var ErrClaimLost = shared.ErrClaimLost

// Channel is a way a lead leaves (shared.LeadChannel).
type Channel = shared.LeadChannel

const (
	Email   = shared.LeadEmail
	Webhook = shared.LeadWebhook
)

// ChannelState is one channel's delivery record on a lead.
type ChannelState = shared.ChannelState

// Item is a stored lead as delivery reads it.
type Item = shared.DeliveryItem

// Store is what the deliverer needs of the leads table (functions/dynamo:
// LeadDeliveryStore, which owns the item's shape). Every change is a
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
