import { useCallback } from 'react';
import { useStoredList } from '../../../lib/useStoredList';
import { remember, type HistoryEntry } from '../history';

function isEntry(e: unknown): e is HistoryEntry {
  const v = e as Partial<HistoryEntry> | null;
  return typeof v?.path === 'string' && typeof v?.label === 'string';
}

/** useSearchHistory is the site's last five searches, kept in localStorage. */
export function useSearchHistory(site: string) {
  const [entries, update] = useStoredList(`forecourt:search-history:${site}`, isEntry);
  const add = useCallback((entry: HistoryEntry) => update((current) => remember(current, entry)), [update]);
  return { entries, add };
}
