// The secondary lookup of spec 000 §7: cars by a filter string with a limit,
// for fixed-count widgets (home latest arrivals, car page similar cars;
// issue 17). Its answer is the listing's hits, hitsPerPage = the limit
// (docs/spec-deviations.md "Open points").
import { useEffect, useState } from 'react';
import type { Car } from '../types';
import { CARD_ATTRIBUTES } from './cardAttributes';
import type { FacetClient } from './useFacetCounts';

export type LookupState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; cars: Car[] } | { status: 'error' };

export interface Lookup {
  index: string;
  /** filters is the whole filter string: the site's base filters and the widget's own. */
  filters: string;
  limit: number;
  /** exclude drops a car (the one the page shows) from the answer; one more is asked for to keep the count. */
  exclude?: string;
}

/**
 * useSecondaryLookup sends one search when `enabled` turns true (the widget
 * has scrolled into view: issue 18 keeps page loads free of searches) and
 * never again for the same lookup; with `initial` cars it sends none. A failed search logs and shows nothing,
 * as the listing keeps what it had (spec 000 §8).
 */
export function useSecondaryLookup(client: FacetClient, lookup: Lookup, enabled: boolean, initial?: Car[]): LookupState {
  // The cars the page came with (the home's latest arrivals, searched by
  // the server: issue 32 item 10) stand for the answer: no search.
  const [state, setState] = useState<LookupState>(initial ? { status: 'ready', cars: initial.slice(0, lookup.limit) } : { status: 'idle' });
  const given = Boolean(initial);
  const { index, filters, limit, exclude } = lookup;
  useEffect(() => {
    if (given || !enabled || limit <= 0) return;
    let live = true;
    setState({ status: 'loading' });
    client
      .search({
        requests: [
          {
            indexName: index,
            query: '',
            hitsPerPage: exclude ? limit + 1 : limit,
            filters,
            attributesToRetrieve: CARD_ATTRIBUTES,
          },
        ],
      })
      .then((res) => {
        const [result] = (res as { results: Array<{ hits?: Array<Car & { objectID?: string }> }> }).results;
        const cars = (result.hits ?? []).filter((c) => !exclude || (c.id ?? c.objectID) !== exclude).slice(0, limit);
        if (live) setState({ status: 'ready', cars });
      })
      .catch((err: unknown) => {
        console.warn('secondary lookup failed', err);
        if (live) setState({ status: 'error' });
      });
    return () => {
      live = false;
    };
  }, [client, index, filters, limit, exclude, enabled, given]);
  return state;
}
