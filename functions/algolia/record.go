package algolia

import (
	"encoding/json"
	"fmt"

	"forecourt/shared"
)

// Record is one index record: the Car JSON plus the attributes of
// docs/contracts.md "Search index". objectID is the car id.
type Record map[string]any

// NoExpiry is searchable_until for cars that are not sold: far enough that
// a numeric filter searchable_until > now always keeps them.
const NoExpiry int64 = 253402300799 // 9999-12-31T23:59:59Z

// Placement is what the sites showing a car contribute to its record.
type Placement struct {
	// Sites are the slugs of the sites whose dealerships include the car's.
	Sites          []string
	DealershipName string
	// InterestRate and TermYears give weekly_price (spec 001 §9 finance).
	InterestRate float64
	TermYears    int
	// SoldRetentionDays keeps a sold car searchable (spec 001 §9; default 3).
	SoldRetentionDays int
}

// PlacementFor computes the placement of a dealership's cars from the site
// configs: every site listing the dealership shows them; the finance
// settings come from the first such site and the retention is the longest.
func PlacementFor(dealershipSlug string, sites []shared.Site) Placement {
	p := Placement{Sites: []string{}, InterestRate: shared.DefaultInterestRate, TermYears: shared.DefaultTermYears}
	for _, s := range sites {
		d, ok := s.Dealership(dealershipSlug)
		if !ok {
			continue
		}
		if len(p.Sites) == 0 {
			p.DealershipName = d.Name
			if s.Finance.InterestRate > 0 {
				p.InterestRate = s.Finance.InterestRate
			}
			if s.Finance.TermYears > 0 {
				p.TermYears = s.Finance.TermYears
			}
		}
		p.Sites = append(p.Sites, s.Slug)
		p.SoldRetentionDays = max(p.SoldRetentionDays, s.SoldRetentionDays())
	}
	if p.SoldRetentionDays == 0 {
		p.SoldRetentionDays = shared.DefaultSoldRetentionDays
	}
	return p
}

// SearchableUntil is searchable_until of the car's record: the shared sold
// retention rule, with NoExpiry for a car that is not sold.
func (p Placement) SearchableUntil(c shared.Car) int64 {
	if until := shared.SearchableUntil(c, p.SoldRetentionDays); until != 0 {
		return until
	}
	return NoExpiry
}

// NewRecord builds the index record of a car.
func NewRecord(c shared.Car, p Placement) (Record, error) {
	b, err := json.Marshal(c)
	if err != nil {
		return nil, fmt.Errorf("encode car %s: %w", c.ID, err)
	}
	var r Record
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("encode car %s: %w", c.ID, err)
	}
	weekly := shared.WeeklyRepayment(c.Price, p.InterestRate, p.TermYears)
	r["objectID"] = c.ID
	r["sites"] = p.Sites
	r["dealership_name"] = p.DealershipName
	r["make_model"] = c.Make + " " + c.Model
	r["transmission"] = c.SimpleTransmission
	r["price_range"] = shared.PriceRange(c.Price)
	r["weekly_price"] = weekly
	r["weekly_price_range"] = shared.WeeklyPriceRange(weekly)
	r["created_at_timestamp"] = c.CreatedAt.Unix()
	r["searchable_until"] = p.SearchableUntil(c)
	r["available"] = c.Available()
	return r, nil
}

// SoldUpdate is the partial update that marks a car sold in the index.
func SoldUpdate(c shared.Car, p Placement) Record {
	return Record{
		"objectID":            c.ID,
		"sold":                c.Sold,
		"status":              c.Status,
		"sold_date_timestamp": c.SoldDateTimestamp,
		"searchable_until":    p.SearchableUntil(c),
		"available":           c.Available(),
	}
}
