import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { SiteProvider } from '../../../lib/siteContext';
import type { LocationView, ReviewView } from '../../../lib/types';
import { ReviewList } from './LocationDetail';
import { fixture, siteResponse } from '../../../test/fixtures';
import { LocationCard } from './LocationCard';
import { LocationMap } from './LocationMap';
import { NearestDealership } from './NearestDealership';
import { LocationsBlock } from './LocationsBlock';
import { INLINED_LOCATIONS_ID } from '../api/getLocations';
import { CarouselSlide, OurLocationsCarousel } from './OurLocationsCarousel';

afterEach(() => vi.unstubAllGlobals());

const site = (block: Record<string, unknown> = {}) =>
  siteResponse({
    features: { phone_links: true, favourites: true } as never,
    hours: { closed_enquire_link: true } as never,
    locations_block: { layout: 'grid', show_contact: true, email_us: true, book_service: true, map_zoom: 10, ...block } as never,
  });

// A location as GET /api/locations answers it: the rules already applied by Go.
const loc = (over: Partial<LocationView> = {}): LocationView =>
  fixture<LocationView>({
    id: 'loc-1',
    name: 'Coastal Mazda - Service',
    slug: 'coastal-mazda-service',
    location_type: 'service',
    dealership_slug: 'coastal-mazda',
    address: { street: '1 Ferry Road', city: 'Southport', state: 'QLD', postcode: '4215', lat: -27.97, long: 153.4 },
    contact_detail: { phone: '0491 570 131', landline_phone: '(07) 5550 7100' },
    dealer_license_number: '3401122',
    badge: 'Coming Late 2025',
    hours: [
      { days: 'Mon-Fri', text: '8:00am - 5:30pm', closed: false },
      { days: 'Sunday', text: 'Closed', closed: true },
    ],
    open_now: { open: true, label: 'Open now', detail: 'Closes 5:30 pm' },
    holiday_hours: [{ date: '2026-12-25', label: 'Friday 25 December 2026', text: 'Closed', closed: true, department: 'all' }],
    review_summary: { count: 24, average_rating: 4.6, stars: [1, 1, 1, 1, 0.6], text: 'Based on 24 reviews' },
    directions_url: 'https://maps.example/?q=1+Ferry+Road',
    contact_path: '/contact-us/coastal-mazda',
    view_path: '/locations/coastal-mazda-service',
    default_tab: 'service',
    ...over,
  });

function renderWith(ui: React.ReactNode, s = site()) {
  return render(
    <MemoryRouter>
      <SiteProvider value={s}>{ui}</SiteProvider>
    </MemoryRouter>,
  );
}

