import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchClient } from 'instantsearch.js';
import { afterEach, describe, expect, it } from 'vitest';
import { BrowserRouter, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SiteProvider } from '../../../lib/siteContext';
import type { Car, SiteResponse } from '../../../lib/types';
import type { FacetClient } from '../hooks/useFacetCounts';
import { fakeSearchClient } from '../../../test/fakeSearchClient';
import { siteResponse, stock } from '../../../test/fixtures';
import DealershipSearchPage from './DealershipSearchPage';
import DealershipsPage from './DealershipsPage';
import ManufacturersPage, { matchMakes } from './ManufacturersPage';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

/** 30 makes: Make 00 has 1 car, Make 01 two, ... */
const manyMakes = (): Car[] =>
  Array.from({ length: 30 }, (_, m) => stock(m + 1).map((c, i) => ({ ...c, id: `m${m}-${i}`, make: `Make ${String(m).padStart(2, '0')}` }))).flat();

function renderManufacturers(url: string, cars: Car[] = manyMakes()) {
  const client = fakeSearchClient(cars) as unknown as FacetClient;
  render(
    <MemoryRouter initialEntries={[url]}>
      <SiteProvider value={siteResponse()}>
        <Routes>
          <Route path="/manufacturers" element={<><ManufacturersPage searchClient={client} /><Where /></>} />
        </Routes>
      </SiteProvider>
    </MemoryRouter>,
  );
  return client;
}

describe('manufacturer directory search (spec 000 §2, §7, §9)', () => {
  it('lists the makes with stock, 21 to a page, each linked to its listing', async () => {
    const user = userEvent.setup();
    renderManufacturers('/manufacturers');
    expect(await screen.findByText('30 makes in stock')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Makes' });
    expect(within(list).getAllByRole('link')).toHaveLength(21);
    expect(within(list).getByRole('link', { name: 'Make 02 3 cars' })).toHaveAttribute('href', '/search/Make%2002');
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/manufacturers?page=2');
    expect(within(screen.getByRole('list', { name: 'Makes' })).getAllByRole('link')).toHaveLength(9);
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('searches makes after 300 ms and starts again at page 1', async () => {
    const user = userEvent.setup();
    renderManufacturers('/manufacturers?page=2');
    await screen.findByText('30 makes in stock');
    await user.type(screen.getByRole('searchbox', { name: 'Search makes' }), 'make 1');
    // Make 01, Make 10 to 19 and Make 21 carry both words.
    await waitFor(() => expect(screen.getByText('12 makes in stock')).toBeInTheDocument());
    expect(screen.getByTestId('where')).toHaveTextContent('/manufacturers?query=make+1');
    await user.clear(screen.getByRole('searchbox', { name: 'Search makes' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search makes' }), 'lamborghini{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('No makes match “lamborghini”');
  });

  it('matches every word of the query, ignoring case', () => {
    const makes = [{ name: 'Mercedes-Benz', count: 2 }, { name: 'Land Rover', count: 1 }, { name: 'BMW', count: 3 }];
    expect(matchMakes(makes, 'benz')).toEqual([{ name: 'Mercedes-Benz', count: 2 }]);
    expect(matchMakes(makes, 'ROVER land')).toEqual([{ name: 'Land Rover', count: 1 }]);
    expect(matchMakes(makes, '').map((m) => m.name)).toEqual(['BMW', 'Land Rover', 'Mercedes-Benz']);
  });
});

const DEALERSHIPS = ['coastal-mazda', 'coastal-kia', 'coastal-used-centre'];
const NAMES = ['Coastal Mazda', 'Coastal Kia', 'Coastal Used Car Centre'];
const group = (): SiteResponse =>
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

function renderDealership(url: string, site: SiteResponse = group()) {
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

  it('debounces the search box by 300 ms', async () => {
    const user = userEvent.setup();
    const fake = renderDealership('/dealerships/coastal-kia/cars');
    await waitFor(() => expect(screen.getByText('30 cars found')).toBeInTheDocument());
    const before = fake.search.mock.calls.length;
    await user.type(screen.getByRole('searchbox', { name: 'Search cars' }), 'ranger');
    expect(fake.search.mock.calls.length).toBe(before);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 350));
    });
    await waitFor(() => expect(window.location.search).toBe('?query=ranger'));
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
    for (const card of cards()) expect(card).toHaveAccessibleName(/Ford Ranger/);
  });

  it('says so for a dealership the site does not have', () => {
    renderDealership('/dealerships/nowhere/cars');
    expect(screen.getByRole('heading', { level: 1, name: 'Dealership not found' })).toBeInTheDocument();
  });
});
