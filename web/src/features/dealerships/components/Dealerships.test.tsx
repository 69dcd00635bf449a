import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchClient } from 'instantsearch.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrowserRouter, MemoryRouter, Route, Routes } from 'react-router';
import { SiteProvider } from '../../../lib/siteContext';
import type { Car } from '../../../lib/types';
import type { ConfiguredSiteResponse } from '../../../lib/siteConfig';
import type { FacetClient } from '../../../lib/search/useFacetCounts';
import { fakeSearchClient } from '../../../test/fakeSearchClient';
import { siteResponse, stock } from '../../../test/fixtures';
import DealershipSearchPage from './DealershipSearchPage';
import { SEARCH_DEBOUNCE_MS } from '../../../components/search/SearchBox';
import DealershipsPage from './DealershipsPage';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

const DEALERSHIPS = ['coastal-mazda', 'coastal-kia', 'coastal-used-centre'];
const NAMES = ['Coastal Mazda', 'Coastal Kia', 'Coastal Used Car Centre'];
const group = (): ConfiguredSiteResponse =>
  siteResponse({
    name: 'Coastal Motor Group',
    dealerships: DEALERSHIPS.map((slug, i) => ({ id: `d${i}`, slug, name: NAMES[i] })),
  });
/** 90 cars, 30 a dealership; each dealership's cars alternate two categories. */
const groupStock = (): Car[] =>
  stock(90).map((c, i) => ({ ...c, dealership_slug: DEALERSHIPS[i % 3], dealership_name: NAMES[i % 3], categories: [i % 2 ? 'Family' : 'Work'] }) as Car);

describe('dealerships page', () => {
  it('lists each dealership with its stock count and links', async () => {
    const client = fakeSearchClient(groupStock()) as unknown as FacetClient;
    render(
      <MemoryRouter>
        <SiteProvider value={group()}>
          <DealershipsPage searchClient={client} />
        </SiteProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Our dealerships' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(NAMES);
    await waitFor(() => expect(screen.getAllByText('30 cars in stock')).toHaveLength(3));
    expect(screen.getByRole('link', { name: 'Search stock at Coastal Used Car Centre' })).toHaveAttribute('href', '/dealerships/coastal-used-centre/cars');
  });
});

function renderDealership(url: string, site: ConfiguredSiteResponse = group()) {
  window.history.replaceState(null, '', url);
  const fake = fakeSearchClient(groupStock());
  render(
    <BrowserRouter>
      <SiteProvider value={site}>
        <Routes>
          <Route path="/dealerships/:slug/cars" element={<DealershipSearchPage searchClient={fake as unknown as SearchClient} />} />
        </Routes>
      </SiteProvider>
    </BrowserRouter>,
  );
  return fake;
}

const cards = () => within(screen.getByRole('list', { name: 'Cars' })).queryAllByRole('article');

describe('dealership-scoped search (spec 000 §2, §7, §9)', () => {
  it('shows only the dealership’s cars, 21 a page, with categories and price facets and a search box', async () => {
    const fake = renderDealership('/dealerships/coastal-kia/cars');
    expect(screen.getByRole('heading', { level: 1, name: 'Coastal Kia stock' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('30 cars found')).toBeInTheDocument());
    expect(cards()).toHaveLength(21);
    const sent = fake.search.mock.calls.at(-1)?.[0] as Array<{ params: { filters?: string; hitsPerPage?: number } }>;
    expect(sent[0].params.filters).toBe('dealership_slug:"coastal-kia"');
    expect(sent[0].params.hitsPerPage).toBe(21);
    expect(screen.getByRole('region', { name: 'Category' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Price' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search cars' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /full listing/ })).toHaveAttribute('href', '/search/new-used-and-demo-cars/?dealership=coastal-kia');
  });

  it('refines by category and keeps the state in its own URL', async () => {
    const user = userEvent.setup();
    renderDealership('/dealerships/coastal-kia/cars');
    await user.click(await screen.findByRole('checkbox', { name: /Family/ }));
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/dealerships/coastal-kia/cars?categories=Family'));
    await waitFor(() => expect(screen.getByText('15 cars found')).toBeInTheDocument());
  });

  it('debounces the search box by 300 ms (spec 000 §5)', async () => {
    const fake = renderDealership('/dealerships/coastal-kia/cars');
    await waitFor(() => expect(screen.getByText('30 cars found')).toBeInTheDocument());
    const before = fake.search.mock.calls.length;
    vi.useFakeTimers();
    try {
      // Keystrokes closer together than the debounce restart it: one search, for the last text.
      const box = screen.getByRole('searchbox', { name: 'Search cars' });
      for (const text of ['r', 'ra', 'ran', 'rang', 'range', 'ranger']) {
        fireEvent.change(box, { target: { value: text } });
        await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 100));
      }
      expect(fake.search.mock.calls.length).toBe(before);
      await act(() => vi.advanceTimersByTimeAsync(99));
      expect(fake.search.mock.calls.length).toBe(before);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(fake.search.mock.calls.length).toBeGreaterThan(before);
      const sent = fake.search.mock.calls.at(-1)?.[0] as Array<{ params: { query?: string } }>;
      expect(sent[0].params.query).toBe('ranger');
      // The history router writes the URL after a delay of its own; run it
      // while its timer is still the fake one.
      await act(() => vi.advanceTimersByTimeAsync(1000));
    } finally {
      vi.useRealTimers();
    }
    expect(window.location.search).toBe('?query=ranger');
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
    for (const card of cards()) expect(card).toHaveAccessibleName(/Ford Ranger/);
  });

  it('says so for a dealership the site does not have', () => {
    renderDealership('/dealerships/nowhere/cars');
    expect(screen.getByRole('heading', { level: 1, name: 'Dealership not found' })).toBeInTheDocument();
  });
});
