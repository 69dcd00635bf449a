import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SiteProvider } from '../../../lib/siteContext';
import type { Car } from '../../../lib/types';
import type { ConfiguredSiteResponse } from '../../../lib/siteConfig';
import type { FacetClient } from '../../../lib/search/useFacetCounts';
import { fakeSearchClient } from '../../../test/fakeSearchClient';
import { siteResponse, stock } from '../../../test/fixtures';
import { HomeBrowse } from './HomeBrowse';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

const priced = (cars: Car[]): Car[] =>
  cars.map(
    (c) => ({ ...c, price_range: (c.price ?? 0) < 20000 ? '$10,000 - $20,000' : (c.price ?? 0) < 30000 ? '$20,000 - $30,000' : '$50,000 - $75,000' }) as Car,
  );

function renderHome(site: ConfiguredSiteResponse = siteResponse(), cars: Car[] = priced(stock(50))) {
  const client = fakeSearchClient(cars) as unknown as FacetClient;
  render(
    <MemoryRouter initialEntries={['/']}>
      <SiteProvider value={site}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <HomeBrowse searchClient={client} />
                <Where />
              </>
            }
          />
        </Routes>
      </SiteProvider>
    </MemoryRouter>,
  );
  return client;
}

const where = () => screen.getByTestId('where').textContent;

describe('home quick search: the make dropdown (spec 000 §9)', () => {
  it('groups popular makes above all makes and opens the listing for make, model and price', async () => {
    const user = userEvent.setup();
    renderHome(siteResponse({ search: { popular_makes: ['Toyota', 'Lexus', 'Kia'] } }));
    const make = screen.getByRole('combobox', { name: 'Make' });
    await waitFor(() => expect(within(make).getAllByRole('option').length).toBeGreaterThan(1));
    const groups = within(make).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('label'))).toEqual(['Popular makes', 'All makes']);
    expect(
      within(groups[0])
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Toyota (20)', 'Kia (10)']);
    expect(
      within(groups[1])
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Ford (10)', 'Kia (10)', 'Mazda (10)', 'Toyota (20)']);

    const model = screen.getByRole('combobox', { name: 'Model' });
    expect(model).toBeDisabled();
    await user.selectOptions(make, 'Toyota');
    await waitFor(() =>
      expect(
        within(model)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Any model', 'Corolla (10)', 'HiLux (10)']),
    );
    await user.selectOptions(model, 'HiLux');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Max price' }), '$40,000');
    await user.click(screen.getByRole('button', { name: 'Search cars' }));
    expect(where()).toBe('/search/Toyota/HiLux?price=:40000');
  });

  it('opens every car when nothing is chosen', async () => {
    const user = userEvent.setup();
    renderHome();
    await user.click(screen.getByRole('button', { name: 'Search cars' }));
    expect(where()).toBe('/search/new-used-and-demo-cars/');
  });
});

describe('facet tiles (spec 001 §2, §4)', () => {
  it('links make, body type and price tiles to the listing with that refinement', async () => {
    renderHome();
    const makes = await screen.findByRole('region', { name: 'Shop by make' });
    expect(within(makes).getByRole('link', { name: 'Toyota 20 cars' })).toHaveAttribute('href', '/search/Toyota');
    const bodies = screen.getByRole('region', { name: 'Shop by body type' });
    expect(
      within(bodies)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/search/new-used-and-demo-cars/?body=SUV', '/search/new-used-and-demo-cars/?body=Ute', '/search/new-used-and-demo-cars/?body=Hatch']);
    const prices = screen.getByRole('region', { name: 'Shop by price' });
    // Most stock first (ties by name) for bodies; bucket order, lowest first, for prices.
    expect(
      within(prices)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['$10,000 - $20,000 10 cars', '$20,000 - $30,000 10 cars', '$50,000 - $75,000 30 cars']);
    expect(within(prices).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      `/search/new-used-and-demo-cars/?price_range=${encodeURIComponent('$10,000 - $20,000').replace(/%20/g, '+')}`,
    );
  });

  it('shows at most 4 body tiles by default (spec 001 §9)', async () => {
    const bodies = ['Sedan', 'Hatch', 'SUV', 'Ute', 'Van', 'Coupe'];
    renderHome(
      siteResponse(),
      stock(30).map((c, i) => ({ ...c, simple_body: bodies[i % 6] })),
    );
    const section = await screen.findByRole('region', { name: 'Shop by body type' });
    expect(within(section).getAllByRole('link')).toHaveLength(4);
  });

  it('links to the manufacturer directory when there are more makes than tiles', async () => {
    const cars = stock(20).map((c, i) => ({ ...c, make: `Make ${i}` }));
    renderHome(siteResponse(), cars);
    expect(await screen.findByRole('link', { name: 'All 20 makes' })).toHaveAttribute('href', '/manufacturers');
  });
});

describe('a group site links each dealership (spec 000 §2)', () => {
  it('lists the dealerships with their own search and the dealer-scoped listing', async () => {
    const site = siteResponse({
      dealerships: [
        { id: 'd1', slug: 'coastal-mazda', name: 'Coastal Mazda', make: 'Mazda' },
        { id: 'd2', slug: 'coastal-kia', name: 'Coastal Kia', make: 'Kia' },
        { id: 'd3', slug: 'coastal-used-centre', name: 'Coastal Used Car Centre' },
      ],
    });
    renderHome(
      site,
      stock(9).map((c, i) => ({ ...c, dealership_name: ['Coastal Mazda', 'Coastal Kia', 'Coastal Used Car Centre'][i % 3] })),
    );
    const section = screen.getByRole('region', { name: 'Our dealerships' });
    expect(within(section).getByRole('link', { name: 'Search stock at Coastal Kia' })).toHaveAttribute('href', '/dealerships/coastal-kia/cars');
    expect(within(section).getByRole('link', { name: 'Full listing for Coastal Kia' })).toHaveAttribute(
      'href',
      '/search/new-used-and-demo-cars/?dealership=coastal-kia',
    );
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Coastal Mazda', 'Coastal Kia', 'Coastal Used Car Centre']);
    await waitFor(() => expect(within(section).getAllByText('3 cars in stock')).toHaveLength(3));
  });

  it('shows no dealership list on a single-dealership site', () => {
    renderHome();
    expect(screen.queryByRole('region', { name: 'Our dealerships' })).not.toBeInTheDocument();
  });
});
