import { Link, useLocation } from 'react-router';
import { useSite } from '../../../lib/siteContext';
import { comparePath, useCompareList } from '../lib/compareList';
import './compare.css';

/** CompareBar shows the picked cars at the foot of every page but the comparison, with the link to compare them. */
export function CompareBar() {
  const { site } = useSite();
  const { pathname } = useLocation();
  const { picks, max, toggle, clear } = useCompareList(site.slug);
  if (!site.features.compare || picks.length === 0 || pathname === '/compare') return null;
  const shown = picks.slice(0, max);
  return (
    <aside className="compare-bar" aria-label="Cars to compare">
      <ul className="compare-bar__cars">
        {shown.map((p) => (
          <li key={p.id}>
            <span>{p.title}</span>
            <button type="button" onClick={() => toggle(p)} aria-label={`Remove ${p.title} from the comparison`}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <p className="compare-bar__hint">{shown.length < 2 ? `Pick another car to compare (up to ${max})` : `${shown.length} of ${max} cars picked`}</p>
      <div className="compare-bar__actions">
        <button type="button" className="button button--ghost" onClick={clear}>
          Clear
        </button>
        {shown.length >= 2 ? (
          <Link className="button" to={comparePath(shown.map((p) => p.id))}>
            Compare {shown.length} cars
          </Link>
        ) : null}
      </div>
    </aside>
  );
}
