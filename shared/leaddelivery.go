package shared

import (
	"errors"
	"time"
)

// A lead's delivery record (docs/contracts.md "Leads", "Lead webhook"): the
// deliverer (functions/delivery) reads and changes it through its Store,
// which the leads table's adapter (functions/dynamo) implements.

// LeadChannel is a way a lead leaves: the ADF e-mail, or the dealership's
// CRM webhook. Each has its own delivery record on the lead, so one failing
// never holds back or repeats the other.
type LeadChannel string

const (
	LeadEmail   LeadChannel = "email"
	LeadWebhook LeadChannel = "webhook"
)

// Delivery states of a lead's channel.
const (
	DeliveryPending   = "pending"
	DeliverySending   = "sending"
	DeliveryDelivered = "delivered"
	DeliveryFailed    = "failed"
)

// ErrLeadNotFound is a delivery store's answer for an id the table does
// not hold.
var ErrLeadNotFound = errors.New("delivery: lead not found")

// ErrClaimLost is a conditional update that found the claim no longer held.
var ErrClaimLost = errors.New("delivery: claim lost")

// ChannelState is one channel's delivery record on a lead.
type ChannelState struct {
	// Status is "" for a webhook never tried (none configured, or not yet).
	Status     string
	Attempts   int
	LastError  string
	ClaimUntil time.Time
}

// DeliveryItem is a stored lead as delivery reads it.
type DeliveryItem struct {
	ID             string
	Kind           string
	Site           string
	DealershipSlug string
	CreatedAt      time.Time
	Lead           Lead
	Car            *Car
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
func (it DeliveryItem) State(c LeadChannel) ChannelState {
	if c == LeadWebhook {
		return it.Webhook
	}
	return ChannelState{Status: it.Status, Attempts: it.Attempts, LastError: it.LastError, ClaimUntil: it.ClaimUntil}
}
