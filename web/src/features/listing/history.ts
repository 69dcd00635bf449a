// Search history (spec 001 §3 "Search state", §9): up to five entries, each
// the non-empty filters of a search plus its path; newest first.
import type { RouteState } from '../../lib/listingUrl';
import { routeToURL } from '../../lib/listingUrl';
import { capitalise } from '../../lib/format';
import { facetByName } from '../../lib/search/facets';
import { parseRange, rangeText } from '../../lib/search/range';

export const HISTORY_LIMIT = 5;

export interface HistoryEntry {
  /** The listing URL, without the page. */
  path: string;
  /** A short description: "Toyota · Used · $10,000 – $30,000". */
  label: string;
}

/** historyEntry describes a search, or returns undefined when it has no filters. */
export function historyEntry(route: RouteState): HistoryEntry | undefined {
  const parts: string[] = [];
  if (route.query) parts.push(`“${route.query}”`);
  for (const [name, values] of Object.entries(route.lists ?? {})) {
    if (values.length === 0) continue;
    const shown = name === 'car_type' ? values.map(capitalise) : values;
    parts.push(shown.join(', '));
  }
  for (const [name, value] of Object.entries(route.ranges ?? {})) {
    const { min, max } = parseRange(value);
    const label = rangeText(facetByName(name)?.attribute ?? name, min, max);
    if (!label) continue;
    parts.push(name === 'price' ? label : `${facetByName(name)?.label ?? name} ${label}`);
  }
  if (parts.length === 0) return undefined;
  return { path: routeToURL({ ...route, page: undefined }), label: parts.join(' · ') };
}

/** remember puts entry first, drops an older copy of the same path, and keeps five. */
export function remember(entries: HistoryEntry[], entry: HistoryEntry, limit = HISTORY_LIMIT): HistoryEntry[] {
  return [entry, ...entries.filter((e) => e.path !== entry.path)].slice(0, limit);
}
