package dynamo

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/guregu/dynamo/v2"

	"forecourt/shared"
)

// KindContact is a user-contact record in the leads table (spec 001 §5):
// one per dealership and e-mail address, kept when a lead gives a name, an
// e-mail address and a phone number (shared.Lead.WantsContactRecord).
const KindContact = "contact"

// Contact is a user-contact record: who enquired with a dealership, as
// their latest lead names them, and how often.
type Contact struct {
	ID             string `dynamo:"id,hash" json:"-"`
	Kind           string `dynamo:"kind" json:"-"`
	Site           string `dynamo:"site" json:"site"`
	DealershipSlug string `dynamo:"dealership_slug" json:"dealership_slug"`
	FirstName      string `dynamo:"first_name" json:"name"`
	LastName       string `dynamo:"last_name" json:"last_name,omitempty"`
	Email          string `dynamo:"email" json:"email"`
	Phone          string `dynamo:"phone" json:"phone"`
	OptIn          bool   `dynamo:"opt_in" json:"opt_in"`
	Leads          int    `dynamo:"leads" json:"leads"`
	FirstLead      string `dynamo:"first_lead" json:"first_lead"`
	LastLead       string `dynamo:"last_lead" json:"last_lead"`
	FirstSeen      string `dynamo:"first_seen" json:"first_seen"`
	LastSeen       string `dynamo:"last_seen" json:"last_seen"`
	// ExpiresAt is the latest lead's: the record goes with the shopper's
	// last enquiry (the table's TTL).
	ExpiresAt int64 `dynamo:"expires_at" json:"-"`
}

// contactID keys the record by dealership and e-mail address, ignoring
// case: the same shopper enquiring again updates their record.
func contactID(l shared.StoredLead) string {
	return "contact#" + l.DealershipSlug + "#" + strings.ToLower(strings.TrimSpace(l.Lead.Email))
}

// contactUpdate is the write that records l's contact, or nil when l does
// not give a name, an e-mail address and a phone number. It goes in the
// lead's own transaction, so a lead is never stored without its contact
// or the other way round.
func (s *LeadStore) contactUpdate(l shared.StoredLead) *dynamo.Update {
	if !l.Lead.WantsContactRecord() {
		return nil
	}
	at := l.CreatedAt.UTC().Format(time.RFC3339)
	return s.table.Update("id", contactID(l)).
		Set("kind", KindContact).
		Set("site", l.Site).
		Set("dealership_slug", l.DealershipSlug).
		Set("first_name", strings.TrimSpace(l.Lead.FirstName)).
		Set("last_name", strings.TrimSpace(l.Lead.LastName)).
		Set("email", strings.TrimSpace(l.Lead.Email)).
		Set("phone", strings.TrimSpace(l.Lead.Phone)).
		Set("opt_in", l.Lead.OptIn).
		Set("last_lead", l.ID).
		Set("last_seen", at).
		Set("expires_at", l.ExpiresAt.Unix()).
		SetIfNotExists("first_lead", l.ID).
		SetIfNotExists("first_seen", at).
		Add("leads", 1)
}

// DealershipContacts returns the dealership's user-contact records, for
// `forecourt export`. A scan, as DealershipLeads.
func (s *LeadStore) DealershipContacts(ctx context.Context, dealershipSlug string) ([]Contact, error) {
	var out []Contact
	if err := s.table.Scan().Filter("kind = ? AND dealership_slug = ?", KindContact, dealershipSlug).All(ctx, &out); err != nil {
		return nil, fmt.Errorf("scan contacts of %s: %w", dealershipSlug, err)
	}
	return out, nil
}
