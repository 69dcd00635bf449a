import { useEffect, useSyncExternalStore } from 'react';
import { ApiError } from '../http';
import type { AuthSettings } from '../types';
import { keptUser } from './session';

// The signed-in shopper's saved car ids, shared by every heart on the page
// (one GET /api/watchlist per page load), changed optimistically by save and
// remove (spec 000 §4). The calls (and Amplify behind them) load on first
// use, off the listing's initial JavaScript. A save made while signed out is
// remembered here across the trip to sign-in and completed when the list
// next loads.

export type WatchlistStatus = 'idle' | 'loading' | 'ready' | 'signed-out' | 'error';

export interface WatchlistState {
  status: WatchlistStatus;
  ids: ReadonlySet<string>;
}

/** PendingSave is a save that sent a signed-out shopper to sign-in. */
export interface PendingSave {
  car_id: string;
  name: string;
}

const IDLE: WatchlistState = { status: 'idle', ids: new Set() };
let state: WatchlistState = IDLE;
let loadedFor: string | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: WatchlistState) {
  state = next;
  for (const l of listeners) l();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

function pendingKey(auth: AuthSettings) {
  return `forecourt:pending-save:${auth.userPoolClientId}`;
}

/** rememberPendingSave keeps a save for after sign-in (this tab only). */
export function rememberPendingSave(auth: AuthSettings, save: PendingSave): void {
  window.sessionStorage.setItem(pendingKey(auth), JSON.stringify(save));
}

/** takePendingSave returns and forgets the remembered save, if any. */
export function takePendingSave(auth: AuthSettings): PendingSave | null {
  const raw = window.sessionStorage.getItem(pendingKey(auth));
  window.sessionStorage.removeItem(pendingKey(auth));
  try {
    const v = JSON.parse(raw ?? 'null') as Partial<PendingSave> | null;
    return typeof v?.car_id === 'string' && typeof v.name === 'string' ? { car_id: v.car_id, name: v.name } : null;
  } catch {
    return null;
  }
}

/**
 * loadWatchlist reads the shopper's list once per client and shopper (a
 * sign-in or sign-out in this page reloads it); signed out (no kept
 * session, or the server answers 401) it settles as 'signed-out'.
 */
export async function loadWatchlist(auth: AuthSettings, onLoaded?: () => void): Promise<void> {
  const user = keptUser(auth);
  const key = `${auth.userPoolClientId}/${user}`;
  if (loadedFor !== key) {
    loadedFor = key;
    loading = fetchInto(auth, user);
  }
  // Every caller's onLoaded runs once the list is here, not only the first
  // caller's: the header's saved-cars link may load it before the heart
  // whose pending save (after sign-in) waits on it.
  await loading;
  if (state.status === 'ready') onLoaded?.();
}

async function fetchInto(auth: AuthSettings, user: string): Promise<void> {
  if (!user) {
    set({ status: 'signed-out', ids: new Set() });
    return;
  }
  set({ status: 'loading', ids: state.ids });
  try {
    const { fetchWatchlist } = await import('./watchlist');
    const res = await fetchWatchlist(auth);
    set({ status: 'ready', ids: new Set((res.cars ?? []).map((c) => c.car_id)) });
  } catch (err) {
    set({ status: err instanceof ApiError && err.status === 401 ? 'signed-out' : 'error', ids: new Set() });
  }
}

/** resetWatchlist forgets the loaded list (sign-out, tests). */
export function resetWatchlist(): void {
  loadedFor = null;
  loading = null;
  set(IDLE);
}

function withId(ids: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const next = new Set(ids);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/**
 * changeSaved adds or removes the car at once, then calls the API; on
 * failure the change is rolled back and the error is thrown for the caller
 * to show (spec 000 §8: an alert).
 */
export async function changeSaved(auth: AuthSettings, carId: string, save: boolean): Promise<void> {
  set({ status: state.status, ids: withId(state.ids, carId, save) });
  try {
    const api = await import('./watchlist');
    if (save) await api.saveCar(auth, carId);
    else await api.removeCar(auth, carId);
  } catch (err) {
    set({ status: state.status, ids: withId(state.ids, carId, !save) });
    throw err;
  }
}

/** useWatchlist is the shared list state; it starts the load when auth is given. */
export function useWatchlist(auth: AuthSettings | undefined, onLoaded?: () => void): WatchlistState {
  useEffect(() => {
    if (auth) void loadWatchlist(auth, onLoaded);
  }, [auth, onLoaded]);
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => IDLE,
  );
}
