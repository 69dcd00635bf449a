package dynamo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/guregu/dynamo/v2"

	"forecourt/shared"
)

// Item kinds in the leads table: deliverers act on leads only
// (docs/contracts.md "Leads").
const (
	KindLead    = "lead"
	KindCaptcha = "captcha"
)

// DeliveryPending is a new lead's delivery_status.
const DeliveryPending = shared.DeliveryPending

// leadItem is the leads table's lead item, the one shape of it: the intake
// writes the lead with its delivery attributes empty (status pending, no
// attempts), and the deliverer (LeadDeliveryStore) reads them and changes
// them with conditional updates.
type leadItem struct {
	ID             string `dynamo:"id,hash"`
	Kind           string `dynamo:"kind"`
	Site           string `dynamo:"site"`
	DealershipSlug string `dynamo:"dealership_slug"`
	CreatedAt      string `dynamo:"created_at"`
	Lead           string `dynamo:"lead"`
	Car            string `dynamo:"car,omitempty"`
	TokenHash      string `dynamo:"token_hash"`
	Ready          bool   `dynamo:"ready"`
	DeliveryStatus string `dynamo:"delivery_status"`
	Attempts       int    `dynamo:"attempts"`
	ExpiresAt      int64  `dynamo:"expires_at"`

	// The e-mail's delivery record beyond its status and attempts, then
	// the CRM webhook's; absent until the deliverer first writes them.
	LastError         string `dynamo:"last_error,omitempty"`
	ClaimUntil        int64  `dynamo:"claim_until,omitempty"`
	WebhookStatus     string `dynamo:"webhook_status,omitempty"`
	WebhookAttempts   int    `dynamo:"webhook_attempts,omitempty"`
	WebhookLastError  string `dynamo:"webhook_last_error,omitempty"`
	WebhookClaimUntil int64  `dynamo:"webhook_claim_until,omitempty"`
}

type captchaItem struct {
	ID        string `dynamo:"id,hash"`
	Kind      string `dynamo:"kind"`
	LeadID    string `dynamo:"lead_id"`
	ExpiresAt int64  `dynamo:"expires_at"`
}

// LeadStore keeps leads and captcha replay keys in the leads table. It
// never logs a lead field.
type LeadStore struct {
	db    *dynamo.DB
	table dynamo.Table
}

// NewLeadStore returns the store over t.Leads.
func NewLeadStore(db *dynamo.DB, t Tables) *LeadStore {
	return &LeadStore{db: db, table: db.Table(t.Leads)}
}

// CreateLead stores l unless a lead with its id exists: the conditional
// put is the commit point. It returns the lead as stored, the existing one
// (not overwritten) when the id was taken, and whether l was written. An
// id taken by an item that is not a lead is an ECONFLICT error. A lead that
// gives a name, an e-mail address and a phone number records its user
// contact in the same transaction (contactUpdate).
func (s *LeadStore) CreateLead(ctx context.Context, l shared.StoredLead) (shared.StoredLead, bool, error) {
	it, err := toLeadItem(l)
	if err != nil {
		return shared.StoredLead{}, false, err
	}
	put := s.table.Put(it).If("attribute_not_exists(id)")
	if contact := s.contactUpdate(l); contact != nil {
		err = s.db.WriteTx().Put(put).Update(contact).Run(ctx)
	} else {
		err = put.Run(ctx)
	}
	if err == nil {
		return l, true, nil
	}
	if !dynamo.IsCondCheckFailed(err) {
		return shared.StoredLead{}, false, fmt.Errorf("put lead %s: %w", l.ID, err)
	}
	existing, err := s.FindLead(ctx, l.ID)
	if shared.ErrorCode(err) == shared.ENOTFOUND {
		return shared.StoredLead{}, false, shared.Errorf(shared.ECONFLICT, "lead id %s is taken", l.ID)
	}
	return existing, false, err
}

// FindLead returns the lead with the id, or an ENOTFOUND error (also for an
// item of the table that is not a lead).
func (s *LeadStore) FindLead(ctx context.Context, id string) (shared.StoredLead, error) {
	var it leadItem
	err := s.table.Get("id", id).Consistent(true).One(ctx, &it)
	if errors.Is(err, dynamo.ErrNotFound) || (err == nil && it.Kind != KindLead) {
		return shared.StoredLead{}, shared.Errorf(shared.ENOTFOUND, "lead not found")
	}
	if err != nil {
		return shared.StoredLead{}, fmt.Errorf("get lead %s: %w", id, err)
	}
	return fromLeadItem(it)
}

