import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** STORE keeps the positions across a reload of the tab (sessionStorage). */
const STORE = 'forecourt-scroll';
/**
 * RESTORING marks the root while a place is being restored, until the
 * shopper acts: pages whose parts wait off screen (content-visibility) lay
 * them out at their real height then, as they were when the place was left.
 */
const RESTORING = 'scrollRestore';

/**
 * entry names the history entry on screen: react-router's key, or the URL
 * for an entry the listing's search router pushed (a refinement: no state).
 */
const entry = () => (window.history.state?.key as string | undefined) ?? window.location.href;

function load(): Map<string, number> {
  try {
    return new Map(JSON.parse(sessionStorage.getItem(STORE) ?? '[]'));
  } catch {
    return new Map();
  }
}

/**
 * ScrollMemory is the app's scroll restoration (issue 32: pages opened
 * part-way down). The app uses BrowserRouter, not a data router, so
 * react-router's ScrollRestoration is not available. A page reached by a
 * link starts at its top (Layout, not lazy: from the first tap); Back and
 * Forward return to where that entry was left, once the page (whose content
 * may load after it renders) is tall enough, however long that takes, and
 * hold it there until the shopper scrolls, taps or types. The listing's refinements change the URL
 * without a router navigation, so a filter click keeps the place; a link to
 * a listing is a new page.
 */
export default function ScrollMemory() {
  const location = useLocation();
  const type = useNavigationType();
  const saved = useRef<Map<string, number>>(undefined);
  const restoring = useRef(false);
  saved.current ??= load();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const positions = saved.current!;
    const record = () => {
      if (!restoring.current) positions.set(entry(), Math.round(window.scrollY));
    };
    // Back or Forward has changed the entry, not yet the page: until the app
    // shows the entry's page, a scroll is the old page's, not the entry's.
    const onPop = () => {
      restoring.current = true;
    };
    const onHide = () => sessionStorage.setItem(STORE, JSON.stringify([...positions].slice(-50)));
    // This loads after the page: the shopper may have scrolled already.
    record();
    window.addEventListener('scroll', record, { passive: true });
    // A click that follows a link records the place under the entry it
    // leaves: the listing pushes an entry of its own (its URL, a refinement)
    // with no scroll since, which would have no place to come back to.
    document.addEventListener('click', record, { capture: true });
    window.addEventListener('popstate', onPop);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('scroll', record);
      document.removeEventListener('click', record, { capture: true });
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('pagehide', onHide);
    };
  }, []);

  useLayoutEffect(() => {
    restoring.current = false;
    // A link's page opens at its top: Layout does that, from the first tap.
    if (type !== 'POP') return;
    const y = saved.current!.get(entry());
    if (y === undefined) return;
    const root = document.documentElement;
    // The page grows as its content loads (the listing's cards come after
    // its search answers). Scrolling before it is tall enough stops at its
    // foot, where scroll anchoring would keep it as the cards arrive above:
    // it waits instead, for as long as the page takes, and puts the place
    // back after every change of the page's size (a list re-rendered short
    // then tall again) until the shopper acts.
    const place = () => {
      if (root.scrollHeight - root.clientHeight >= y && Math.round(window.scrollY) !== y) window.scrollTo(0, y);
    };
    const grown = new ResizeObserver(place);
    const stop = () => {
      grown.disconnect();
      restoring.current = false;
      delete root.dataset[RESTORING];
      for (const e of USER_INPUT) window.removeEventListener(e, stop);
    };
    root.dataset[RESTORING] = '';
    restoring.current = true;
    // The shopper scrolling, tapping or typing ends the restore: from then on the place is theirs.
    for (const e of USER_INPUT) window.addEventListener(e, stop, { passive: true });
    place();
    grown.observe(root);
    return stop;
    // Each navigation is a new location object; entries the listing's router
    // pushed all have the key "default", so the key alone would miss a Back between two.
  }, [location]);
  return null;
}

const USER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
