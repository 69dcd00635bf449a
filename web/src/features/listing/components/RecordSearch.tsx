import { useEffect } from 'react';
import { useInstantSearch } from 'react-instantsearch';
import { useSite } from '../../../lib/siteContext';
import { historyEntry } from '../history';
import { useSearchHistory } from '../hooks/useSearchHistory';
import { stateToRoute } from '../../../lib/search/routing';

// Its own chunk, loaded after the listing (SearchPage): nothing is recorded
// before a search has settled, so it need not be in the listing's initial
// JavaScript (issue 5 budget).

const SETTLE_MS = 1500;

/** RecordSearch adds the listing's search to the history once it has settled. */
export default function RecordSearch() {
  const { site, search } = useSite();
  const { uiState } = useInstantSearch();
  const { add } = useSearchHistory(site.slug);
  const entry = historyEntry(stateToRoute(uiState, { indexName: search.index, sortIndices: search.sortIndices }));
  const path = entry?.path;
  const label = entry?.label;
  useEffect(() => {
    if (!path || !label) return;
    const timer = setTimeout(() => add({ path, label }), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [add, path, label]);
  return null;
}
