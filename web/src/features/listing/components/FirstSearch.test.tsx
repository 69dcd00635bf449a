// The listing's first search (issue 14, first paint without a round trip):
// the server builds it from the same vector (functions/seo/firstsearch.go),
// runs it and inlines the answer; the listing then renders from it and
// sends no first search.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { getServerState } from 'react-instantsearch';
import type { SearchClient } from 'instantsearch.js';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import cases from '../../../../../shared/testdata/vectors/listing_first_search.json';
import { fakeSearchClient } from '../../../test/fakeSearchClient';
import { siteResponse, stock } from '../../../test/fixtures';
import { renderListing } from '../test/renderListing';
import { INLINED_SEARCH_ID, inlinedSearch } from '../../../lib/search/SiteInstantSearch';
import type { ConfiguredSiteResponse } from '../../../lib/siteConfig';
import { SearchPage } from './SearchPage';
import { SiteProvider } from '../../../lib/siteContext';
import { CarCard } from '../../../components/search/CarCard';

// Every CarCard call counted, the card itself unchanged.
vi.mock('../../../components/search/CarCard', async (importOriginal) => {
  const mod = await importOriginal<typeof import('../../../components/search/CarCard')>();
  return { ...mod, CarCard: vi.fn(mod.CarCard) };
});

type Case = (typeof cases)[number];

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.getElementById(INLINED_SEARCH_ID)?.remove();
  window.history.replaceState(null, '', '/');
});

function caseSite(c: Case): ConfiguredSiteResponse {
  const base = siteResponse(c.input.site as Parameters<typeof siteResponse>[0]);
  return { ...base, search: { ...base.search, index: c.input.index } };
}

const cards = () => within(screen.getByRole('list', { name: 'Cars' })).queryAllByRole('article');

describe('listing first search vectors (issue 14; shared/testdata/vectors/listing_first_search.json)', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(c.input.now));
    const site = caseSite(c);
    // The requests: the first search the listing sends in the browser.
    const { client, unmount } = renderListing(c.input.path, { site });
    await waitFor(() => expect(client.search).toHaveBeenCalled());
    expect(client.search.mock.calls[0][0]).toEqual(c.want.requests);
    unmount();
    // The state: the helper's parameters those requests are made from, as
    // InstantSearch's own server rendering of the same listing records them.
    window.history.replaceState(null, '', c.input.path);
    const fake = fakeSearchClient(stock(50));
    const state = await getServerState(listingApp(site, fake as unknown as SearchClient), { renderToString });
    const got = state.initialResults[c.input.index] as { state: { disjunctiveFacets: string[] } };
    expect({ ...got.state, disjunctiveFacets: [...got.state.disjunctiveFacets].sort() }).toEqual(c.want.state);
  });
});

function listingApp(site: ConfiguredSiteResponse, client: SearchClient) {
  return (
    <BrowserRouter>
      <SiteProvider value={site}>
        <Routes>
          <Route path="/search/*" element={<SearchPage searchClient={client} />} />
          <Route path="/cars" element={<SearchPage searchClient={client} />} />
        </Routes>
      </SiteProvider>
    </BrowserRouter>
  );
}

/** inline writes the page's script as the server does: the vector's state and the engine's answers to its requests. */
async function inline(c: Case, path = c.input.path) {
  const engine = fakeSearchClient(stock(50));
  const { results } = await engine.search(c.want.requests as Parameters<typeof engine.search>[0]);
  const script = document.createElement('script');
  script.id = INLINED_SEARCH_ID;
  script.type = 'application/json';
  script.textContent = JSON.stringify({ path, initialResults: { [c.input.index]: { state: c.want.state, results } } });
  document.body.append(script);
}

const byName = (prefix: string) => cases.find((c) => c.name.startsWith(prefix))!;

describe('listing from the inlined first search (issue 14, first paint without a round trip)', () => {
  it('shows the first cars, count and refinements at the first render and sends no search', async () => {
    const c = byName('a make and model path');
    await inline(c);
    const { client } = renderListing(c.input.path, { site: caseSite(c) });
    // No waiting: the first render already has the cars.
    expect(cards()).toHaveLength(10);
    for (const card of cards()) expect(card).toHaveAccessibleName(/Toyota HiLux/);
    expect(screen.getByText('10 cars found')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Toyota/ })).toBeChecked();
    // InstantSearch sends a scheduled search on its next task (setTimeout 0,
    // useInstantSearchApi's _schedule): let that task run before counting.
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(client.search).not.toHaveBeenCalled();
    expect(document.getElementById(INLINED_SEARCH_ID)).toBeNull();
  });

  // InstantSearch renders every widget again once they have mounted, with a
  // fresh copy of each hit: on a phone, drawing the 21 cards a second time
  // was the listing's longest task (Lighthouse TBT).
  it('draws each car once: the render InstantSearch makes after mounting, with the same cars, draws no card again', async () => {
    const c = byName('all stock with the default facets');
    await inline(c);
    vi.mocked(CarCard).mockClear();
    renderListing(c.input.path, { site: caseSite(c) });
    expect(cards()).toHaveLength(21);
    expect(vi.mocked(CarCard)).toHaveBeenCalledTimes(21);
    // InstantSearch's render after mounting (a microtask) and the tasks it schedules.
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(screen.getByText('50 cars found')).toBeInTheDocument();
    expect(vi.mocked(CarCard)).toHaveBeenCalledTimes(21);
  });

  it('searches normally when the shopper refines afterwards', async () => {
    const user = userEvent.setup();
    const c = byName('all stock with the default facets');
    await inline(c);
    const { client } = renderListing(c.input.path, { site: caseSite(c) });
    expect(cards()).toHaveLength(21);
    await user.click(screen.getByRole('checkbox', { name: /Mazda/ }));
    await waitFor(() => expect(cards()).toHaveLength(10));
    for (const card of cards()) expect(card).toHaveAccessibleName(/Mazda CX-5/);
    expect(client.search).toHaveBeenCalled();
  });

  it('stops searching once the listing is left: its router does not answer later history changes', async () => {
    const c = byName('all stock with the default facets');
    await inline(c);
    const { client, unmount } = renderListing(c.input.path, { site: caseSite(c) });
    expect(cards()).toHaveLength(21);
    unmount();
    // InstantSearch disposes itself a task after unmounting (useInstantSearchApi).
    await act(() => new Promise((r) => setTimeout(r, 0)));
    act(() => {
      window.history.pushState(null, '', '/search/used-cars');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(client.search).not.toHaveBeenCalled();
  });

  it('ignores results made for another URL: another path, or the same path with a query string', async () => {
    const c = byName('all stock with the default facets');
    await inline(c, '/search/used-cars/');
    expect(inlinedSearch({ pathname: c.input.path, search: '' })).toBeUndefined();
    document.getElementById(INLINED_SEARCH_ID)?.remove();
    await inline(c);
    expect(inlinedSearch({ pathname: c.input.path, search: '?page=2' })).toBeUndefined();
    expect(inlinedSearch({ pathname: c.input.path, search: '' })).toBeDefined();
    const { client } = renderListing(`${c.input.path}?page=2`, { site: caseSite(c) });
    await waitFor(() => expect(client.search).toHaveBeenCalled());
    await waitFor(() => expect(cards()[0]).toHaveAccessibleName('2016 Toyota HiLux'));
  });
});
