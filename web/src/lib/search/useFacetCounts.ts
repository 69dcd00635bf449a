import { useEffect, useMemo, useState } from 'react';
import type { SearchAccess } from '../types';
import { useSite } from '../siteContext';
import { baseFilters } from './filters';
import { createSearchClient } from './searchClient';

export type FacetData = Record<string, Record<string, number>>;
export type FacetClient = { search: (input: { requests: Array<Record<string, unknown>> }) => Promise<unknown> };
/** FacetState: a ready state names the filter string it answers. */
export type FacetState = { status: 'loading' } | { status: 'ready'; facets: FacetData; nbHits: number; filters: string } | { status: 'error' };

/** MAX_FACET_VALUES: every make or model a site could stock fits in one answer. */
export const MAX_FACET_VALUES = 1000;

/** useFacetClient is the site's search client, or the one a test passes in. */
export function useFacetClient(access: SearchAccess, client?: FacetClient): FacetClient {
  return useMemo(() => client ?? (createSearchClient(access) as unknown as FacetClient), [client, access]);
}

/**
 * useFacetCounts asks the index for the value counts of facets under a
 * filter string (no hits): the widgets outside the listing (facet tiles, the
 * make dropdown, the manufacturer directory) read stock this way. A failed
 * search keeps what was shown, as the listing does (spec 000 §8).
 */
export function useFacetCounts(client: FacetClient, index: string, facets: string[], filters: string, skip = false): FacetState {
  const [state, setState] = useState<FacetState>({ status: 'loading' });
  const key = facets.join(',');
  useEffect(() => {
    if (skip) return;
    let live = true;
    client
      .search({
        requests: [{ indexName: index, query: '', hitsPerPage: 0, facets: key.split(','), maxValuesPerFacet: MAX_FACET_VALUES, filters }],
      })
      .then((res) => {
        const [result] = (res as { results: Array<{ facets?: FacetData; nbHits?: number }> }).results;
        if (live) setState({ status: 'ready', facets: result.facets ?? {}, nbHits: result.nbHits ?? 0, filters });
      })
      .catch((err: unknown) => {
        console.warn('facet search failed', err);
        if (live) setState((s) => (s.status === 'ready' ? s : { status: 'error' }));
      });
    return () => {
      live = false;
    };
  }, [client, index, key, filters, skip]);
  return state;
}

/**
 * useSiteFacets is the value counts of facets over the site's whole listing
 * (its base filters). They come with the site (GET /api/site `stats`,
 * computed after each feed run: issue 18, no search request for them) when
 * the stats carry every facet asked for; otherwise the index is asked once.
 */
export function useSiteFacets(client: FacetClient, facets: string[]): FacetState {
  const { site, search, stats } = useSite();
  const filters = baseFilters(site, false);
  const shipped = stats && facets.every((f) => f in stats.facets) ? stats : null;
  const asked = useFacetCounts(client, search.index, facets, filters, Boolean(shipped));
  return useMemo<FacetState>(
    () => (shipped ? { status: 'ready', facets: shipped.facets, nbHits: shipped.nb_hits, filters } : asked),
    [shipped, asked, filters],
  );
}
