import type { UiState } from 'instantsearch.js';
import { InstantSearch, type InstantSearchProps } from 'react-instantsearch';

/** The InstantSearch options every search page shares. */
const FUTURE = { preserveSharedStateOnUnmount: true };

/**
 * SiteInstantSearch is InstantSearch as every page here uses it. Insights are
 * off: the site records its own events (trackEvent), the CSP would block
 * Algolia's insights script, and with `insights` unset InstantSearch would add
 * that middleware by itself when an engine's answer asks for it. The build
 * leaves the middleware out (vite.config.ts, instantSearchUnused).
 */
export function SiteInstantSearch<TUiState extends UiState = UiState, TRouteState = TUiState>(
  props: Omit<InstantSearchProps<TUiState, TRouteState>, 'insights' | 'future'>,
) {
  return <InstantSearch<TUiState, TRouteState> {...props} insights={false} future={FUTURE} />;
}
