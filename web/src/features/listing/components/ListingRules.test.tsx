import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Car } from '../../../lib/types';
import { siteResponse, stock } from '../../../test/fixtures';
import { renderListing } from '../test/renderListing';
import { listingTitle } from '../../../components/search/ListingHeading';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

const cards = () => within(screen.getByRole('list', { name: 'Cars' })).queryAllByRole('article');
const DEALERSHIPS = ['coastal-mazda', 'coastal-kia', 'coastal-used-centre'];
const groupStock = (): Car[] => stock(30).map((c, i) => ({ ...c, dealership_slug: DEALERSHIPS[Math.floor(i / 10)] }));
const group = () =>
  siteResponse({
    slug: 'coastal-motor-group',
    name: 'Coastal Motor Group',
    dealerships: [
      { id: 'd1', slug: 'coastal-mazda', name: 'Coastal Mazda' },
      { id: 'd2', slug: 'coastal-kia', name: 'Coastal Kia' },
      { id: 'd3', slug: 'coastal-used-centre', name: 'Coastal Used Car Centre' },
    ],
  });

describe('the dealer-scoped link form (spec 000 §2)', () => {
  it('refines dealership_slug from ?dealership=, names the dealership and keeps the parameter readable', async () => {
    const user = userEvent.setup();
    const { client } = renderListing('/search/new-used-and-demo-cars/?dealership=coastal-kia', { site: group(), cars: groupStock() });
    await waitFor(() => expect(screen.getByText('10 cars found')).toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'New, used and demo cars at Coastal Kia' })).toBeInTheDocument();
    const sent = client.search.mock.calls.at(-1)?.[0] as Array<{ params: { facetFilters?: unknown } }>;
    expect(JSON.stringify(sent[0].params.facetFilters)).toContain('dealership_slug:coastal-kia');
    expect(screen.getByRole('button', { name: 'Remove Dealership: Coastal Kia' })).toBeInTheDocument();

    // Other refinements keep the dealership in the URL.
    await user.click(await screen.findByRole('checkbox', { name: /^Used/ }));
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/search/used-cars?dealership=coastal-kia'));
    expect(screen.getByRole('heading', { level: 1, name: 'Used cars at Coastal Kia' })).toBeInTheDocument();
  });
});

describe('listing heading per tenant and path (issue 5)', () => {
  it('a used-only dealer’s listing says used cars, never new, used and demo', async () => {
    renderListing('/search/new-used-and-demo-cars/', { site: siteResponse({ name: 'Northside Used Cars', stock: { car_types: ['used'] } }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Used cars' })).toBeInTheDocument();
    expect(screen.queryByText(/New, used and demo/)).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Used cars | Northside Used Cars'));
  });

  it.each([
    [{ car_type: ['used'] }, ['new', 'used', 'demo'], 'Used cars'],
    [{ car_type: ['new'] }, ['new', 'used', 'demo'], 'New cars'],
    [{ car_type: ['demo'] }, [], 'Demo cars'],
    [{ car_type: ['new', 'demo'] }, [], 'New and demo cars'],
    [{}, ['new', 'used', 'demo'], 'New, used and demo cars'],
    [{}, ['used'], 'Used cars'],
    [{}, ['new', 'demo'], 'New and demo cars'],
    [{ make: ['Toyota'] }, [], 'Toyota cars'],
    [{ make: ['Toyota'], model: ['Corolla'] }, [], 'Toyota Corolla'],
  ])('titles %j on a site selling %j as %s', (refinements, types, title) => {
    expect(listingTitle(refinements, types)).toBe(title);
  });
});

describe('a lower-case make path (issue 33)', () => {
  const stats = {
    computed_at: '2026-11-28T00:00:00Z',
    nb_hits: 30,
    facets: { make: { Toyota: 12, Mazda: 6, Ford: 6, Kia: 6 } },
    min_price: {},
    models: { Toyota: { Corolla: 6, HiLux: 6 } },
  };
  it.each([
    ['/search/toyota', 'Toyota cars', 'Remove Make: Toyota'],
    ['/search/TOYOTA/hilux', 'Toyota HiLux', 'Remove Model: HiLux'],
  ])('%s is titled and chipped as the stock spells it: %s', async (path, heading, chip) => {
    renderListing(path, { site: { ...siteResponse(), stats } as ReturnType<typeof siteResponse> });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: chip })).toBeInTheDocument();
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
  });
});

