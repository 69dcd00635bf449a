import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { entryKey, scrollPlaces } from './scrollPlaces';

/**
 * RESTORING marks the root while a place is being restored, until the
 * shopper acts: pages whose parts wait off screen (content-visibility) lay
 * them out at their real height then, as they were when the place was left.
 */
const RESTORING = 'scrollRestore';

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
  const places = scrollPlaces();

  useLayoutEffect(() => {
    // Held: Back or Forward has come since the last page was shown.
    const back = places.held;
    places.held = false;
    // A link's page opens at its top: Layout does that, from the first tap.
    if (type !== 'POP') return;
    const y = places.at.get(entryKey());
    // The first page's place is where the shopper is, unless the tab was reloaded there.
    if (y === undefined || (!back && y === Math.round(window.scrollY))) return;
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
      places.held = false;
      delete root.dataset[RESTORING];
      for (const e of USER_INPUT) window.removeEventListener(e, stop);
    };
    root.dataset[RESTORING] = '';
    places.held = true;
    // The shopper scrolling, tapping or typing ends the restore: from then on the place is theirs.
    for (const e of USER_INPUT) window.addEventListener(e, stop, { passive: true });
    place();
    grown.observe(root);
    return stop;
    // Each navigation is a new location object; entries the listing's router
    // pushed all have the key "default", so the key alone would miss a Back between two.
    // places is the one session store (scrollPlaces), so it never changes.
  }, [location, places, type]);
  return null;
}

const USER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
