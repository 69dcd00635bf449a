// The listing's URLs (spec 000 §2, §4; issue 5 "Paths"): the one place that
// knows how search state is written in a path and query, used by the listing's
// router and by every link into the listing (navigation, home tiles, budget
// finder, 404, the car card's and the car page's "Find Me Something Similar").
// The URL is readable: make and model (or a car-type preset) in the path,
// everything else as one query parameter per facet by its spec name, page left
// out on page 1.
//
//   /search/used-cars?price=10000:30000&sortBy=price_asc&page=2
//   /search/Toyota/Corolla?body=SUV&body=Hatch
import { allFacets } from './search/facets';
import type { CarType, SimpleBodyLabel, SortKey } from './types';

export const LISTING_PATH = '/search/new-used-and-demo-cars/';
/** CAR_TYPE_ALL is the car_type filter value meaning every type (spec 001 §3); no car has it. */
export const CAR_TYPE_ALL = 'all';

/** STOCK_PATH is the listing's short form, the menu's "Our Stock". */
export const STOCK_PATH = '/cars/';

/** carPath is a car's own page. */
export function carPath(slug: string): string {
  return `/cars/${encodeURIComponent(slug)}`;
}

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

/** Car-type presets by path segment (issue 5 "Paths"). */
const TYPE_PATHS: Array<{ segment: string; types: string[] }> = [
  { segment: 'new-cars', types: ['new'] },
  { segment: 'used-cars', types: ['used'] },
  { segment: 'demo-cars', types: ['demo'] },
  { segment: 'new-and-demo-cars', types: ['demo', 'new'] },
];
const ALL_STOCK_SEGMENT = 'new-used-and-demo-cars';

/** BODY_LABELS are the simple_body values (Go shared.SimpleBodies); tsc fails below if Go adds one. */
const BODY_LABELS = [
  'Sedan',
  'Hatch',
  'SUV',
  'Ute',
  'Cab Chassis',
  'Wagon',
  'Van',
  'Coupe',
  'Convertible',
  'People Mover',
  'Bus',
  'Motorhome',
  'Light Truck',
] as const satisfies readonly SimpleBodyLabel[];
type MissingBody = Exclude<SimpleBodyLabel, (typeof BODY_LABELS)[number]>;
const everyBodyListed: [MissingBody] extends [never] ? true : MissingBody = true;
void everyBodyListed;

/** bodySlug is a body label's path segment: "Cab Chassis" -> "cab-chassis". */
export function bodySlug(label: string): string {
  return label.toLowerCase().replace(/\s+/g, '-');
}

/** bodyOfSegment is the body a single /search/{slug} segment names (a body tile), if any. */
function bodyOfSegment(segment: string): string | undefined {
  const s = bodySlug(segment);
  return BODY_LABELS.find((b) => bodySlug(b) === s);
}
/** RANGE_VALUE is a range parameter's form: min:max, either side may be empty. */
export const RANGE_VALUE = /^(-?\d+(?:\.\d+)?)?:(-?\d+(?:\.\d+)?)?$/;

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
  const qs = params.toString().replace(/%3A/gi, ':');
  return withPage(qs ? `${path}?${qs}` : path, (route.page ?? 1) - 1);
}

/**
 * withPage is the URL of page (0-based) of the listing whose page-1 URL is
 * firstPage; routeToURL writes the page with it, last. The pagination's
 * links are made from one URL with it rather than one InstantSearch
 * createURL each, which reads every widget's state (issue 14: with seven
 * links they were most of the pagination's rendering).
 */
export function withPage(firstPage: string, page: number): string {
  if (page <= 0) return firstPage;
  return `${firstPage}${firstPage.includes('?') ? '&' : '?'}page=${page + 1}`;
}

const SORT_KEYS: readonly string[] = ['relevance', 'latest', 'price_desc', 'price_asc', 'km_desc', 'km_asc'];

/** pathPreset reads the refinements a listing path implies. */
export function pathPreset(pathname: string): Record<string, string[]> {
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((s) => {
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
  // /search/suv is a body tile (spec 001 §2 "/search/{slug}"); no make is named like a body.
  const body = segments.length === 2 ? bodyOfSegment(first) : undefined;
  if (body) return { body: [body] };
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
      // car_type=all means every type (spec 001 §3): no refinement, never a value.
      const values = params.getAll(def.name).filter((v) => v && !(def.name === 'car_type' && v === CAR_TYPE_ALL));
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

/** carTypePath is the listing of one car type: /search/used-cars. */
export function carTypePath(type: CarType): string {
  return routeToURL({ lists: { car_type: [type] } });
}

/** dealershipSearchPath is a dealership's own search page (spec 000 §2 "dealership-scoped search"). */
export function dealershipSearchPath(slug: string): string {
  return `/dealerships/${encodeURIComponent(slug)}/cars`;
}

/** dealershipListingPath is the main listing in its dealer-scoped link form (spec 000 §2). */
export function dealershipListingPath(slug: string): string {
  return routeToURL({ lists: { dealership: [slug] } });
}
