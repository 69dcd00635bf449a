package shared

import "time"

// BudgetMinFilterPrice is the price the home page's budget finder counts
// cars above (spec 001 §9; the web's BUDGET_MIN_FILTER_PRICE in
// web/src/lib/budget.ts is the same number).
const BudgetMinFilterPrice = 1000

// StatsFacets are the index attributes whose value counts a site's stats
// carry: what the home page's tiles, make menu and dealership list show.
var StatsFacets = []string{"make", "simple_body", "price_range", "dealership_name", "car_type"}

// SiteStatsFormat is the shape of SiteStats a run computes now. Stats of
// an older format lack what came since (format 2: Models) and are treated
// as unknown there; a share's hash names the format, so the next feed run
// or sweep computes old shares again (issue 31).
const SiteStatsFormat = 2

// SiteStats is a site's stock summary, computed from the cars placed on the
// site (what its index records hold) whenever a feed run, reindex or sweep
// changes one of its dealerships, and shipped in GET /api/site, so the
// home page shows stock counts without a search request (issue 18).
// Nothing in it depends on today's date except through placement (sold
// retention), which the hourly sweep applies and then refreshes the stats.
type SiteStats struct {
	// Format is SiteStatsFormat when computed; 0 for stats from before it.
	Format     int       `json:"format,omitempty"`
	ComputedAt time.Time `json:"computed_at"`
	// NbHits is the number of records the site's listing searches over.
	NbHits int `json:"nb_hits"`
	// Facets maps each of StatsFacets to its value counts, as the index's
	// facet answer would (values with no car absent).
	Facets map[string]map[string]int `json:"facets"`
	// MinPrice is the lowest price above BudgetMinFilterPrice, by car type
	// ("" = every type); a type with no such car is absent.
	MinPrice map[string]float64 `json:"min_price"`
	// Models counts the records per make and model (format 2): a listing
	// path naming a model the site has no stock of is the 404 without a
	// read (issue 31). Not sent to the browser (GET /api/site leaves it out).
	Models map[string]map[string]int `json:"models,omitempty"`
}

// StatsShare is one dealership's part of a site's stats, kept so that a
// feed run recomputes only its own dealership's part (issue 18). SiteHash
// names the site config it was computed under: a share computed under
// another config (a tenant deploy changed the site's filters or car types)
// is computed again.
//
// Token is unique to each write of a share; a site's total records the
// tokens of the shares it was summed from, so a run whose share is already
// in the total need not save the total again.
type StatsShare struct {
	Stats    SiteStats `json:"stats"`
	SiteHash string    `json:"site_hash"`
	Token    string    `json:"token"`
}
