import { ApiError } from '../../../lib/http';
import type { AuthSettings, WatchlistChange, WatchlistResponse } from '../../../lib/types';
import { idToken } from '../lib/amplify';

// The watchlist calls of spec 000 §7. The shopper is who the token says; no
// phone number is sent (the server would ignore it).

async function call<T>(auth: AuthSettings | undefined, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const token = await idToken(auth);
  if (!token) throw new ApiError(401, 'unauthorized', 'Sign in to use your watchlist.');
  const res = await fetch(path, {
    method,
    headers: { accept: 'application/json', authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => ({}))) as T & { error?: { code?: string; message?: string } };
  if (!res.ok) {
    throw new ApiError(res.status, json.error?.code ?? 'internal', json.error?.message ?? `request failed (${res.status})`);
  }
  return json;
}

export function fetchWatchlist(auth: AuthSettings | undefined) {
  return call<WatchlistResponse>(auth, 'GET', '/api/watchlist');
}

export function saveCar(auth: AuthSettings | undefined, carId: string) {
  return call<WatchlistChange>(auth, 'POST', '/api/watchlist/save-car', { car_id: carId });
}

export function removeCar(auth: AuthSettings | undefined, carId: string) {
  return call<WatchlistChange>(auth, 'POST', '/api/watchlist/remove-car', { car_id: carId });
}
