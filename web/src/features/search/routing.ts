// Search state <-> URL (spec 000 §2, §4; issue 5 "Paths"). The URL is readable:
// make and model (or a car-type preset) in the path, everything else as one
// query parameter per facet by its spec name, page left out on page 1.
//
//   /search/used-cars?price=10000:30000&sortBy=price_asc&page=2
//   /search/Toyota/Corolla?body=SUV&body=Hatch
//
// stateToRoute/routeToState map InstantSearch's ui state to a RouteState and
// back; routeToURL/urlToRoute map a RouteState to a path and query and back.
// All four are plain functions; createRouting wires them to InstantSearch.
import type { IndexUiState, UiState } from 'instantsearch.js';
import { history } from 'instantsearch.js/es/lib/routers';
import type { SortKey } from '../../lib/types';
import { allFacets, facetByAttribute, facetByName } from './facets';

export const LISTING_PATH = '/search/new-used-and-demo-cars/';

/** RouteState is the search state as the URL holds it, keyed by spec names. */
export interface RouteState {
  query?: string;
  /** 1-based; absent on page 1. */
  page?: number;
  /** A sort key (price_asc); absent for relevance. */
  sortBy?: SortKey;
  /** List facets: spec name -> selected values. */
  lists?: Record<string, string[]>;
  /** Range facets: spec name -> "min:max" (either side may be empty). */
  ranges?: Record<string, string>;
}

export interface RoutingConfig {
  /** The main index name (relevance). */
  indexName: string;
  /** Sort key -> replica index name, from /api/site search.sortIndices (null when the API has none). */
  sortIndices: Partial<Record<SortKey, string>> | null;
}

/** Car-type presets by path segment (issue 5 "Paths"). */
const TYPE_PATHS: Array<{ segment: string; types: string[] }> = [
  { segment: 'new-cars', types: ['new'] },
  { segment: 'used-cars', types: ['used'] },
  { segment: 'demo-cars', types: ['demo'] },
  { segment: 'new-and-demo-cars', types: ['demo', 'new'] },
];
const ALL_STOCK_SEGMENT = 'new-used-and-demo-cars';
const RANGE_VALUE = /^(-?\d+(?:\.\d+)?)?:(-?\d+(?:\.\d+)?)?$/;

function sortKeyOf(indexName: string | undefined, cfg: RoutingConfig): SortKey | undefined {
  if (!indexName || indexName === cfg.indexName) return undefined;
  for (const [key, name] of Object.entries(cfg.sortIndices ?? {})) {
    if (name === indexName && key !== 'relevance') return key as SortKey;
  }
  return undefined;
}

/** stateToRoute turns the main index's ui state into a RouteState. */
export function stateToRoute(uiState: UiState, cfg: RoutingConfig): RouteState {
  const s: IndexUiState = uiState[cfg.indexName] ?? {};
  const route: RouteState = {};
  if (s.query) route.query = s.query;
  if (s.page && s.page > 1) route.page = s.page;
  const sort = sortKeyOf(s.sortBy, cfg);
  if (sort) route.sortBy = sort;
  for (const [attribute, values] of Object.entries(s.refinementList ?? {})) {
    const def = facetByAttribute(attribute);
    if (def && values.length > 0) (route.lists ??= {})[def.name] = [...values];
  }
  for (const [attribute, value] of Object.entries(s.range ?? {})) {
    const def = facetByAttribute(attribute);
    if (def && value && value !== ':') (route.ranges ??= {})[def.name] = value;
  }
  return route;
}

/** routeToState turns a RouteState into ui state for the main index. */
export function routeToState(route: RouteState, cfg: RoutingConfig): UiState {
  const s: IndexUiState = {};
  if (route.query) s.query = route.query;
  if (route.page && route.page > 1) s.page = route.page;
  if (route.sortBy && route.sortBy !== 'relevance') {
    const replica = cfg.sortIndices?.[route.sortBy];
    if (replica) s.sortBy = replica;
  }
  for (const [name, values] of Object.entries(route.lists ?? {})) {
    const def = facetByName(name);
    if (def?.kind === 'list' && values.length > 0) (s.refinementList ??= {})[def.attribute] = [...values];
  }
  for (const [name, value] of Object.entries(route.ranges ?? {})) {
    const def = facetByName(name);
    if (def?.kind === 'range' && RANGE_VALUE.test(value) && value !== ':') (s.range ??= {})[def.attribute] = value;
  }
  return { [cfg.indexName]: s };
}

function sameSet(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const sa = [...a].sort();
  const sb = [...b].sort();
  return sa.every((v, i) => v === sb[i]);
}

/**
 * routeToURL renders a RouteState as path and query. A car-type preset wins
 * the path; otherwise one make (with at most one model) goes in the path.
 * With basePath (a page of its own, such as a dealership's search) the path
 * is fixed and every refinement goes in the query.
 */
