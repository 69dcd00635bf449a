import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/http';
import { useSite } from '../../../lib/siteContext';
import { trackEvent } from '../../../lib/trackEvent';
import type { CarSave } from '../../../components/search/cardActions';
import type { AuthSettings, Car } from '../../../lib/types';
import { useFavourites } from '../../../lib/useFavourites';
import { signInPath } from '../../../lib/shopper/gating';
import { removedToast, savedToast, showToast } from './toasts';
import { changeSaved, rememberPendingSave, takePendingSave, useWatchlist } from '../../../lib/shopper/watchlistStore';

/** Analytics event of a save (spec 000 §7). */
export const EVENT_SAVE = 39;

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * useCarSave is the heart of one car (spec 000 §4): the server watchlist
 * where the site's garage feature is on and sign-in is available, else the
 * visitor's local favourites where favourites are on.
 */
export function useCarSave(car: Car, name: string, sold: boolean): CarSave {
  const { site, auth } = useSite();
  const navigate = useNavigate();
  const location = useLocation();
  const watchlistOn = Boolean(site.features.garage && auth);
  const favourites = useFavourites(site.slug);
  const event = useCallback(
    (carId: string, dealershipId?: string) => trackEvent({ event_id: EVENT_SAVE, car_id: carId, dealership_id: dealershipId, website_id: site.id }),
    [site.id],
  );
  // The first heart to load the list completes a save that sent the shopper to sign-in.
  const completePending = useCallback(() => {
    if (!auth) return;
    const pending = takePendingSave(auth);
    if (pending) void save(auth, pending.car_id, pending.name, site.features.watchlist_path);
  }, [auth, site.features.watchlist_path]);
  const list = useWatchlist(watchlistOn ? auth : undefined, completePending);

  const saved = watchlistOn ? list.ids.has(car.id) : favourites.isSaved(car.id);
  const visible = (watchlistOn || site.features.favourites) && (!sold || saved);

  const toggle = useCallback(() => {
    if (!watchlistOn || !auth) {
      const adding = !favourites.isSaved(car.id);
      if (adding) event(car.id, car.dealership_id);
      favourites.toggle({ id: car.id, name, slug: car.slug, make: car.make, model: car.model, primary_image_url: car.primary_image_url });
      // The same toast as a server save (issue 33), listing this device's favourites.
      showToast((adding ? savedToast : removedToast)(name, site.features.favourites_path));
      return;
    }
    if (list.status === 'signed-out') {
      rememberPendingSave(auth, { car_id: car.id, name });
      const here = location.pathname + location.search;
      navigate(signInPath('watchlist', here, here));
      return;
    }
    if (saved) void remove(auth, car.id, name, site.features.watchlist_path);
    else void save(auth, car.id, name, site.features.watchlist_path);
  }, [watchlistOn, auth, favourites, car, name, event, list.status, saved, location, navigate, site.features]);

  return { visible, saved, toggle };
}

// The watchlist handler records event 39 for a save itself (spec 000 §7), so
// the count never rests on what a browser reports; only local favourites,
// which no server sees, send it from here.
async function save(auth: AuthSettings, carId: string, name: string, listPath: string) {
  try {
    await changeSaved(auth, carId, true);
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401)) window.alert(errorText(err));
    else window.alert('Your session has ended. Sign in again to save cars.');
    return;
  }
  showToast(savedToast(name, listPath));
}

async function remove(auth: AuthSettings, carId: string, name: string, listPath: string) {
  try {
    await changeSaved(auth, carId, false);
  } catch (err) {
    window.alert(errorText(err));
    return;
  }
  showToast(removedToast(name, listPath));
}
