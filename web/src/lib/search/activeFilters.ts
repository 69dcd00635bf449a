// The active-filter chips are read from the listing's UI state, not from the
// search results: the state comes from the URL before the first search, so
// the chips are on screen from the first paint and never push the results
// down when they arrive (issue 5 target: CLS <= 0.05).
import type { IndexUiState } from 'instantsearch.js';
import { capitalise } from '../format';
import { facetByAttribute } from './facets';
import { parseRange, rangeText } from './range';

export type ActiveFilter = { kind: 'list'; attribute: string; value: string } | { kind: 'range'; attribute: string; min?: number; max?: number };

/**
 * activeFilters lists the refinements of a UI state, one per list value and
 * one per range, ordered like the filters panel (order: attributes in panel
 * order); attributes the panel does not show (path presets, the dealership
 * link) come first. The query is not a filter: the search box shows it.
 */
export function activeFilters(state: IndexUiState, order: readonly string[] = []): ActiveFilter[] {
  const out: ActiveFilter[] = [];
  for (const [attribute, values] of Object.entries(state.refinementList ?? {})) {
    for (const value of values ?? []) out.push({ kind: 'list', attribute, value });
  }
  for (const [attribute, value] of Object.entries(state.range ?? {})) {
    const { min, max } = parseRange(value);
    if (min !== undefined || max !== undefined) out.push({ kind: 'range', attribute, min, max });
  }
  const rank = (a: string) => order.indexOf(a);
  // Array.prototype.sort is stable: values of one attribute keep their order.
  return out.sort((a, b) => rank(a.attribute) - rank(b.attribute));
}

/** withoutFilter is the UI state with one filter removed, back on page 1. */
export function withoutFilter(state: IndexUiState, filter: ActiveFilter): IndexUiState {
  const next: IndexUiState = { ...state };
  delete next.page;
  if (filter.kind === 'list') {
    const lists = { ...state.refinementList };
    const rest = (lists[filter.attribute] ?? []).filter((v) => v !== filter.value);
    if (rest.length > 0) lists[filter.attribute] = rest;
    else delete lists[filter.attribute];
    next.refinementList = lists;
  } else {
    const ranges = { ...state.range };
    delete ranges[filter.attribute];
    next.range = ranges;
  }
  return next;
}

/** filterLabel names the filter's facet as the filters panel does: "Price", "Condition". */
export function filterLabel(filter: ActiveFilter): string {
  return facetByAttribute(filter.attribute)?.label ?? filter.attribute;
}

/**
 * filterText is the chip's value: "Used", "$10,000 – $60,000", "from 2018",
 * "up to 50,000 km"; a dealership slug reads as the dealership's name.
 */
export function filterText(filter: ActiveFilter, dealershipName: (slug: string) => string | undefined = () => undefined): string {
  if (filter.kind === 'range') {
    return rangeText(filter.attribute, filter.min, filter.max);
  }
  if (filter.attribute === 'dealership_slug') return dealershipName(filter.value) ?? filter.value;
  if (filter.attribute === 'car_type') return capitalise(filter.value);
  return filter.value;
}
