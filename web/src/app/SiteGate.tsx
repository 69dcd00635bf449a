import { useEffect, type ReactNode } from 'react';
import { inlinedSite, useSiteQuery } from '../features/site/api/getSite';
import { SiteProvider } from '../lib/siteContext';
import { CardActionsProvider } from '../components/search/cardActions';
import { cardActions } from './cardActions';
import { templateOf, themeVariables } from '../features/site/theme';
import { Layout } from './Layout';

/** SiteGate loads the tenant's config once, then renders the themed layout. */
export function SiteGate({ children }: { children: ReactNode }) {
  const site = useSiteQuery();

  useEffect(() => {
    if (site.status !== 'ready') return;
    // A server-rendered page already has its own title (issue 14).
    if (!inlinedSite()) document.title = site.data.site.name;
    const root = document.documentElement;
    for (const [k, v] of Object.entries(themeVariables(site.data.site.theme))) root.style.setProperty(k, v);
    root.dataset.template = templateOf(site.data.site.template);
  }, [site]);

  if (site.status === 'loading') {
    return (
      <div className="app-status" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        Loading…
      </div>
    );
  }
  if (site.status === 'error') {
    return (
      <div className="app-status" role="alert">
        <h1>This site is unavailable</h1>
        <p>We couldn’t load this dealer’s website. Please try again in a moment.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <SiteProvider value={site.data}>
      <CardActionsProvider value={cardActions}>
        <Layout>{children}</Layout>
      </CardActionsProvider>
    </SiteProvider>
  );
}
