import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { recordVisit } from '../lib/visitedPages';
import { useSite } from '../lib/siteContext';
import { templateOf } from '../features/site/theme';
import { Footer } from '../features/shell/components/Footer';
import { Header } from '../features/shell/components/Header';
import { navigationOf } from './navigation';
// The watchlist toasts (issue 12) load after the page, off the listing's initial JavaScript.
const Toaster = lazy(() => import('../features/accounts/components/Toaster').then((m) => ({ default: m.Toaster })));

export function Layout({ children }: { children: ReactNode }) {
  const { site } = useSite();
  const template = templateOf(site.template);
  const { pathname } = useLocation();
  // The trade-in lead names the pages opened before it (spec 001 §3).
  useEffect(() => recordVisit(pathname), [pathname]);
  return (
    <div className={`layout layout--${template}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header menu={navigationOf(site)} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </div>
  );
}
