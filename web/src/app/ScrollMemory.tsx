import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** STORE keeps the positions across a reload of the tab (sessionStorage). */
const STORE = 'forecourt-scroll';
/** GIVE_UP_FRAMES: a page still too short to restore after ~5 s stays where it is. */
const GIVE_UP_FRAMES = 300;

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
 * link (push, or a replace to another path) starts at its top; Back and
 * Forward return to where that entry was left, waiting (up to ~5 s) for a
 * page whose content loads after it renders to grow tall enough. The
 * listing's refinements change the URL without a router navigation, so a
 * filter click keeps the place; a link to a listing is a new page.
 */
export default function ScrollMemory() {
  const location = useLocation();
  const { pathname, hash } = location;
  const type = useNavigationType();
  const saved = useRef<Map<string, number>>(undefined);
  const restoring = useRef(false);
  const path = useRef(pathname);
  saved.current ??= load();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const positions = saved.current!;
    const onScroll = () => {
      if (!restoring.current) positions.set(entry(), Math.round(window.scrollY));
    };
    const onHide = () => sessionStorage.setItem(STORE, JSON.stringify([...positions].slice(-50)));
    // This loads after the page: the shopper may have scrolled already.
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onHide);
    };
  }, []);

  useLayoutEffect(() => {
    const samePath = path.current === pathname;
    path.current = pathname;
    if (type !== 'POP') {
      // A link to a place in the page (#id) is the page's to scroll to;
      // a replace on the same path (a query the page rewrites) keeps the place.
      if (!hash && (type === 'PUSH' || !samePath)) window.scrollTo(0, 0);
      return;
    }
    const y = saved.current!.get(entry());
    if (y === undefined) return;
    let frames = 0;
    let frame = 0;
    const stop = () => {
      restoring.current = false;
      cancelAnimationFrame(frame);
      for (const e of USER_SCROLLS) window.removeEventListener(e, stop);
    };
    const step = () => {
      window.scrollTo(0, y);
      if (Math.abs(window.scrollY - y) <= 1 || ++frames >= GIVE_UP_FRAMES) stop();
      else frame = requestAnimationFrame(step);
    };
    restoring.current = true;
    // The shopper scrolling while the page loads wins over the restore.
    for (const e of USER_SCROLLS) window.addEventListener(e, stop, { passive: true });
    step();
    return stop;
    // Each navigation is a new location object; entries the listing's router
    // pushed all have the key "default", so the key alone would miss a Back between two.
  }, [location]);
  return null;
}

const USER_SCROLLS = ['wheel', 'touchstart', 'keydown'] as const;
