import { Link, useLocation } from 'react-router';
import { signedInHint } from '../../accounts/lib/session';
import { useWatchlist } from '../../accounts/lib/watchlistStore';
import { useSite } from '../../../lib/siteContext';
import './SavedCarsLink.css';

/**
 * SavedCarsLink tells a signed-in shopper so in the header and links their
 * saved cars, with the count once the shared list has loaded (issue 32 item
 * 6). Signed out it renders nothing, so the painted header (functions/seo)
 * stays the app's. Header renders it (a lazy chunk) for a kept session, on
 * every navigation, so it appears on the page a sign-in returns to.
 */
export default function SavedCarsLink() {
  const { site, auth } = useSite();
  useLocation();
  const on = Boolean(site.features.garage && auth) && signedInHint(auth);
  const list = useWatchlist(on ? auth : undefined);
  if (!on) return null;
  const n = list.status === 'ready' ? list.ids.size : undefined;
  return (
    <Link to="/watchlist" className="saved-link" aria-label={n === undefined ? 'Saved cars' : `Saved cars: ${n}`}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M12 21s-7.5-4.6-10-9.3C.4 8.4 2.3 4.5 6 4.5c2.1 0 3.4 1.1 4 2.1.6-1 1.9-2.1 4-2.1 3.7 0 5.6 3.9 4 7.2C19.5 16.4 12 21 12 21z" />
      </svg>
      <span className="saved-link__word">Saved</span>
      {n === undefined ? null : <span className="saved-link__count">{n}</span>}
    </Link>
  );
}
