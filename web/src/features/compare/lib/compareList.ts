import { useCallback } from 'react';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import { useStoredList } from '../../../lib/useStoredList';
import { MAX_COMPARE_CARS } from '../../../lib/types';

// The cars a shopper picked to compare (spec 000 §4), kept in this browser
// per site like favourites, so the bar follows them from page to page. The
// comparison itself lives in the URL (/compare?cars=…) so it can be shared.

/** ComparePick is one picked car: enough to list it in the compare bar. */
export interface ComparePick {
  id: string;
  title: string;
}

/** Three cars side by side, four on wide screens: the most GET /api/compare takes (generated from shared.MaxCompareCars). */
export const COMPARE_MAX = 3;
export const COMPARE_MAX_WIDE = MAX_COMPARE_CARS;
export const WIDE_SCREEN = '(min-width: 1200px)';

function isPick(p: unknown): p is ComparePick {
  const v = p as Partial<ComparePick> | null;
  return typeof v?.id === 'string' && typeof v?.title === 'string';
}

/** comparePath is the shareable comparison of the picked cars. */
export function comparePath(ids: readonly string[]): string {
  return `/compare?cars=${ids.map(encodeURIComponent).join(',')}`;
}

/** useCompareList is the site's picked cars, the most this screen allows, and toggle (false when full). */
export function useCompareList(site: string) {
  const [picks, update] = useStoredList(`forecourt:compare:${site}`, isPick);
  const max = useMediaQuery(WIDE_SCREEN) ? COMPARE_MAX_WIDE : COMPARE_MAX;
  const isPicked = useCallback((id: string) => picks.some((p) => p.id === id), [picks]);
  const toggle = useCallback(
    (pick: ComparePick): boolean => {
      if (isPicked(pick.id)) {
        update((current) => current.filter((p) => p.id !== pick.id));
        return true;
      }
      if (picks.length >= max) return false;
      update((current) => (current.some((p) => p.id === pick.id) ? current : [...current, pick]));
      return true;
    },
    [isPicked, picks.length, max, update],
  );
  const clear = useCallback(() => update(() => []), [update]);
  const remove = useCallback((id: string) => update((current) => current.filter((p) => p.id !== id)), [update]);
  return { picks, max, isPicked, toggle, clear, remove };
}
