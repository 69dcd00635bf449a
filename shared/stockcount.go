package shared

// StockCountCap: counts above this are replaced (spec 000 §9).
const StockCountCap = 1999

// StockCount is the stock count to show for a search (spec 000 §9): a hit
// count above 1999 is replaced by the configured stock count when there is
// one, else by the sum of the facet's counts when positive; otherwise the
// hit count stands.
func StockCount(nbHits, configured int, facetCounts map[string]int) int {
	if nbHits <= StockCountCap {
		return nbHits
	}
	if configured > 0 {
		return configured
	}
	sum := 0
	for _, n := range facetCounts {
		sum += n
	}
	if sum > 0 {
		return sum
	}
	return nbHits
}

// ConfiguredStockCount sums the stock_count of the site's dealerships
// (or of the one dealership when dealershipSlug is set).
func ConfiguredStockCount(s Site, dealershipSlug string) int {
	sum := 0
	for _, d := range s.Dealerships {
		if dealershipSlug == "" || d.Slug == dealershipSlug {
			sum += d.StockCount
		}
	}
	return sum
}
