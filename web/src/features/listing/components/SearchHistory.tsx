import { Link } from 'react-router';
import { useSite } from '../../../lib/siteContext';
import { useSearchHistory } from '../hooks/useSearchHistory';
import './SearchHistory.css';

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
