import type { AuthSettings, WatchlistChange, WatchlistResponse } from '../types';
import { shopperRequest } from './shopperRequest';

const SIGNED_OUT = 'Sign in to use your watchlist.';

// The watchlist calls of spec 000 §7. The shopper is who the token says; no
// phone number is sent (the server would ignore it).

export function fetchWatchlist(auth: AuthSettings | undefined) {
  return shopperRequest<WatchlistResponse>(auth, 'GET', '/api/watchlist', SIGNED_OUT);
}

export function saveCar(auth: AuthSettings | undefined, carId: string) {
  return shopperRequest<WatchlistChange>(auth, 'POST', '/api/watchlist/save-car', SIGNED_OUT, { car_id: carId });
}

export function removeCar(auth: AuthSettings | undefined, carId: string) {
  return shopperRequest<WatchlistChange>(auth, 'POST', '/api/watchlist/remove-car', SIGNED_OUT, { car_id: carId });
}
