package shared

import "time"

// BudgetMinFilterPrice is the price the home page's budget finder counts
// cars above (spec 001 §9; the web's BUDGET_MIN_FILTER_PRICE in
// web/src/lib/budget.ts is the same number).
const BudgetMinFilterPrice = 1000

// StatsFacets are the index attributes whose value counts a site's stats
// carry: what the home page's tiles, make menu and dealership list show.
var StatsFacets = []string{"make", "simple_body", "price_range", "dealership_name", "car_type"}

// SiteStats is a site's stock summary, computed from the cars placed on the
// site (what its index records hold) whenever a feed run, reindex or sweep
// changes one of its dealerships, and shipped in GET /api/site, so the
// home page shows stock counts without a search request (issue 18).
// Nothing in it depends on today's date except through placement (sold
// retention), which the hourly sweep applies and then refreshes the stats.
type SiteStats struct {
	ComputedAt time.Time `json:"computed_at"`
	// NbHits is the number of records the site's listing searches over.
	NbHits int `json:"nb_hits"`
	// Facets maps each of StatsFacets to its value counts, as the index's
	// facet answer would (values with no car absent).
	Facets map[string]map[string]int `json:"facets"`
	// MinPrice is the lowest price above BudgetMinFilterPrice, by car type
	// ("" = every type); a type with no such car is absent.
	MinPrice map[string]float64 `json:"min_price"`
}
