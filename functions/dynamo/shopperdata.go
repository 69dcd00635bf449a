package dynamo

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode"

	"forecourt/shared"
)

// A shopper's data deleted on request (issue 15, `forecourt shopper
// delete`). Each method scans its table: requests are rare and run by an
// operator, so a scan's cost is accepted over indexes every write would pay
// for.

// DeleteShopper deletes every car the shopper (a user pool sub) saved, on
// every site, and returns how many.
func (s *WatchlistStore) DeleteShopper(ctx context.Context, sub string) (int, error) {
	if sub == "" {
		return 0, fmt.Errorf("delete watchlists: no shopper")
	}
	var items []watchlistItem
	if err := s.table.Scan().Filter("shopper = ?", sub).All(ctx, &items); err != nil {
		return 0, fmt.Errorf("scan watchlists: %w", err)
	}
	for i, it := range items {
		if err := s.table.Delete("list", it.List).Range("car_id", it.CarID).Run(ctx); err != nil {
			return i, fmt.Errorf("delete saved car %s: %w", it.CarID, err)
		}
	}
	return len(items), nil
}

// ForgetShopper removes the shopper's sub and phone number from their
// reservations and returns how many it changed. The reservations stay: they
// are the dealership's record of a payment; nothing in them names the
// shopper any more.
func (s *ReservationStore) ForgetShopper(ctx context.Context, sub string) (int, error) {
	if sub == "" {
		return 0, fmt.Errorf("forget shopper: no shopper")
	}
	var items []struct {
		ID string `dynamo:"id"`
	}
	if err := s.table.Scan().Filter("shopper = ?", sub).Project("id").All(ctx, &items); err != nil {
		return 0, fmt.Errorf("scan reservations: %w", err)
	}
	for i, it := range items {
		if err := s.table.Update("id", it.ID).Remove("shopper").Remove("shopper_phone").Run(ctx); err != nil {
			return i, fmt.Errorf("forget shopper of reservation %s: %w", it.ID, err)
		}
	}
	return len(items), nil
}

// DeleteContactLeads deletes every lead whose contact phone or e-mail is
// the shopper's and returns their ids. Phones match on their digits, with
// +61 read as 0; e-mails ignoring case. An empty phone or e-mail matches
// nothing. A lead already delivered is in the dealer's inbox or CRM too:
// the dealer answers for that copy.
func (s *LeadStore) DeleteContactLeads(ctx context.Context, phone, email string) ([]string, error) {
	shopper := contactOf(phone, email)
	if shopper == (shopperContact{}) {
		return nil, fmt.Errorf("delete leads: no phone or e-mail")
	}
	var items []leadItem
	if err := s.table.Scan().Filter("kind = ?", KindLead).All(ctx, &items); err != nil {
		return nil, fmt.Errorf("scan leads: %w", err)
	}
	var deleted []string
	for _, it := range items {
		var l shared.Lead
		if err := json.Unmarshal([]byte(it.Lead), &l); err != nil {
			return deleted, fmt.Errorf("lead %s: decode lead: %w", it.ID, err)
		}
		if !shopper.gave(l.Phone, l.Email) {
			continue
		}
		if err := s.table.Delete("id", it.ID).Run(ctx); err != nil {
			return deleted, fmt.Errorf("delete lead %s: %w", it.ID, err)
		}
		deleted = append(deleted, it.ID)
	}
	return deleted, nil
}

// DeleteContacts deletes every user-contact record whose phone or e-mail is
// the shopper's, matched as DeleteContactLeads matches leads, and returns
// how many.
func (s *LeadStore) DeleteContacts(ctx context.Context, phone, email string) (int, error) {
	shopper := contactOf(phone, email)
	if shopper == (shopperContact{}) {
		return 0, fmt.Errorf("delete contacts: no phone or e-mail")
	}
	var items []contactItem
	if err := s.table.Scan().Filter("kind = ?", KindContact).All(ctx, &items); err != nil {
		return 0, fmt.Errorf("scan contacts: %w", err)
	}
	n := 0
	for _, it := range items {
		if !shopper.gave(it.Phone, it.Email) {
			continue
		}
		if err := s.table.Delete("id", it.ID).Run(ctx); err != nil {
			return n, fmt.Errorf("delete contact record: %w", err)
		}
		n++
	}
	return n, nil
}

// shopperContact is the phone and e-mail a deletion request names, as they
// are compared: a phone's digits with +61 read as 0, an e-mail in lower
// case; either may be empty, which matches nothing.
type shopperContact struct{ phone, email string }

func contactOf(phone, email string) shopperContact {
	return shopperContact{phone: phoneDigits(phone), email: strings.ToLower(strings.TrimSpace(email))}
}

// gave reports whether a record giving this phone and e-mail is the shopper's.
func (c shopperContact) gave(phone, email string) bool {
	other := contactOf(phone, email)
	return (c.phone != "" && other.phone == c.phone) || (c.email != "" && other.email == c.email)
}

// phoneDigits is an Australian number's digits in national form.
func phoneDigits(p string) string {
	d := strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return r
		}
		return -1
	}, p)
	if strings.HasPrefix(strings.TrimSpace(p), "+61") {
		d = "0" + strings.TrimPrefix(d, "61")
	}
	return d
}