describe('location card (spec 001 §2 "Location card")', () => {
  it('shows what the API computed: stars, address, tel: links, open now, hours, licences, review count and the actions', () => {
    renderWith(<LocationCard location={loc()} emailUs={() => <p>the enquiry form</p>} />);
    const card = screen.getByRole('article', { name: 'Coastal Mazda - Service' });
    expect(within(card).getByRole('img', { name: 'Rated 4.6 out of 5' })).toBeTruthy();
    expect(within(card).getByText('Coming Late 2025')).toBeTruthy();
    expect(within(card).getByRole('link', { name: '0491 570 131' }).getAttribute('href')).toBe('tel:0491570131');
    expect(within(card).getByRole('link', { name: '(07) 5550 7100' }).getAttribute('href')).toBe('tel:0755507100');
    expect(within(card).getByText('Open now')).toBeTruthy();
    expect(within(card).getByText(/Closes 5:30 pm/)).toBeTruthy();
    const hours = within(card).getByRole('table', { name: 'Opening Hours' });
    expect(
      within(hours)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Mon-Fri8:00am - 5:30pm', 'SundayClosed Enquire Now']);
    expect(within(card).getByText('Dealer Licence: 3401122')).toBeTruthy();
    expect(within(card).getByText('24 reviews')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/contact-us/coastal-mazda');
    expect(
      within(card)
        .getByRole('link', { name: /Get Directions/ })
        .getAttribute('href'),
    ).toBe('https://maps.example/?q=1+Ferry+Road');
    expect(within(card).getByRole('link', { name: 'Book a Service' }).getAttribute('href')).toBe('/service');
    // Role queries over a whole card are slow in jsdom on a loaded machine.
  }, 20000);

  it('the show flag hides contact buttons and licences', () => {
    renderWith(<LocationCard location={loc()} emailUs={() => null} />, site({ show_contact: false }));
    expect(screen.queryByRole('link', { name: 'Contact' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Email Us' })).toBeNull();
    expect(screen.queryByText(/Dealer Licence/)).toBeNull();
  });

  it('missing hours show nothing', () => {
    renderWith(<LocationCard location={loc({ hours: [], open_now: undefined, holiday_hours: [] })} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/Open now|Closed now/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Holiday Opening Hours' })).toBeNull();
  });

  it('Email Us opens the enquiry form in a dialog that Escape closes', async () => {
    const user = userEvent.setup();
    renderWith(<LocationCard location={loc()} emailUs={(l) => <p>form for {l.dealership_slug}</p>} />);
    await user.click(screen.getByRole('button', { name: 'Email Us' }));
    const dialog = screen.getByRole('dialog', { name: 'Email Coastal Mazda - Service' });
    expect(within(dialog).getByText('form for coastal-mazda')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the Holiday Opening Hours dialog lists the special hours and returns focus', async () => {
    const user = userEvent.setup();
    renderWith(<LocationCard location={loc()} />);
    const button = screen.getByRole('button', { name: 'Holiday Opening Hours' });
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Holiday Opening Hours' });
    expect(within(dialog).getByText('Friday 25 December 2026')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe('map', () => {
  it('without a map style shows a static card with Get Directions, and loads no map library', () => {
    renderWith(<LocationMap locations={[loc()]} label="Map of Coastal" />);
    const region = screen.getByRole('region', { name: 'Map of Coastal' });
    expect(within(region).getByRole('link', { name: /Get Directions/ })).toBeTruthy();
  });
});

describe('Our Locations carousel (spec 001 §2)', () => {
  it('is titled, sorted by name and refuses slides outside it', () => {
    renderWith(<OurLocationsCarousel locations={[loc({ id: 'b', name: 'Bravo' }), loc({ id: 'a', name: 'Alpha' }), loc({ id: 'c', name: 'Charlie' })]} />);
    expect(screen.getByRole('heading', { name: 'Our Locations' })).toBeTruthy();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Alpha', 'Bravo', 'Charlie']);
  });

  it('CarouselSlide outside the carousel is a clear error (spec 001 §2 "Carousel helpers fail if used outside a carousel")', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<CarouselSlide index={0}>x</CarouselSlide>)).toThrow('CarouselSlide must be used inside OurLocationsCarousel');
    vi.restoreAllMocks();
  });

  // Guards: arrows only when the slides overflow, Previous off at the start and Next at the end.
  it.each([
    { name: 'every slide fits: no arrows, no swipe hint', scrollWidth: 600, clientWidth: 600, scrollLeft: 0, arrows: false, back: false, forward: false },
    { name: 'at the start of an overflowing track: Next only', scrollWidth: 1200, clientWidth: 600, scrollLeft: 0, arrows: true, back: false, forward: true },
    { name: 'in the middle: both', scrollWidth: 1200, clientWidth: 600, scrollLeft: 300, arrows: true, back: true, forward: true },
    { name: 'at the end: Previous only', scrollWidth: 1200, clientWidth: 600, scrollLeft: 600, arrows: true, back: true, forward: false },
  ])('$name', ({ scrollWidth, clientWidth, scrollLeft, arrows, back, forward }) => {
    const proto = HTMLElement.prototype;
    const saved = ['scrollWidth', 'clientWidth'].map((k) => [k, Object.getOwnPropertyDescriptor(proto, k)] as const);
    Object.defineProperty(proto, 'scrollWidth', { configurable: true, get: () => scrollWidth });
    Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => clientWidth });
    try {
      renderWith(<OurLocationsCarousel locations={[loc({ id: 'a', name: 'Alpha' }), loc({ id: 'b', name: 'Bravo' }), loc({ id: 'c', name: 'Charlie' })]} />);
      const trackEl = screen.getByRole('list', { name: /Our Locations/ });
      trackEl.scrollLeft = scrollLeft;
      fireEvent.scroll(trackEl);
      const prev = screen.queryByRole('button', { name: 'Previous location' });
      const next = screen.queryByRole('button', { name: 'Next location' });
      if (!arrows) {
        expect(prev).toBeNull();
        expect(next).toBeNull();
        return;
      }
      expect((prev as HTMLButtonElement).disabled).toBe(!back);
      expect((next as HTMLButtonElement).disabled).toBe(!forward);
    } finally {
      for (const [k, d] of saved) {
        if (d) Object.defineProperty(proto, k, d);
        else delete (proto as unknown as Record<string, unknown>)[k];
      }
    }
  });
});

describe('Find your nearest dealership', () => {
  it('asks GET /api/geocode and lists locations nearest first; an unknown postcode says Invalid postcode', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url.includes('postcode=4211')) {
        return new Response(
          JSON.stringify({ lat: -28, lng: 153.3, place: 'Nerang (QLD 4211)', postcode: '4211', locations: [{ ...loc(), distance_km: 1.2 }] }),
          { status: 200 },
        );
      }
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Invalid postcode', field: 'postcode' } }), { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWith(<NearestDealership />);
    await user.type(screen.getByLabelText('Postcode or suburb'), '4211');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(screen.getByText('1.2 km')).toBeTruthy());
    expect(fetchMock.mock.calls[0][0]).toBe('/api/geocode?postcode=4211');
    expect(screen.getByRole('link', { name: 'Coastal Mazda - Service' }).getAttribute('href')).toBe('/locations/coastal-mazda-service');
    await user.clear(screen.getByLabelText('Postcode or suburb'));
    await user.type(screen.getByLabelText('Postcode or suburb'), '0001');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid postcode');
  });
});

describe('location reviews (spec 001 §9 "10 reviews are shown by default", "full quantity is 12")', () => {
  const reviews: ReviewView[] = Array.from({ length: 12 }, (_, i) => ({
    id: `r${i}`,
    location_id: 'l1',
    text: `Review ${i + 1}`,
    customer_name: `Buyer ${i + 1}`,
    rating: 5,
    stars: [1, 1, 1, 1, 1],
  }));

  it('shows the first 10 the API marks shown, and Show all reveals the 12 it listed', async () => {
    const user = userEvent.setup();
    render(<ReviewList reviews={reviews} shown={10} />);
    const list = screen.getByRole('heading', { name: 'Reviews' }).parentElement as HTMLElement;
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const button = screen.getByRole('button', { name: 'Show all 12 reviews' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'Show fewer reviews' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('offers no Show all when every listed review is shown', () => {
    render(<ReviewList reviews={reviews.slice(0, 4)} shown={10} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });
});

// Issue 32 item 11: the location page showed "Loading location…", then the
// page (a 0.5 layout shift), and its name, address and hours three times,
// department hours in a bare select. From the data its HTML carries it
// renders at once without a request; each shows once; departments are tabs.
describe('location page (issue 32 item 11)', () => {
  const sales = loc({ id: 'loc-s', name: 'Coastal Mazda - Sales', slug: 'coastal-mazda-sales', location_type: 'sales', default_tab: 'sales' });
  const service = loc({
    id: 'loc-v',
    address: { street: '8 Lawrence Drive', city: 'Nerang', state: 'QLD', postcode: '4211' },
    hours: [{ days: 'Mon-Fri', text: '7:00am - 5:00pm', closed: false }],
  });
  afterEach(() => document.getElementById('forecourt-location')?.remove());

  it('renders from the inlined page data at its first render, with no request, and shows name, address and hours once', async () => {
    const script = document.createElement('script');
    script.id = 'forecourt-location';
    script.type = 'application/json';
    script.textContent = JSON.stringify({
      slug: 'coastal-mazda-sales',
      page: { location: sales, departments: [sales, service], reviews: [], reviews_shown: 10 },
      locations: { locations: [sales, service], grid_columns: 2 },
    });
    document.body.append(script);
    const fetch = vi.fn(() => new Promise(() => {}));
    vi.stubGlobal('fetch', fetch);
    const { default: LocationPage } = await import('./LocationPage');
    renderWith(<LocationPage slug="coastal-mazda-sales" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Coastal Mazda - Sales' })).toBeTruthy();
    expect(screen.queryByText(/Loading location/)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getAllByText('Coastal Mazda - Sales')).toHaveLength(1);
    expect(screen.getAllByText('1 Ferry Road')).toHaveLength(1);
    expect(screen.getAllByRole('table', { name: 'Opening Hours' })).toHaveLength(1);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('link', { name: /Open in Maps/ }).getAttribute('href')).toBe('https://maps.example/?q=1+Ferry+Road');
    // The Service tab: its own hours, and its address as it is not the page's.
    await userEvent.click(screen.getByRole('tab', { name: 'Service' }));
    expect(within(screen.getByRole('tabpanel')).getByText('7:00am - 5:00pm')).toBeTruthy();
    expect(within(screen.getByRole('tabpanel')).getByText('8 Lawrence Drive')).toBeTruthy();
  }, 20000);

  // Issue 34: the inlined data is the page's as the document was made: a
  // later visit in the same session (back to it, or another location page
  // and back) must fetch it, or its open-now line shows the hour the
  // document was made and the locations block a stale list.
  it('uses the inlined data for the document’s own first render only: a later visit fetches afresh', async () => {
    const script = document.createElement('script');
    script.id = 'forecourt-location';
    script.type = 'application/json';
    script.textContent = JSON.stringify({
      slug: 'coastal-mazda-sales',
      page: { location: sales, departments: [sales, service], reviews: [], reviews_shown: 10 },
      locations: { locations: [sales, service], grid_columns: 2 },
    });
    document.body.append(script);
    const fetch = vi.fn((_url: string) => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    const { default: LocationPage } = await import('./LocationPage');
    const first = renderWith(<LocationPage slug="coastal-mazda-sales" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Coastal Mazda - Sales' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    first.unmount();
    renderWith(<LocationPage slug="coastal-mazda-sales" />);
    expect(screen.getByText(/Loading location/)).toBeTruthy();
    await waitFor(() => expect(fetch.mock.calls.map((c) => c[0])).toContain('/api/locations/coastal-mazda-sales'));
  }, 20000);
});

describe('the locations block from the page’s own data (issue 34)', () => {
  afterEach(() => document.getElementById(INLINED_LOCATIONS_ID)?.remove());
  /** inlineLocations writes the page's script as /dealerships carries it, and stubs fetch (never answered). */
  const inlineLocations = () => {
    const fetch = vi.fn(() => new Promise(() => {}));
    vi.stubGlobal('fetch', fetch);
    const script = Object.assign(document.createElement('script'), {
      id: INLINED_LOCATIONS_ID,
      type: 'application/json',
      textContent: JSON.stringify({ locations: [loc()], grid_columns: 3 }),
    });
    document.body.append(script);
    return fetch;
  };
  it('renders /dealerships’ inlined locations at its first render, asks for none, and leaves later visits to fetch', () => {
    const fetch = inlineLocations();
    renderWith(<LocationsBlock />);
    expect(screen.queryByText('Loading locations…')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Coastal Mazda - Service' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    // Read once: the script is gone, so a later visit in the session gets current open-now lines.
    expect(document.getElementById(INLINED_LOCATIONS_ID)).toBeNull();
  });
  it('a filtered block (the contact page’s) does not take the page’s whole list', () => {
    const fetch = inlineLocations();
    renderWith(<LocationsBlock filter={{ type: 'sales' }} />);
    expect(screen.getByText('Loading locations…')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/locations?type=sales', expect.anything());
  });
});
