import { useEffect, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NotFound } from '../../../components/NotFound';
import { PageLoading } from '../../../components/PageLoading';
import { ApiError } from '../../../lib/http';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { usePageQuery } from '../api/getPage';
import '../pages.css';

/**
 * ContentPage renders the dealer's Markdown page for the current path (the
 * HTML is rendered server-side from CommonMark with raw HTML dropped), or
 * the 404 page when the site has none. Links inside the page to the site's
 * own paths navigate in the app.
 */
export default function ContentPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const page = usePageQuery(pathname);
  const title = page.status === 'ready' ? page.data.title : page.status === 'error' ? 'Page not found' : '';
  useDocumentTitle(title);
  const description = page.status === 'ready' ? page.data.description : '';
  useEffect(() => {
    if (!description) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [description]);

  if (page.status === 'loading') return <PageLoading />;
  if (page.status === 'error') {
    if (page.error instanceof ApiError && page.error.status === 404) return <NotFound />;
    return (
      <NotFound title="This page could not be loaded">
        <p role="alert">Something went wrong loading this page. Please try again in a moment.</p>
      </NotFound>
    );
  }
  const onClick = (e: MouseEvent<HTMLElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href');
    if (!a || !href || !href.startsWith('/') || href.startsWith('//') || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(href);
  };
  return (
    <article className="content-page">
      {/* The page's own Markdown usually opens with its heading; a page without one gets its title. */}
      {/^\s*<h1/.test(page.data.html) ? null : <h1>{page.data.title}</h1>}
      <div className="content-page__body" onClick={onClick} dangerouslySetInnerHTML={{ __html: page.data.html }} />
    </article>
  );
}
