// A fake search client for component tests: it answers InstantSearch's
// requests (client.search([{indexName, params}])) from an in-memory list,
// applying query, facetFilters, numericFilters, filters (numeric comparisons,
// car_type groups and single quoted facet values),
// sorting by replica name, facets with counts and stats, and paging.
import { vi } from 'vitest';
import type { Car } from '../lib/types';

type Params = {
  query?: string;
  page?: number;
  hitsPerPage?: number;
  facets?: string[] | string;
  facetFilters?: Array<string | string[]>;
  numericFilters?: Array<string | string[]>;
  filters?: string;
};

const ATTRIBUTE_VALUE = (car: Car, attribute: string): unknown => (car as unknown as Record<string, unknown>)[attribute];

function matchesFacet(car: Car, filter: string): boolean {
  const i = filter.indexOf(':');
  const attribute = filter.slice(0, i);
  const value = filter.slice(i + 1);
  return String(ATTRIBUTE_VALUE(car, attribute)) === value;
}

function matchesNumeric(car: Car, filter: string): boolean {
  const m = filter.match(/^(\w+)\s*(>=|<=|=|>|<)\s*(-?[\d.]+)$/);
  if (!m) return true;
  const v = Number(ATTRIBUTE_VALUE(car, m[1]));
  const n = Number(m[3]);
  switch (m[2]) {
    case '>=':
      return v >= n;
    case '<=':
      return v <= n;
    case '>':
      return v > n;
    case '<':
      return v < n;
    default:
      return v === n;
  }
}

function answer(cars: Car[], indexName: string, params: Params) {
  let hits = cars.filter((c) => {
    const q = (params.query ?? '').toLowerCase();
    if (q && !`${c.year} ${c.make} ${c.model}`.toLowerCase().includes(q)) return false;
    for (const group of params.facetFilters ?? []) {
      const ors = Array.isArray(group) ? group : [group];
      if (!ors.some((f) => matchesFacet(c, f))) return false;
    }
    for (const group of params.numericFilters ?? []) {
      const ands = Array.isArray(group) ? group : [group];
      if (!ands.every((f) => matchesNumeric(c, f))) return false;
    }
    for (const m of (params.filters ?? '').matchAll(/(\w+) ([<>]=?) (\d+)/g)) {
      if (!matchesNumeric(c, `${m[1]}${m[2]}${m[3]}`)) return false;
    }
    // A lone quoted facet filter ANDed in: make:"Toyota", dealership_slug:"coastal-kia".
    for (const part of (params.filters ?? '').split(' AND ')) {
      const m = part.trim().match(/^(\w+):"((?:[^"\\]|\\.)*)"$/);
      if (m && String(ATTRIBUTE_VALUE(c, m[1])) !== m[2].replace(/\\(.)/g, '$1')) return false;
    }
    for (const m of (params.filters ?? '').matchAll(/\((car_type:"\w+"(?: OR car_type:"\w+")*)\)/g)) {
      const types = [...m[1].matchAll(/"(\w+)"/g)].map((t) => t[1]);
      if (!types.includes(c.car_type)) return false;
    }
    return true;
  });
  if (indexName.endsWith('_price_asc')) hits = [...hits].sort((a, b) => (a.price ?? 0) - (b.price ?? 0));
  if (indexName.endsWith('_price_desc')) hits = [...hits].sort((a, b) => (b.price ?? 0) - (a.price ?? 0));
  const facetNames = params.facets === undefined ? [] : Array.isArray(params.facets) ? params.facets : [params.facets];
  const facets: Record<string, Record<string, number>> = {};
  const stats: Record<string, { min: number; max: number; avg: number; sum: number }> = {};
  for (const name of facetNames) {
    const counts: Record<string, number> = {};
    const nums: number[] = [];
    for (const c of hits) {
      const v = ATTRIBUTE_VALUE(c, name);
      if (v === undefined || v === null || v === '') continue;
      counts[String(v)] = (counts[String(v)] ?? 0) + 1;
      if (typeof v === 'number') nums.push(v);
    }
    facets[name] = counts;
    if (nums.length > 0) {
      const sum = nums.reduce((a, b) => a + b, 0);
      stats[name] = { min: Math.min(...nums), max: Math.max(...nums), avg: sum / nums.length, sum };
    }
  }
  const hitsPerPage = params.hitsPerPage ?? 20;
  const page = params.page ?? 0;
  return {
    index: indexName,
    hits: hits.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((c) => ({ ...c, objectID: c.id })),
    nbHits: hits.length,
    nbPages: Math.ceil(hits.length / hitsPerPage),
    page,
    hitsPerPage,
    facets,
    facets_stats: stats,
    processingTimeMS: 1,
    exhaustiveNbHits: true,
    query: params.query ?? '',
    params: '',
  };
}

export function fakeSearchClient(cars: Car[]) {
  // InstantSearch calls search([{indexName, params}]); code calling the
  // client directly uses search({requests: [{indexName, ...params}]}).
  const search = vi.fn(async (input: Array<{ indexName: string; params: Params }> | { requests: Array<{ indexName: string } & Params> }) => {
    const requests = Array.isArray(input) ? input : input.requests.map(({ indexName, ...params }) => ({ indexName, params: params as Params }));
    return { results: requests.map((r) => answer(cars, r.indexName, r.params ?? {})) };
  });
  return { search, cache: undefined as unknown, clearCache: async () => {} };
}
