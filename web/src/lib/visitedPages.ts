// The pages a shopper opened in this tab, for the trade-in lead's
// lead_attributes.visited_pages (spec 001 §3 "Trade-in lead"). Kept in
// sessionStorage: this visit only, nothing across visits.

const KEY = 'forecourt:visited-pages';
/** MAX_VISITED bounds the list (the lead body has a 64 KiB limit). */
export const MAX_VISITED = 20;

/** visitedPages are the paths opened in this tab, oldest first. */
export function visitedPages(): string[] {
  try {
    const v: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/** recordVisit adds a path unless it is the last one, keeping the latest MAX_VISITED. */
export function recordVisit(path: string): void {
  const list = visitedPages();
  if (list[list.length - 1] === path) return;
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify([...list, path].slice(-MAX_VISITED)));
  } catch {
    // Storage full or blocked: the lead goes without the list.
  }
}

/**
 * recordVisitSoon records the visit in a task of its own: a tab's first
 * sessionStorage access waits for the browser to open it, and in the app's
 * first commit that wait lengthened its longest task (issue 14). The visits
 * still go in the order they were made.
 */
export function recordVisitSoon(path: string): void {
  setTimeout(() => recordVisit(path));
}
