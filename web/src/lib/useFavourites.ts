import { useCallback } from 'react';
import { useStoredList } from './useStoredList';

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

function isFavourite(f: unknown): f is Favourite {
  const v = f as Partial<Favourite> | null;
  return typeof v?.id === 'string' && typeof v?.slug === 'string';
}

/** useFavourites returns the site's saved cars and a toggle. */
export function useFavourites(site: string) {
  const [favourites, update] = useStoredList(`forecourt:favourites:${site}`, isFavourite);
  const toggle = useCallback(
    (car: Favourite) => update((current) => (current.some((f) => f.id === car.id) ? current.filter((f) => f.id !== car.id) : [...current, car])),
    [update],
  );
  const isSaved = useCallback((id: string) => favourites.some((f) => f.id === id), [favourites]);
  return { favourites, toggle, isSaved };
}
