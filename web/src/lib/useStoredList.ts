import { useCallback, useSyncExternalStore } from 'react';

// A list kept in localStorage under one key, shared by every component that
// reads it: writes notify this tab through an event and other tabs through
// the storage event. Favourites and search history are kept this way.

const EVENT = 'forecourt:stored-list';
const snapshots = new Map<string, { raw: string | null; value: unknown[] }>();

function parse<T>(raw: string | null, valid: (item: unknown) => item is T): T[] {
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(valid) : [];
  } catch {
    return [];
  }
}

/** readList is the stored list; the same array while the stored text is unchanged (useSyncExternalStore needs that). */
function readList<T>(key: string, valid: (item: unknown) => item is T): T[] {
  const raw = window.localStorage.getItem(key);
  const cached = snapshots.get(key);
  if (cached && cached.raw === raw) return cached.value as T[];
  const value = parse(raw, valid);
  snapshots.set(key, { raw, value });
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

/**
 * useStoredList returns the list stored under key (entries failing valid are
 * dropped) and update, which writes update(current) back.
 */
export function useStoredList<T>(key: string, valid: (item: unknown) => item is T) {
  const list = useSyncExternalStore(
    subscribe,
    () => readList(key, valid),
    () => [] as T[],
  );
  const update = useCallback(
    (next: (current: T[]) => T[]) => {
      window.localStorage.setItem(key, JSON.stringify(next(readList(key, valid))));
      window.dispatchEvent(new Event(EVENT));
    },
    [key, valid],
  );
  return [list, update] as const;
}
