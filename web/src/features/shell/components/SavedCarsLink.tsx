import { Link, useLocation } from 'react-router';
import { signedInHint } from '../../../lib/shopper/session';
import { useWatchlist } from '../../../lib/shopper/watchlistStore';
import { useSite } from '../../../lib/siteContext';
import { useFavourites } from '../../../lib/useFavourites';
import './SavedCarsLink.css';

/**
 * SavedCarsLink is the header's way back to saved cars. Where the watchlist
 * is on it tells a signed-in shopper so and links the watchlist (the site's
 * features.watchlist_path) with the count once the shared list has loaded
 * (issue 32 item 6); signed out it renders nothing, as the heart leads to
 * sign-in. Where favourites are kept on this device it links them (the
 * site's features.favourites_path) with their count (issue 33). Header
 * renders it as a lazy chunk, on every navigation, so it appears on the page
 * a sign-in returns to.
 */
export default function SavedCarsLink() {
  const { site, auth } = useSite();
  useLocation();
  const f = site.features;
  const watchlist = Boolean(f.garage && auth);
  const on = watchlist && signedInHint(auth);
  const list = useWatchlist(on ? auth : undefined);
  const favourites = useFavourites(site.slug).favourites;
  if (watchlist) {
    if (!on) return null;
    return <SavedLink to={f.watchlist_path} word="Saved" more=" cars" n={list.status === 'ready' ? list.ids.size : undefined} />;
  }
  if (!f.favourites) return null;
  return <SavedLink to={f.favourites_path} word="Favourites" n={favourites.length} local />;
}

/**
 * SavedLink is named by its own hidden text ("Saved cars: 2",
 * "Favourites: 0"), the short visible form hidden from screen readers: an
 * aria-label would not contain the visible "Saved 2" (axe
 * label-content-name-mismatch, which speech input relies on).
 */
function SavedLink({ to, word, more = '', n, local }: { to: string; word: string; more?: string; n?: number; local?: boolean }) {
  const name = word + more + (n === undefined ? '' : `: ${n}`);
  return (
    <Link to={to} className={local ? 'saved-link saved-link--local' : 'saved-link'}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M12 21s-7.5-4.6-10-9.3C.4 8.4 2.3 4.5 6 4.5c2.1 0 3.4 1.1 4 2.1.6-1 1.9-2.1 4-2.1 3.7 0 5.6 3.9 4 7.2C19.5 16.4 12 21 12 21z" />
      </svg>
      <span className="visually-hidden">{name}</span>
      <span className="saved-link__word" aria-hidden="true">
        {word}
      </span>
      {n === undefined ? null : (
        <span className="saved-link__count" aria-hidden="true">
          {n}
        </span>
      )}
    </Link>
  );
}