export function routeToURL(route: RouteState, basePath?: string): string {
  const lists: Record<string, string[]> = { ...(route.lists ?? {}) };
  let path = basePath ?? LISTING_PATH;
  const types = lists.car_type ?? [];
  const preset = !basePath && types.length > 0 ? TYPE_PATHS.find((p) => sameSet(p.types, types)) : undefined;
  const makes = lists.make ?? [];
  const models = lists.model ?? [];
  if (preset) {
    path = `/search/${preset.segment}`;
    delete lists.car_type;
  } else if (!basePath && makes.length === 1 && models.length <= 1) {
    path = `/search/${encodeURIComponent(makes[0])}`;
    delete lists.make;
    if (models.length === 1) {
      path += `/${encodeURIComponent(models[0])}`;
      delete lists.model;
    }
  }

  const params = new URLSearchParams();
  if (route.query) params.set('query', route.query);
  // Facets in registry order keep URLs stable whatever order refinements came in.
  for (const def of allFacets()) {
    if (def.kind === 'list') for (const v of lists[def.name] ?? []) params.append(def.name, v);
    else if (route.ranges?.[def.name]) params.set(def.name, route.ranges[def.name]);
  }
  if (route.sortBy) params.set('sortBy', route.sortBy);
  if (route.page && route.page > 1) params.set('page', String(route.page));
  const qs = params.toString().replace(/%3A/gi, ':');
  return qs ? `${path}?${qs}` : path;
}

const SORT_KEYS: readonly string[] = ['relevance', 'latest', 'price_desc', 'price_asc', 'km_desc', 'km_asc'];

/** pathPreset reads the refinements a listing path implies. */
export function pathPreset(pathname: string): Record<string, string[]> {
  const segments = pathname.split('/').filter(Boolean).map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  if (segments[0] !== 'search' || segments.length < 2) return {};
  const first = segments[1];
  if (first === ALL_STOCK_SEGMENT) return {};
  const preset = TYPE_PATHS.find((p) => p.segment === first);
  if (preset) return { car_type: [...preset.types] };
  const out: Record<string, string[]> = { make: [first] };
  if (segments[2]) out.model = [segments[2]];
  return out;
}

/** urlToRoute parses a listing URL (pathname and search) into a RouteState. */
export function urlToRoute(pathname: string, search: string): RouteState {
  const params = new URLSearchParams(search);
  const route: RouteState = {};
  const lists: Record<string, string[]> = {};
  const ranges: Record<string, string> = {};
  const query = params.get('query');
  if (query) route.query = query;
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) route.page = page;
  const sort = params.get('sortBy');
  if (sort && SORT_KEYS.includes(sort) && sort !== 'relevance') route.sortBy = sort as SortKey;
  for (const def of allFacets()) {
    if (def.kind === 'list') {
      const values = params.getAll(def.name).filter(Boolean);
      if (values.length > 0) lists[def.name] = values;
    } else {
      const value = params.get(def.name);
      if (value && RANGE_VALUE.test(value) && value !== ':') ranges[def.name] = value;
    }
  }
  for (const [name, values] of Object.entries(pathPreset(pathname))) {
    lists[name] = [...new Set([...values, ...(lists[name] ?? [])])];
  }
  if (Object.keys(lists).length > 0) route.lists = lists;
  if (Object.keys(ranges).length > 0) route.ranges = ranges;
  return route;
}

/** isListingPath reports whether a path shows the search listing. */
export function isListingPath(pathname: string): boolean {
  return /^\/search(\/|$)/.test(pathname) || /^\/cars\/?$/.test(pathname);
}

/**
 * createRouting wires the mapping functions to InstantSearch's history
 * router. basePath gives a search page of its own (not the listing paths) a
 * fixed path with the state in its query.
 */
export function createRouting(cfg: RoutingConfig, basePath?: string) {
  const owns = (pathname: string) =>
    basePath ? pathname.replace(/\/+$/, '') === basePath.replace(/\/+$/, '') : isListingPath(pathname);
  return {
    router: history<RouteState>({
      cleanUrlOnDispose: false,
      // Absolute, like location.href: the router skips a write equal to the
      // current URL only when the two compare equal, so a relative URL made it
      // push the page's own URL again after every mount (a second history
      // entry, and a pending write that outlived the listing).
      createURL: ({ routeState, location }) => location.origin + routeToURL(routeState, basePath),
      // Writes are debounced (400 ms). By the time one fires the app may have
      // navigated to a page the listing does not own (a car page); writing
      // then would undo that navigation.
      push: (url) => {
        if (owns(window.location.pathname)) window.history.pushState(null, '', url);
      },
      parseURL: ({ location }) => (owns(location.pathname) ? urlToRoute(location.pathname, location.search) : {}),
    }),
    stateMapping: {
      stateToRoute: (uiState: UiState) => stateToRoute(uiState, cfg),
      routeToState: (route: RouteState) => routeToState(route, cfg),
    },
  };
}
