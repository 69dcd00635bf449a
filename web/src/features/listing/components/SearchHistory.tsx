import { useEffect } from 'react';
import { useInstantSearch } from 'react-instantsearch';
import { Link } from 'react-router';
import { useSite } from '../../../lib/siteContext';
import { historyEntry } from '../history';
import { useSearchHistory } from '../hooks/useSearchHistory';
import { stateToRoute } from '../../../lib/search/routing';
import './SearchHistory.css';

const SETTLE_MS = 1500;

/** RecordSearch adds the listing's search to the history once it has settled. */
export function RecordSearch() {
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

/** RecentSearches lists the shopper's last five searches. */
export function RecentSearches() {
  const { site } = useSite();
  const { entries } = useSearchHistory(site.slug);
  if (entries.length === 0) return null;
  return (
    <section className="recent-searches" aria-labelledby="recent-searches-title">
      <h2 id="recent-searches-title">Your recent searches</h2>
      <ul>
        {entries.map((e) => (
          <li key={e.path}>
            <Link to={e.path}>{e.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