describe('promo tiles by page (spec 001 §9)', () => {
  const site = () => siteResponse({ promotions: [{ id: 'warranty', title: '3 Year Warranty' }] });

  it('shows tiles on page 1 only', async () => {
    renderListing('/search/new-used-and-demo-cars/?page=2', { site: site() });
    await waitFor(() => expect(cards()).toHaveLength(21));
    expect(screen.queryByRole('complementary', { name: '3 Year Warranty' })).not.toBeInTheDocument();
  });

  it('with promo_random_order puts one tile at the first position', async () => {
    renderListing('/search/new-used-and-demo-cars/', {
      site: siteResponse({
        search: { facets: ['make'], promo_random_order: true },
        promotions: [
          { id: 'a', title: 'Tile A' },
          { id: 'b', title: 'Tile B' },
        ],
      }),
    });
    await waitFor(() => expect(cards()).toHaveLength(21));
    const items = Array.from(screen.getByRole('list', { name: 'Cars' }).children) as HTMLElement[];
    expect(within(items[7]).getByRole('complementary', { name: /Tile [AB]/ })).toBeInTheDocument();
    expect(screen.getAllByRole('complementary', { name: /Tile/ })).toHaveLength(1);
  });
});

describe('facet values', () => {
  it('offers no empty bucket for cars without a price', async () => {
    const cars = stock(10).map((c, i) => ({ ...c, price_range: i < 2 ? '' : 'Under $10,000' }) as Car);
    renderListing('/search/new-used-and-demo-cars/', { site: siteResponse({ search: { facets: ['price_range'] } }), cars });
    const section = await screen.findByRole('region', { name: 'Price range' });
    await waitFor(() => expect(within(section).getAllByRole('checkbox')).toHaveLength(1));
    expect(within(section).getByRole('checkbox', { name: /Under \$10,000/ })).toBeInTheDocument();
  });
});

describe('filter sections (spec 000 §4 "Show-all-makes toggle", "Section collapses", §9 "Make list shows 7")', () => {
  afterEach(() => window.localStorage.clear());
  const MAKE_NAMES = ['Audi', 'BMW', 'Ford', 'Holden', 'Honda', 'Kia', 'Mazda', 'Nissan', 'Subaru', 'Toyota'];
  const tenMakes = (): Car[] => stock(10).map((c, i) => ({ ...c, make: MAKE_NAMES[i] }) as Car);
  const makeBoxes = (section: HTMLElement) => within(section).queryAllByRole('checkbox');

  it('shows 7 makes, Show all makes reveals the other 3, and Show fewer hides them again', async () => {
    const user = userEvent.setup();
    renderListing('/search/new-used-and-demo-cars/', { site: siteResponse({ search: { facets: ['make'] } }), cars: tenMakes() });
    const section = await screen.findByRole('region', { name: 'Make' });
    await waitFor(() => expect(makeBoxes(section)).toHaveLength(7));
    await user.click(within(section).getByRole('button', { name: 'Show all makes' }));
    await waitFor(() => expect(makeBoxes(section)).toHaveLength(10));
    await user.click(within(section).getByRole('button', { name: 'Show fewer' }));
    await waitFor(() => expect(makeBoxes(section)).toHaveLength(7));
  });

  it('collapses and opens a section; with remember_collapsed the next visit finds it as left', async () => {
    const user = userEvent.setup();
    const site = siteResponse({ search: { facets: ['make'], remember_collapsed: true } });
    const first = renderListing('/search/new-used-and-demo-cars/', { site, cars: tenMakes() });
    const toggle = await screen.findByRole('button', { name: 'Make' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(makeBoxes(screen.getByRole('region', { name: 'Make' }))).toHaveLength(0));
    first.unmount();

    renderListing('/search/new-used-and-demo-cars/', { site, cars: tenMakes() });
    expect(await screen.findByRole('button', { name: 'Make' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('without remember_collapsed every visit starts open', async () => {
    const user = userEvent.setup();
    const site = siteResponse({ search: { facets: ['make'] } });
    const first = renderListing('/search/new-used-and-demo-cars/', { site, cars: tenMakes() });
    await user.click(await screen.findByRole('button', { name: 'Make' }));
    first.unmount();

    renderListing('/search/new-used-and-demo-cars/', { site, cars: tenMakes() });
    expect(await screen.findByRole('button', { name: 'Make' })).toHaveAttribute('aria-expanded', 'true');
  });
});
