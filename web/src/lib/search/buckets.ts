// Order of the bucket facets (price_range, weekly_price_range): by the bucket's
// lower bound, so "Under $10,000" comes before "$10,000 - $20,000" and
// "$100,000+" comes last (docs/contracts.md bucket labels).

import { byCount } from '../compareNames';

export function bucketLowerBound(label: string): number {
  if (/^under\b/i.test(label.trim())) return 0;
  const m = label.replace(/,/g, '').match(/\d+(?:\.\d+)?/);
  return m ? Number(m[0]) : Number.MAX_SAFE_INTEGER;
}

export function bucketOrder(a: { name: string }, b: { name: string }): number {
  return bucketLowerBound(a.name) - bucketLowerBound(b.name);
}

type FacetValue = { name: string; count: number; isRefined: boolean };

/**
 * popularFirst orders makes with the site's popular makes first, in the
 * site's order, then by count and name (spec 000 §9: the collapsed make list
 * shows the popular makes on sites that collapse to them).
 */
export function popularFirst(popular: string[]) {
  const rank = new Map(popular.map((m, i) => [m.toLowerCase(), i]));
  return (a: FacetValue, b: FacetValue): number => {
    const ra = rank.get(a.name.toLowerCase()) ?? Number.MAX_SAFE_INTEGER;
    const rb = rank.get(b.name.toLowerCase()) ?? Number.MAX_SAFE_INTEGER;
    if (ra !== rb) return ra - rb;
    return byCount(a, b);
  };
}
