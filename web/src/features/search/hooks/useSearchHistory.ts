import { useCallback, useSyncExternalStore } from 'react';
import { remember, type HistoryEntry } from '../history';

const EVENT = 'forecourt:search-history';
const keyOf = (site: string) => `forecourt:search-history:${site}`;
const cache = new Map<string, { raw: string | null; value: HistoryEntry[] }>();

function read(site: string): HistoryEntry[] {
  const raw = window.localStorage.getItem(keyOf(site));
  const hit = cache.get(site);
  if (hit && hit.raw === raw) return hit.value;
  let value: HistoryEntry[] = [];
  try {
    const parsed = JSON.parse(raw ?? '[]');
    if (Array.isArray(parsed)) value = parsed.filter((e) => typeof e?.path === 'string' && typeof e?.label === 'string');
  } catch {
    value = [];
  }
  cache.set(site, { raw, value });
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

/** useSearchHistory is the site's last five searches, kept in localStorage. */
export function useSearchHistory(site: string) {
  const entries = useSyncExternalStore(subscribe, () => read(site), () => []);
  const add = useCallback(
    (entry: HistoryEntry) => {
      window.localStorage.setItem(keyOf(site), JSON.stringify(remember(read(site), entry)));
      window.dispatchEvent(new Event(EVENT));
    },
    [site],
  );
  return { entries, add };
}
