// The make dropdown (spec 000 §9): popular makes first, then every make,
// split at index 20. The popular group is the site's popular_makes that have
// stock, in the site's order, or, when the site names none, the makes with
// the most stock; either way at most 20.

import { byCount, byName } from '../compareNames';

export const MAKE_SPLIT_INDEX = 20;

export interface FacetCount {
  name: string;
  count: number;
}

export interface MakeMenu {
  popular: FacetCount[];
  all: FacetCount[];
}

/** facetCounts turns a facet's {value: count} map into a list, dropping empty values. */
export function facetCounts(data: Record<string, number> | undefined): FacetCount[] {
  return Object.entries(data ?? {})
    .filter(([name, count]) => name.trim() !== '' && count > 0)
    .map(([name, count]) => ({ name, count }));
}

export function makeMenu(makes: FacetCount[], popular: string[] = [], splitAt = MAKE_SPLIT_INDEX): MakeMenu {
  const all = [...makes].sort(byName);
  const lookup = new Map(makes.map((m) => [m.name.toLowerCase(), m]));
  const named = popular.map((p) => lookup.get(p.toLowerCase())).filter((m): m is FacetCount => Boolean(m));
  const top = named.length > 0 ? named : [...makes].sort(byCount);
  return { popular: [...new Set(top)].slice(0, splitAt), all };
}
