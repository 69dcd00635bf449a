/** STORE keeps the places across a reload of the tab (sessionStorage). */
const STORE = 'forecourt-scroll';

/** ScrollPlaces is where each history entry was left, and whether recording is held (a restore, or Back not yet shown). */
export interface ScrollPlaces {
  at: Map<string, number>;
  held: boolean;
}

/**
 * entryKey names the history entry on screen: react-router's key, or the
 * URL for an entry the listing's search router pushed (a refinement: no state).
 */
export const entryKey = () => (history.state?.key as string | undefined) ?? location.href;

let places: ScrollPlaces | undefined;

/**
 * scrollPlaces records, from the app's start, where the shopper leaves each
 * history entry (issue 32 item 1). ScrollMemory, which puts the place back
 * on Back, loads after the page: on a busy phone a card tapped before it had
 * loaded left no place, and the browser's own restore (on until then) landed
 * on a page not yet tall enough, so Back opened at the listing's foot.
 */
export function scrollPlaces(): ScrollPlaces {
  if (places) return places;
  let at: Map<string, number>;
  try {
    at = new Map(JSON.parse(sessionStorage.getItem(STORE) ?? '[]'));
  } catch {
    at = new Map();
  }
  const p: ScrollPlaces = (places = { at, held: false });
  history.scrollRestoration = 'manual';
  const record = () => {
    if (!p.held) at.set(entryKey(), Math.round(scrollY));
  };
  addEventListener('scroll', record, { passive: true });
  // A click that follows a link records the place under the entry it
  // leaves: the listing pushes an entry of its own (its URL) with no scroll since.
  document.addEventListener('click', record, true);
  // Back or Forward has changed the entry, not yet the page: until the app
  // shows the entry's page, a scroll is the old page's.
  addEventListener('popstate', () => (p.held = true));
  addEventListener('pagehide', () => sessionStorage.setItem(STORE, JSON.stringify([...at].slice(-50))));
  return p;
}
