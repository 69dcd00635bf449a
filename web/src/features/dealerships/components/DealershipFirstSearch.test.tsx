// A dealership's own search sends its first search exactly as the server
// builds it (issue 34: functions/seo DealershipFirstSearch runs it, paints
// /dealerships/{slug}/cars from the answer and inlines it): the same vector
// file, shared/testdata/vectors/dealership_first_search.json, here against
// the real page.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { getServerState } from 'react-instantsearch';
import type { SearchClient } from 'instantsearch.js';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import cases from '../../../../../shared/testdata/vectors/dealership_first_search.json';
import { fakeSearchClient } from '../../../test/fakeSearchClient';
import { siteResponse, stock } from '../../../test/fixtures';
import { INLINED_SEARCH_ID } from '../../../lib/search/SiteInstantSearch';
import type { ConfiguredSiteResponse } from '../../../lib/siteConfig';
import { SiteProvider } from '../../../lib/siteContext';
import DealershipSearchPage from './DealershipSearchPage';

type Case = (typeof cases)[number];

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.getElementById(INLINED_SEARCH_ID)?.remove();
  window.history.replaceState(null, '', '/');
});

function caseSite(c: Case): ConfiguredSiteResponse {
  const base = siteResponse({ ...c.input.site, dealerships: [{ id: 'd0', slug: c.input.slug, name: 'Coastal Kia' }] } as Parameters<typeof siteResponse>[0]);
  return { ...base, search: { ...base.search, index: c.input.index } };
}

function app(site: ConfiguredSiteResponse, client: unknown) {
  return (
    <BrowserRouter>
      <SiteProvider value={site}>
        <Routes>
          <Route path="/dealerships/:slug/cars" element={<DealershipSearchPage searchClient={client as SearchClient} />} />
        </Routes>
      </SiteProvider>
    </BrowserRouter>
  );
}

const pathOf = (c: Case) => `/dealerships/${encodeURIComponent(c.input.slug)}/cars`;

describe('dealership first search vectors (issue 34; shared/testdata/vectors/dealership_first_search.json)', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(c.input.now));
    const site = caseSite(c);
    window.history.replaceState(null, '', pathOf(c));
    // The requests: the first search the page sends in the browser.
    const client = fakeSearchClient(stock(5));
    const { unmount } = render(app(site, client));
    await waitFor(() => expect(client.search).toHaveBeenCalled());
    expect(client.search.mock.calls[0][0]).toEqual(c.want.requests);
    unmount();
    // The state: the helper's parameters, as InstantSearch's own server rendering records them.
    const state = await getServerState(app(site, fakeSearchClient(stock(5))), { renderToString });
    const got = state.initialResults[c.input.index] as { state: { disjunctiveFacets: string[] } };
    expect({ ...got.state, disjunctiveFacets: [...got.state.disjunctiveFacets].sort() }).toEqual(c.want.state);
  });

  it('renders the inlined answer at once and sends no first search', async () => {
    const c = cases[0];
    const site = caseSite(c);
    const theirs = stock(30).map((car) => ({ ...car, dealership_slug: c.input.slug }));
    const engine = fakeSearchClient(theirs);
    const { results } = await engine.search(c.want.requests as Parameters<typeof engine.search>[0]);
    const script = Object.assign(document.createElement('script'), {
      id: INLINED_SEARCH_ID,
      type: 'application/json',
      textContent: JSON.stringify({ path: pathOf(c), initialResults: { [c.input.index]: { state: c.want.state, results } } }),
    });
    document.body.append(script);
    window.history.replaceState(null, '', pathOf(c));
    const client = fakeSearchClient(theirs);
    render(app(site, client));
    expect(within(screen.getByRole('list', { name: 'Cars' })).getAllByRole('article')).toHaveLength(21);
    expect(screen.getByText('30 cars found')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(client.search).not.toHaveBeenCalled();
  });
});
