package indexrecord

import (
	"encoding/json"
	"fmt"
	"slices"

	"forecourt/shared"
)

// Record is the attributes a write sends to the engine: an IndexRecord's
// (IndexRecord.Map) or a partial update's (SoldUpdate).
type Record map[string]any

// IndexRecord is one index record (docs/contracts.md "Search index"): the
// car's public fields plus the attributes the index adds. Its JSON is what
// the engine stores and the browser receives (web/src/lib/types.ts
// SearchHit), so ingest, sweep, reservations and site stats all build it
// with NewRecord.
type IndexRecord struct {
	shared.Car
	// Never indexed (issue 31): these shadow the private seller's suburb and
	// postcode (shared.PrivateCarAttributes) and the valuation provider's
	// figures, and are never sent.
	PrivateSuburb   struct{} `json:"private_suburb,omitzero" tstype:"never"`
	PrivatePostcode struct{} `json:"private_postcode,omitzero" tstype:"never"`
	AutograbData    struct{} `json:"autograb_data,omitzero" tstype:"never"`

	ObjectID string   `json:"objectID"`
	Sites    []string `json:"sites"`
	// DealershipName is the name of the car's dealership in the site config.
	DealershipName string `json:"dealership_name"`
	// MakeModel is "<make> <model>".
	MakeModel string `json:"make_model"`
	// Transmission is simple_transmission, under the facet's spec name.
	Transmission string `json:"transmission"`
	// PriceRange is the price bucket label; empty when the car has no price.
	PriceRange string `json:"price_range"`
	// WeeklyPrice is the weekly repayment estimate in whole dollars; 0 when the car has no price.
	WeeklyPrice int `json:"weekly_price"`
	// WeeklyPriceRange is the weekly repayment bucket label.
	WeeklyPriceRange string `json:"weekly_price_range"`
	// CreatedAtTimestamp is created_at in unix seconds.
	CreatedAtTimestamp int64 `json:"created_at_timestamp"`
	// SearchableUntil is when a sold car leaves the index, in unix seconds.
	SearchableUntil int64 `json:"searchable_until"`
	// Available is shared.Car.Available().
	Available bool `json:"available"`
	// BelowMarketSites are the sites on which the car shows the below-market
	// badge, decided in Go (shared.MarketFor; issue 17); never null.
	BelowMarketSites []string `json:"below_market_sites" tstype:"string[]"`
	// SimilarPath is the listing a sold card's Find Me Something Similar
	// opens (shared.SimilarCarsPath; issue 17).
	SimilarPath string `json:"similar_path"`
	// PhotoRank is 1 for a car with a real photo on a site that lists those
	// first (search.photos_first), else 0: the default order's second key.
	PhotoRank int `json:"photo_rank"`
}

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
func NewRecord(ic shared.IndexedCar) IndexRecord {
	c, p := ic.Car, ic.Placement
	weekly := shared.WeeklyRepayment(c.Price, p.InterestRate, p.TermYears)
	return IndexRecord{
		Car:                c,
		ObjectID:           c.ID,
		Sites:              p.Sites,
		DealershipName:     p.DealershipName,
		MakeModel:          c.Make + " " + c.Model,
		Transmission:       c.SimpleTransmission,
		PriceRange:         shared.PriceRange(c.Price),
		WeeklyPrice:        weekly,
		WeeklyPriceRange:   shared.WeeklyPriceRange(weekly),
		CreatedAtTimestamp: c.CreatedAt.Unix(),
		SearchableUntil:    p.SearchableUntil,
		Available:          c.Available(),
		// Go decides the below-market badge per site (issue 17); the market
		// figures themselves stay out of the index.
		BelowMarketSites: nonNil(p.BelowMarketSites),
		// A sold card's Find Me Something Similar, decided in Go like the car
		// page's (issue 17), so the listing's script carries no copy of the rule.
		SimilarPath: shared.SimilarCarsPath(c),
		// The default order's photos-first rank (search.photos_first, issue 32).
		PhotoRank: p.PhotoRank,
	}
}

// Map returns the record's attributes as the engine receives and a filter
// reads them (numbers as float64), PublicAttributes only: a new Car field
// reaches the index only once it is listed there.
func (r IndexRecord) Map() (Record, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("encode car %s: %w", r.ID, err)
	}
	var m Record
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("encode car %s: %w", r.ID, err)
	}
	for k := range m {
		if !slices.Contains(PublicAttributes, k) {
			delete(m, k)
		}
	}
	return m, nil
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
