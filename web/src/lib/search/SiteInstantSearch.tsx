import { useEffect, useState } from 'react';
import type { InitialResults, UiState } from 'instantsearch.js';
import { InstantSearch, InstantSearchSSRContext, type InstantSearchProps } from 'react-instantsearch';
import { inlinedJSON } from '../inlined';
import { WidgetsAddedTogether } from './WidgetsAddedTogether';

/** The InstantSearch options every search page shares. */
const FUTURE = { preserveSharedStateOnUnmount: true };

/** INLINED_SEARCH_ID is the script a listing page's shell carries its first search's answer in (functions/seo). */
export const INLINED_SEARCH_ID = 'forecourt-search';

/** InlinedSearch is that script's body: InstantSearch's initialResults and the page URL they were made for. */
export interface InlinedSearch {
  path: string;
  initialResults: InitialResults;
}

/**
 * inlinedSearch reads the first search's answer the server rendered into the
 * page (issue 14: first paint without a round trip) when it was made for this
 * URL: the same path and no query string (the server sees no query string,
 * so refinements in it are not in the answer).
 */
export function inlinedSearch(loc: Pick<Location, 'pathname' | 'search'>): InitialResults | undefined {
  return inlinedJSON<InlinedSearch>(INLINED_SEARCH_ID, (b) => b.path === loc.pathname && !loc.search && typeof b.initialResults === 'object')?.initialResults;
}

/**
 * SiteInstantSearch is InstantSearch as every page here uses it. Insights are
 * off: the site records its own events (trackEvent), the CSP would block
 * Algolia's insights script, and with `insights` unset InstantSearch would add
 * that middleware by itself when an engine's answer asks for it. The build
 * leaves the middleware out (vite.config.ts, instantSearchUnused).
 *
 * When the page carries its first search's answer for this URL, InstantSearch
 * starts from it and sends no first search. It is used once: the script is
 * removed once read, so coming back to the page later searches afresh. The
 * answer goes through InstantSearch's SSR context itself, not
 * InstantSearchSSRProvider: the provider's instance ref is kept for server
 * hydration and stops InstantSearch from being disposed on unmount (its
 * router would outlive the listing), and it costs bytes the budget lacks.
 */
export function SiteInstantSearch<TUiState extends UiState = UiState, TRouteState = TUiState>({
  children,
  ...props
}: Omit<InstantSearchProps<TUiState, TRouteState>, 'insights' | 'future'>) {
  // One object for the component's life: InstantSearch resubscribes when it changes.
  const [ssr] = useState(() => {
    const initialResults = inlinedSearch(window.location);
    return initialResults && { initialResults };
  });
  useEffect(() => {
    if (ssr) document.getElementById(INLINED_SEARCH_ID)?.remove();
  }, [ssr]);
  const search = (
    <InstantSearch<TUiState, TRouteState> {...props} insights={false} future={FUTURE}>
      <WidgetsAddedTogether>{children}</WidgetsAddedTogether>
    </InstantSearch>
  );
  return ssr ? <InstantSearchSSRContext.Provider value={ssr}>{search}</InstantSearchSSRContext.Provider> : search;
}
