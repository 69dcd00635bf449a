// The stock count rule (spec 000 §9): a count above 1999 is replaced by the
// dealership's configured stock count, or else by the sum of facet counts.

export const STOCK_COUNT_LIMIT = 1999;

/**
 * stockCount returns the count to show. configured is the site's dealerships'
 * stock_count summed (0 when none is set); facetCounts are the counts of a
 * facet every car has exactly one value of (car_type).
 */
export function stockCount(nbHits: number, configured: number, facetCounts?: Record<string, number>): number {
  if (nbHits <= STOCK_COUNT_LIMIT) return nbHits;
  if (configured > 0) return configured;
  const sum = Object.values(facetCounts ?? {}).reduce((a, b) => a + b, 0);
  return sum > 0 ? sum : nbHits;
}
