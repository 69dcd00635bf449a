package algolia

import (
	"encoding/json"
	"fmt"

	"forecourt/shared"
)

// Record is one index record: the Car JSON plus the attributes of
// docs/contracts.md "Search index". objectID is the car id.
type Record map[string]any

// NewRecord builds the index record of a placed car.
func NewRecord(ic shared.IndexedCar) (Record, error) {
	c, p := ic.Car, ic.Placement
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
	r["searchable_until"] = p.SearchableUntil
	r["available"] = c.Available()
	// Go decides the below-market badge per site (issue 17); the market
	// figures themselves stay out of the index.
	r["below_market_sites"] = nonNil(p.BelowMarketSites)
	// A sold card's Find Me Something Similar, decided in Go like the car
	// page's (issue 17), so the listing's script carries no copy of the rule.
	r["similar_path"] = shared.SimilarCarsPath(c)
	delete(r, "autograb_data")
	return r, nil
}

// SoldUpdate is the partial update that marks a placed car sold in the
// index; its sites come along, since a site stops showing a sold car when
// its own retention passes.
func SoldUpdate(ic shared.IndexedCar) Record {
	c, p := ic.Car, ic.Placement
	return Record{
		"objectID":            c.ID,
		"sites":               p.Sites,
		"sold":                c.Sold,
		"status":              c.Status,
		"sold_date_timestamp": c.SoldDateTimestamp,
		"searchable_until":    p.SearchableUntil,
		"available":           c.Available(),
		// A sold car is never below market (shared.AutograbEligible).
		"below_market_sites": []string{},
	}
}

// nonNil makes a nil list an empty one, so the record holds a JSON array.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