// UpdateLead replaces the lead's form fields with next.Lead and sets ready
// when next.Ready, only if the stored lead is still old.Lead and not ready:
// a concurrent change or a lead already gone to the dealer is an ECONFLICT
// error. Delivery attributes are left alone. A lead that gives a name, an
// e-mail address and a phone number for the first time with this update
// (a trade-in's later step) records its user contact with it.
func (s *LeadStore) UpdateLead(ctx context.Context, old, next shared.StoredLead) error {
	oldJSON, err := json.Marshal(old.Lead)
	if err != nil {
		return fmt.Errorf("encode lead %s: %w", old.ID, err)
	}
	nextJSON, err := json.Marshal(next.Lead)
	if err != nil {
		return fmt.Errorf("encode lead %s: %w", old.ID, err)
	}
	update := s.table.Update("id", old.ID).
		Set("lead", string(nextJSON)).
		Set("ready", next.Ready).
		If("'kind' = ? AND 'lead' = ? AND 'ready' = ?", KindLead, string(oldJSON), false)
	var contact *dynamo.Update
	if !old.Lead.WantsContactRecord() {
		contact = s.contactUpdate(next)
	}
	if contact != nil {
		err = s.db.WriteTx().Update(update).Update(contact).Run(ctx)
	} else {
		err = update.Run(ctx)
	}
	if dynamo.IsCondCheckFailed(err) {
		return shared.Errorf(shared.ECONFLICT, "the lead changed or was already sent; reload and retry")
	}
	if err != nil {
		return fmt.Errorf("update lead %s: %w", old.ID, err)
	}
	return nil
}

// AcceptCaptcha records a captcha solution's replay key for the lead until
// expires, so that each solution is accepted once (docs/contracts.md
// "Captcha"). The same lead may present it again (a retried submit with
// the same Idempotency-Key); any other is refused with ECONFLICT.
func (s *LeadStore) AcceptCaptcha(ctx context.Context, replayKey, leadID string, expires time.Time) error {
	it := captchaItem{ID: "captcha#" + replayKey, Kind: KindCaptcha, LeadID: leadID, ExpiresAt: expires.Unix()}
	err := s.table.Put(it).If("attribute_not_exists(id) OR lead_id = ?", leadID).Run(ctx)
	if dynamo.IsCondCheckFailed(err) {
		return shared.Errorf(shared.ECONFLICT, "captcha already used")
	}
	if err != nil {
		return fmt.Errorf("put captcha key: %w", err)
	}
	return nil
}

func toLeadItem(l shared.StoredLead) (leadItem, error) {
	lead, err := json.Marshal(l.Lead)
	if err != nil {
		return leadItem{}, fmt.Errorf("encode lead %s: %w", l.ID, err)
	}
	it := leadItem{
		ID:             l.ID,
		Kind:           KindLead,
		Site:           l.Site,
		DealershipSlug: l.DealershipSlug,
		CreatedAt:      l.CreatedAt.UTC().Format(time.RFC3339),
		Lead:           string(lead),
		TokenHash:      l.TokenHash,
		Ready:          l.Ready,
		DeliveryStatus: DeliveryPending,
		ExpiresAt:      l.ExpiresAt.Unix(),
	}
	if l.Car != nil {
		car, err := json.Marshal(l.Car)
		if err != nil {
			return leadItem{}, fmt.Errorf("encode car of lead %s: %w", l.ID, err)
		}
		it.Car = string(car)
	}
	return it, nil
}

func fromLeadItem(it leadItem) (shared.StoredLead, error) {
	l := shared.StoredLead{
		ID: it.ID, Site: it.Site, DealershipSlug: it.DealershipSlug,
		TokenHash: it.TokenHash, Ready: it.Ready, ExpiresAt: time.Unix(it.ExpiresAt, 0).UTC(),
	}
	var err error
	if l.CreatedAt, err = time.Parse(time.RFC3339, it.CreatedAt); err != nil {
		return shared.StoredLead{}, fmt.Errorf("lead %s: created_at: %w", it.ID, err)
	}
	if err := json.Unmarshal([]byte(it.Lead), &l.Lead); err != nil {
		return shared.StoredLead{}, fmt.Errorf("lead %s: decode lead: %w", it.ID, err)
	}
	if it.Car != "" {
		l.Car = new(shared.Car)
		if err := json.Unmarshal([]byte(it.Car), l.Car); err != nil {
			return shared.StoredLead{}, fmt.Errorf("lead %s: decode car: %w", it.ID, err)
		}
	}
	return l, nil
}

// DealershipLeads returns every lead of the dealership, for `forecourt
// export` (issue 15). It scans the table: an operator's command run when a
// dealer leaves, so the scan's cost is accepted over an index every lead
// write would pay for.
func (s *LeadStore) DealershipLeads(ctx context.Context, dealershipSlug string) ([]shared.StoredLead, error) {
	var items []leadItem
	if err := s.table.Scan().Filter("kind = ? AND dealership_slug = ?", KindLead, dealershipSlug).All(ctx, &items); err != nil {
		return nil, fmt.Errorf("scan leads of %s: %w", dealershipSlug, err)
	}
	return decodeAll(items, fromLeadItem)
}
