package dynamo

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/guregu/dynamo/v2"

	"forecourt/shared"
)

// KindContact is a user-contact record (shared.Contact) in the leads
// table: one per dealership and e-mail address.
const KindContact = "contact"

// contactItem is a shared.Contact in the leads table.
type contactItem struct {
	ID             string `dynamo:"id,hash"`
	Kind           string `dynamo:"kind"`
	Site           string `dynamo:"site"`
	DealershipSlug string `dynamo:"dealership_slug"`
	FirstName      string `dynamo:"first_name"`
	LastName       string `dynamo:"last_name"`
	Email          string `dynamo:"email"`
	Phone          string `dynamo:"phone"`
	OptIn          bool   `dynamo:"opt_in"`
	Leads          int    `dynamo:"leads"`
	FirstLead      string `dynamo:"first_lead"`
	LastLead       string `dynamo:"last_lead"`
	FirstSeen      string `dynamo:"first_seen"`
	LastSeen       string `dynamo:"last_seen"`
	// ExpiresAt is the latest lead's: the record goes with the shopper's
	// last enquiry (the table's TTL).
	ExpiresAt int64 `dynamo:"expires_at"`
}

func (it contactItem) contact() (shared.Contact, error) {
	c := shared.Contact{Site: it.Site, DealershipSlug: it.DealershipSlug, FirstName: it.FirstName, LastName: it.LastName,
		Email: it.Email, Phone: it.Phone, OptIn: it.OptIn, Leads: it.Leads, FirstLead: it.FirstLead, LastLead: it.LastLead}
	var err error
	if c.FirstSeen, err = time.Parse(time.RFC3339, it.FirstSeen); err != nil {
		return shared.Contact{}, fmt.Errorf("contact record: first_seen: %w", err)
	}
	if c.LastSeen, err = time.Parse(time.RFC3339, it.LastSeen); err != nil {
		return shared.Contact{}, fmt.Errorf("contact record: last_seen: %w", err)
	}
	return c, nil
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
func (s *LeadStore) DealershipContacts(ctx context.Context, dealershipSlug string) ([]shared.Contact, error) {
	var items []contactItem
	if err := s.table.Scan().Filter("kind = ? AND dealership_slug = ?", KindContact, dealershipSlug).All(ctx, &items); err != nil {
		return nil, fmt.Errorf("scan contacts of %s: %w", dealershipSlug, err)
	}
	return decodeAll(items, contactItem.contact)
}
