import { useCallback, useSyncExternalStore } from 'react';

// Favourites for visitors live in localStorage (spec 000 §4, §6); the server
// watchlist for signed-in shoppers comes with sign-in. An entry carries the
// fields of spec 001 §3 "Favourite entry".

export interface Favourite {
  id: string;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url?: string;
}

const EVENT = 'forecourt:favourites';

function keyOf(site: string) {
  return `forecourt:favourites:${site}`;
}

function read(site: string): Favourite[] {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(keyOf(site)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as Favourite[]) : [];
  } catch {
    return [];
  }
}

const snapshots = new Map<string, { raw: string | null; value: Favourite[] }>();

function snapshot(site: string): Favourite[] {
  const raw = window.localStorage.getItem(keyOf(site));
  const cached = snapshots.get(site);
  if (cached && cached.raw === raw) return cached.value;
  const value = read(site);
  snapshots.set(site, { raw, value });
  return value;
}

function subscribe(onChange: () => void) {
  window.addEventListener(EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** useFavourites returns the site's saved cars and a toggle. */
export function useFavourites(site: string) {
  const favourites = useSyncExternalStore(subscribe, () => snapshot(site), () => []);
  const toggle = useCallback(
    (car: Favourite) => {
      const current = read(site);
      const next = current.some((f) => f.id === car.id) ? current.filter((f) => f.id !== car.id) : [...current, car];
      window.localStorage.setItem(keyOf(site), JSON.stringify(next));
      window.dispatchEvent(new Event(EVENT));
    },
    [site],
  );
  const isSaved = useCallback((id: string) => favourites.some((f) => f.id === id), [favourites]);
  return { favourites, toggle, isSaved };
}
