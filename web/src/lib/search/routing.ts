// InstantSearch's routing for the listing (spec 000 §2, §4): stateToRoute and
// routeToState map InstantSearch's ui state to a RouteState and back (plain
// functions); createRouting wires them and the listing's URL rules
// (lib/listingUrl.ts) to InstantSearch's history router.
import type { IndexUiState, UiState } from 'instantsearch.js';
import { history } from 'instantsearch.js/es/lib/routers';
import type { SortKey } from '../types';
import { isListingPath, RANGE_VALUE, routeToURL, urlToRoute, type RouteState } from '../listingUrl';
import { facetByAttribute, facetByName } from './facets';

export interface RoutingConfig {
  /** The main index name (relevance). */
  indexName: string;
  /** Sort key -> replica index name, from /api/site search.sortIndices. */
  sortIndices: Partial<Record<SortKey, string>>;
  /** The site's stats (GET /api/site): their make and make+model facets spell a path's make and model. */
  stats?: { facets?: Record<string, Record<string, number>>; models?: Record<string, Record<string, number> | null> } | null;
}

/** spelled is v as one of known spells it, ignoring case (/search/toyota lists the make Toyota; issue 33), else v. */
const spelled = (v: string, known: Record<string, unknown> | null | undefined) =>
  Object.keys(known ?? {}).find((k) => k.toLowerCase() === v.toLowerCase()) ?? v;

function sortKeyOf(indexName: string | undefined, cfg: RoutingConfig): SortKey | undefined {
  if (!indexName || indexName === cfg.indexName) return undefined;
  for (const [key, name] of Object.entries(cfg.sortIndices)) {
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
    const replica = cfg.sortIndices[route.sortBy];
    if (replica) s.sortBy = replica;
  }
  const makes = (route.lists?.make ?? []).map((m) => spelled(m, cfg.stats?.facets?.make));
  for (const [name, values] of Object.entries(route.lists ?? {})) {
    const def = facetByName(name);
    const v = name === 'make' ? makes : name === 'model' && makes.length === 1 ? values.map((m) => spelled(m, cfg.stats?.models?.[makes[0]])) : values;
    if (def?.kind === 'list' && v.length > 0) (s.refinementList ??= {})[def.attribute] = [...v];
  }
  for (const [name, value] of Object.entries(route.ranges ?? {})) {
    const def = facetByName(name);
    if (def?.kind === 'range' && RANGE_VALUE.test(value) && value !== ':') (s.range ??= {})[def.attribute] = value;
  }
  return { [cfg.indexName]: s };
}

/**
 * createRouting wires the mapping functions to InstantSearch's history
 * router. basePath gives a search page of its own (not the listing paths) a
 * fixed path with the state in its query.
 */
export function createRouting(cfg: RoutingConfig, basePath?: string) {
  const owns = (pathname: string) => (basePath ? pathname.replace(/\/+$/, '') === basePath.replace(/\/+$/, '') : isListingPath(pathname));
  // The page a pending write was made on. Writes are debounced (400 ms); by
  // the time one fires the app may have navigated (to a car page, or to
  // another listing by a link), and writing then would undo that navigation.
  let writtenFrom = '';
  const router = history<RouteState>({
    cleanUrlOnDispose: false,
    // Absolute, like location.href: the router skips a write equal to the
    // current URL only when the two compare equal, so a relative URL made it
    // push the page's own URL again after every mount (a second history
    // entry, and a pending write that outlived the listing).
    createURL: ({ routeState, location }) => location.origin + routeToURL(routeState, basePath),
    push: (url) => {
      if (window.location.href === writtenFrom) window.history.pushState(null, '', url);
    },
    parseURL: ({ location }) => (owns(location.pathname) ? urlToRoute(location.pathname, location.search) : {}),
  });
  const write = router.write.bind(router);
  router.write = (routeState) => {
    writtenFrom = window.location.href;
    write(routeState);
  };
  return {
    router,
    stateMapping: {
      stateToRoute: (uiState: UiState) => stateToRoute(uiState, cfg),
      routeToState: (route: RouteState) => routeToState(route, cfg),
    },
  };
}
