import { useEffect, useState } from 'react';
import type { SearchAccess } from '../../../lib/types';

export interface BudgetCount {
  /** Lowest price among the cars the finder considers (0 when none). */
  minPrice: number;
  /** Cars priced inside the chosen range. */
  count: number;
}

type Client = { search: (input: { requests: Array<Record<string, unknown>> }) => Promise<unknown> };
type Result = { nbHits?: number; facets_stats?: Record<string, { min?: number }> };

/**
 * useBudgetCount asks the index, 300 ms after the inputs settle, how many
 * cars fit the range and, unless the site's stats shipped it (shippedMin,
 * issue 18: one query saved on every home page), the lowest price the finder
 * can offer. baseFilter already carries the site filters, price > 1000 and
 * the car type. Nothing is asked while active is false: the finder counts
 * once the shopper can see it (issue 34: no search on load that the
 * shopper did not ask for).
 */
export function useBudgetCount(
  client: Client,
  access: SearchAccess,
  baseFilter: string,
  range: [number, number],
  shippedMin?: number,
  active = true,
): BudgetCount | undefined {
  const [state, setState] = useState<BudgetCount | undefined>(undefined);
  const [lo, hi] = range;
  useEffect(() => {
    if (!active) return;
    let live = true;
    const timer = setTimeout(() => {
      const withRange = [baseFilter, `price >= ${lo}`, `price <= ${hi}`].filter(Boolean).join(' AND ');
      const fit = { indexName: access.index, query: '', hitsPerPage: 0, filters: withRange };
      const min = { indexName: access.index, query: '', hitsPerPage: 0, facets: ['price'], filters: baseFilter };
      client
        .search({ requests: shippedMin === undefined ? [min, fit] : [fit] })
        .then((res) => {
          if (!live) return;
          const results = (res as { results: Result[] }).results;
          const counted = results[results.length - 1];
          const minPrice = shippedMin ?? results[0].facets_stats?.price?.min ?? 0;
          setState({ minPrice, count: counted.nbHits ?? 0 });
        })
        .catch((err: unknown) => {
          // Like the listing, a failed search keeps what was shown.
          console.warn('budget finder search failed', err);
        });
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, access.index, baseFilter, lo, hi, shippedMin, active]);
  return state;
}
