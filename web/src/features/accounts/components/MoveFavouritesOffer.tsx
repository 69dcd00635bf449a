import { useCallback, useState } from 'react';
import { useSite } from '../../../lib/siteContext';
import { useFavourites } from '../../../lib/useFavourites';
import { showToast } from '../lib/toasts';
import { changeSaved, useWatchlist } from '../../../lib/shopper/watchlistStore';

const DISMISSED = 'forecourt:move-favourites-dismissed';

/**
 * MoveFavouritesOffer offers a shopper who is signed in on a site with the
 * watchlist on to move the favourites kept on this device into it (issue 12,
 * spec 000 §4). Each moved car leaves the local list once the server has it;
 * a failure stops there with an alert, keeping what was not moved.
 */
export function MoveFavouritesOffer() {
  const { site, auth } = useSite();
  const watchlistOn = Boolean(site.features.garage && auth);
  const list = useWatchlist(watchlistOn ? auth : undefined);
  const { favourites, toggle } = useFavourites(site.slug);
  const [dismissed, setDismissed] = useState(() => window.sessionStorage.getItem(DISMISSED) === '1');
  const [moving, setMoving] = useState(false);

  const move = useCallback(async () => {
    if (!auth) return;
    setMoving(true);
    let moved = 0;
    for (const f of favourites) {
      try {
        if (!list.ids.has(f.id)) await changeSaved(auth, f.id, true);
      } catch (err) {
        window.alert(err instanceof Error ? err.message : String(err));
        break;
      }
      toggle(f);
      moved++;
    }
    setMoving(false);
    if (moved > 0) {
      showToast({
        title: 'Favourites Moved',
        body: `${moved} ${moved === 1 ? 'car is' : 'cars are'} now in your watchlist`,
        action: { label: 'View List', to: site.features.watchlist_path },
      });
    }
  }, [auth, favourites, list.ids, toggle, site.features.watchlist_path]);

  if (!watchlistOn || list.status !== 'ready' || favourites.length === 0 || dismissed) return null;
  const n = favourites.length;
  return (
    <section className="move-favourites" role="region" aria-label="Move your favourites">
      <p>
        You have {n} {n === 1 ? 'favourite' : 'favourites'} saved on this device. Move {n === 1 ? 'it' : 'them'} to your watchlist to see{' '}
        {n === 1 ? 'it' : 'them'} wherever you sign in?
      </p>
      <button type="button" className="button" disabled={moving} onClick={() => void move()}>
        Move to watchlist
      </button>{' '}
      <button
        type="button"
        className="button button--ghost"
        onClick={() => {
          window.sessionStorage.setItem(DISMISSED, '1');
          setDismissed(true);
        }}
      >
        Not now
      </button>
    </section>
  );
}
