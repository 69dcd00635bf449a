// Package indexrecord builds a car's search index record (docs/contracts.md
// "Search index"). It is pure (the standard library and shared only), so
// the services that test a record outside any index (sitestats, visible)
// use it without linking the algolia adapter.
package indexrecord

import (
	"encoding/json"
	"fmt"
	"slices"

	"forecourt/shared"
)

// Record is one index record: the Car JSON plus the attributes of
// docs/contracts.md "Search index". objectID is the car id.
type Record map[string]any

// PublicAttributes are the only attributes an index record holds (issue 31:
// a record is public, since any site's search key may retrieve every
// attribute of what it reaches, whatever the index's settings say): the
// car's public fields, then what the index adds. Not here, so never indexed: the
// private seller's private_suburb and private_postcode (shared.
// PrivateCarAttributes; no search, facet or filter reads them) and the
// valuation provider's autograb_data (the cards read below_market_sites).
// A new Car field reaches the index only once it is listed here.
var PublicAttributes = []string{
	// The car (shared.Car).
	"id", "slug", "name", "year", "make", "model", "badge", "series",
	"car_type", "status", "sold", "tag", "reserved", "certified", "item_type",
	"created_at", "rego_expiry", "compliance_date", "build_date", "sold_date_timestamp",
	"price", "price_type", "before_price", "offer_price", "subscription_price", "preorder",
	"stocknum", "vin", "regplate", "payment_processors",
	"km", "colour", "interior_colour", "seats", "doors", "body", "fuel", "simple_fuel",
	"simple_body", "simple_transmission", "trans", "drive", "engine_size", "views", "has_nvic",
	"categories", "filtered_features",
	"dealercomments", "standardEquipment", "thumbnails", "images", "primary_image_url",
	"photos_count", "file", "carsales_title",
	"dealership_id", "dealership_slug", "location", "location_name", "location_id", "city",
	"state", "show_on_dealer_website",
	"finance_lenders", "variant", "specifications",
	// What the index adds (NewRecord, SoldUpdate).
	"objectID", "sites", "dealership_name", "make_model", "transmission", "price_range",
	"weekly_price", "weekly_price_range", "created_at_timestamp", "searchable_until",
	"available", "below_market_sites", "similar_path", "photo_rank",
}

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
	// The default order's photos-first rank (search.photos_first, issue 32).
	r["photo_rank"] = p.PhotoRank
	// Go decides the below-market badge per site (issue 17); the market
	// figures themselves stay out of the index.
	r["below_market_sites"] = nonNil(p.BelowMarketSites)
	// A sold card's Find Me Something Similar, decided in Go like the car
	// page's (issue 17), so the listing's script carries no copy of the rule.
	r["similar_path"] = shared.SimilarCarsPath(c)
	for k := range r {
		if !slices.Contains(PublicAttributes, k) {
			delete(r, k)
		}
	}
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
