import { lazy, Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { recordVisitSoon } from '../lib/visitedPages';
import { useSite } from '../lib/siteContext';
import { templateOf } from '../features/site/theme';
import { Header } from '../features/shell/components/Header';
import { navigationOf } from './navigation';
// The watchlist toasts (issue 12) load after the page, off the listing's initial JavaScript.
const Toaster = lazy(() => import('../features/accounts/components/Toaster').then((m) => ({ default: m.Toaster })));
// Offered after sign-in where the watchlist is on: move this device's favourites into it (issue 12).
const MoveFavouritesOffer = lazy(() => import('../features/accounts/components/MoveFavouritesOffer').then((m) => ({ default: m.MoveFavouritesOffer })));
// The footer is below the fold on every page: its links load after the page.
const Footer = lazy(() => import('../features/shell/components/Footer').then((m) => ({ default: m.Footer })));
// Scroll restoration (issue 32) acts from the first link followed: it loads after the page.
const ScrollMemory = lazy(() => import('./ScrollMemory'));
// The compare bar (spec 000 §4) likewise: it shows only once a car is picked.
const CompareBar = lazy(() => import('../features/compare/components/CompareBar').then((m) => ({ default: m.CompareBar })));

export function Layout({ children }: { children: ReactNode }) {
  const { site, auth } = useSite();
  const template = templateOf(site.template);
  const location = useLocation();
  const { pathname, hash } = location;
  const type = useNavigationType();
  const path = useRef(pathname);
  // The trade-in lead names the pages opened before it (spec 001 §3).
  useEffect(() => recordVisitSoon(pathname), [pathname]);
  // Issue 32: a page reached by a link (push, or a replace to another path)
  // opens at its top, from the first tap: ScrollMemory (Back's restore)
  // loads after the page. A link to #id is the page's to scroll to; a replace
  // on the same path (a query the page rewrites) keeps the place.
  useLayoutEffect(() => {
    const samePath = path.current === pathname;
    path.current = pathname;
    if (!hash && (type === 'PUSH' || (type === 'REPLACE' && !samePath))) window.scrollTo(0, 0);
    // location: each navigation is a new object, even to the same path and hash.
  }, [location, pathname, hash, type]);
  return (
    <div className={`layout layout--${template}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header menu={navigationOf(site)} />
      <main id="main" tabIndex={-1}>
        {site.features.garage && auth ? (
          <Suspense fallback={null}>
            <MoveFavouritesOffer />
          </Suspense>
        ) : null}
        {children}
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <Suspense fallback={null}>
        <Toaster />
        <CompareBar />
        <ScrollMemory />
      </Suspense>
    </div>
  );
}
