import { useSyncExternalStore } from 'react';

// One toast at a time (spec 000 §8): a new toast replaces the one showing.
// The store lives in this module so any heart on the page can raise a toast
// that the one Toaster in the layout shows.

export interface Toast {
  id: number;
  title: string;
  body: string;
  action?: { label: string; to: string };
}

type Listener = () => void;

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const l of listeners) l();
}

/** showToast shows a toast in place of any other. */
export function showToast(toast: Omit<Toast, 'id'>): void {
  current = { ...toast, id: nextId++ };
  emit();
}

/** dismissToast closes the toast with that id (a later toast stays). */
export function dismissToast(id: number): void {
  if (current?.id !== id) return;
  current = null;
  emit();
}

function subscribe(l: Listener) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** useToast is the toast showing, or null. */
export function useToast(): Toast | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** The watchlist toasts of spec 000 §8, word for word. */
export function savedToast(name: string, watchlistPath: string): Omit<Toast, 'id'> {
  return { title: 'Car Saved In Watchlist', body: `${name} is now available in your watchlist`, action: { label: 'View List', to: watchlistPath } };
}

export function removedToast(name: string, watchlistPath: string): Omit<Toast, 'id'> {
  return { title: 'Car Removed', body: `${name} is no longer in your watchlist`, action: { label: 'View List', to: watchlistPath } };
}
