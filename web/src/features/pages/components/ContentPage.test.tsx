import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SiteProvider } from '../../../lib/siteContext';
import { siteResponse } from '../../../test/fixtures';
import ContentPage from './ContentPage';

afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SiteProvider value={siteResponse()}>
        <Routes>
          <Route path="/search/*" element={<h1>Listing</h1>} />
          <Route path="*" element={<ContentPage />} />
        </Routes>
      </SiteProvider>
    </MemoryRouter>,
  );
}

describe('content pages (issue 11)', () => {
  it('renders the server’s page for the path, titles the document and follows its links in the app', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async (url: string) =>
      url === '/api/pages/terms-and-conditions'
        ? new Response(
            JSON.stringify({ title: 'Terms And Conditions', description: 'd', html: '<h1>Terms</h1><p>See <a href="/search/used-cars">cars</a>.</p>' }),
          )
        : new Response('{}', { status: 404 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderAt('/terms-and-conditions/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms' })).toBeInTheDocument();
    // The title is set by an effect after the page is on screen (useDocumentTitle):
    // under load that effect can run after the heading is found.
    await waitFor(() => expect(document.title).toContain('Terms And Conditions'));
    await user.click(screen.getByRole('link', { name: 'cars' }));
    expect(await screen.findByRole('heading', { name: 'Listing' })).toBeInTheDocument();
  });

  it('shows the 404 page with a stock search for a path the site has no page for', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'not_found', message: 'page not found' } }), { status: 404 })),
    );
    renderAt('/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search our cars' }), 'Hilux{Enter}');
    expect(await screen.findByRole('heading', { name: 'Listing' })).toBeInTheDocument();
  });
});
