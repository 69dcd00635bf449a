import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Car, CarView } from '../../../lib/types';
import { fixture, siteResponse } from '../../../test/fixtures';
import { renderWithSite } from '../../../test/renderWithSite';
import CarPage from './CarPage';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const car: Car = fixture<Car>({
  id: 'c9',
  slug: '2020-mazda-cx-5-c9',
  year: 2020,
  make: 'Mazda',
  model: 'CX-5',
  badge: 'Maxx Sport',
  car_type: 'used',
  status: 'in_stock',
  price: 31990,
  km: 60500,
  colour: 'Soul Red',
  stocknum: 'N77',
  rego_expiry: '2020-01-01',
  images: [{ url: '/media/a.svg' }, { url: '/media/b.svg' }, { url: '/media/c.svg' }],
  primary_image_url: '/media/a.svg',
  standardEquipment: Array.from({ length: 10 }, (_, i) => `Feature ${i + 1}`),
});

/** viewOf is the server's view of the car (GET /api/cars/{slug} "view"), as shared.ViewCar computes it. */
function viewOf(overrides: Partial<CarView> = {}): CarView {
  return {
    price: { text: '$31,990', has_price: true, was_text: '', below_market: false, price_type: '' },
    tag: { kind: '', text: '' },
    available: true,
    comments: { segments: [], short: [], truncated: false },
    phone: '',
    reservable: false,
    actions: [],
    tabs: [],
    pdf_path: '/api/cars/2020-mazda-cx-5-c9/pdf',
    ...overrides,
  };
}

const soldView = viewOf({ available: false, tag: { kind: 'sold', text: 'JUST SOLD' } });

function renderCar(slug = car.slug, site = siteResponse()) {
  return renderWithSite(
    <Routes>
      <Route path="/cars/:slug" element={<CarPage />} />
    </Routes>,
    site,
    `/cars/${slug}`,
  );
}

describe('car page (spec 000 §2, spec 001 §2)', () => {
  it('loads the car by slug and shows title, price, gallery, key details', async () => {
    const fetchMock = stubFetch(200, { car, view: viewOf() });
    renderCar();
    expect(await screen.findByRole('heading', { level: 1, name: '2020 Mazda CX-5' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/cars/2020-mazda-cx-5-c9', expect.anything());
    expect(screen.getByText('$31,990')).toBeInTheDocument();
    const details = screen.getByRole('heading', { name: 'Key details' }).parentElement as HTMLElement;
    expect(within(details).getByText('60,500 km')).toBeInTheDocument();
    expect(within(details).getByText('Soul Red')).toBeInTheDocument();
    expect(within(details).queryByText('Registration expiry')).not.toBeInTheDocument();
    expect(screen.getByText('Dealer comments are pending. Please check back here later.')).toBeInTheDocument();
  });

  it('moves through the gallery with the arrow keys and buttons', async () => {
    const user = userEvent.setup();
    stubFetch(200, { car, view: viewOf() });
    renderCar();
    const gallery = await screen.findByRole('region', { name: 'Photos of 2020 Mazda CX-5' });
    expect(within(gallery).getByRole('img', { name: /photo 1 of 3/ })).toBeInTheDocument();
    gallery.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(gallery).getByRole('img', { name: /photo 2 of 3/ })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(gallery).getByRole('img', { name: /photo 3 of 3/ })).toBeInTheDocument();
    await user.click(within(gallery).getByRole('button', { name: 'Next photo' }));
    expect(within(gallery).getByRole('img', { name: /photo 1 of 3/ })).toBeInTheDocument();
  });

  it('shows the first 8 features and Show All', async () => {
    const user = userEvent.setup();
    stubFetch(200, { car, view: viewOf() });
    renderCar();
    const section = (await screen.findByRole('heading', { name: 'Features' })).parentElement as HTMLElement;
    expect(within(section).getAllByRole('listitem')).toHaveLength(8);
    await user.click(within(section).getByRole('button', { name: 'Show All (10)' }));
    expect(within(section).getAllByRole('listitem')).toHaveLength(10);
    expect(within(section).getByRole('button', { name: 'Hide' })).toBeInTheDocument();
  });

  it('shows the sold notice with Find Me Something Similar', async () => {
    stubFetch(200, { car: { ...car, sold: true, status: 'sold' }, view: soldView });
    renderCar();
    expect(await screen.findByText('Unfortunately this vehicle recently sold.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find Me Something Similar' })).toHaveAttribute('href', '/search/Mazda/CX-5');
  });

  it('shows the texts the site config overrides (sold notice, find similar, dealer comments)', async () => {
    stubFetch(200, { car: { ...car, sold: true, status: 'sold' }, view: soldView });
    renderCar(
      car.slug,
      siteResponse({
        texts: {
          sold_notice: 'This one has gone.',
          find_similar: 'Find me something similar',
          dealer_comments_title: 'From the dealer',
          dealer_comments_pending: 'Comments coming soon.',
        },
      }),
    );
    expect(await screen.findByText('This one has gone.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find me something similar' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'From the dealer' })).toBeInTheDocument();
    expect(screen.getByText('Comments coming soon.')).toBeInTheDocument();
  });

  it('links Find Me Something Similar by the card’s rule: make, model and body type (spec 000 §4)', async () => {
    stubFetch(200, { car: { ...car, sold: true, status: 'sold', simple_body: 'SUV' }, view: soldView });
    renderCar();
    expect(await screen.findByRole('link', { name: 'Find Me Something Similar' })).toHaveAttribute('href', '/search/Mazda/CX-5?body=SUV');
  });

  it('shows the card’s tag banner by the title (coming soon, reserved) and names the tab after the car (spec 000 §4)', async () => {
    stubFetch(200, { car: { ...car, status: 'coming_soon' }, view: viewOf({ tag: { kind: 'coming_soon', text: 'COMING SOON' } }) });
    const { unmount } = renderCar();
    expect(await screen.findByText('COMING SOON')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^2020 Mazda CX-5 \| /));
    unmount();

    stubFetch(200, { car: { ...car, reserved: true }, view: viewOf({ tag: { kind: 'reserved', text: 'RESERVED' } }) });
    renderCar();
    expect(await screen.findByText('RESERVED')).toBeInTheDocument();
  });

  it('shows no tag banner on a sold car: the sold notice says it', async () => {
    stubFetch(200, { car: { ...car, sold: true, status: 'sold' }, view: soldView });
    renderCar();
    await screen.findByText('Unfortunately this vehicle recently sold.');
    expect(screen.queryByText(/SOLD/)).not.toBeInTheDocument();
  });

  it('shows the not-found state on 404', async () => {
    stubFetch(404, { error: { code: 'not_found', message: 'car not found' } });
    renderCar('gone');
    expect(await screen.findByRole('heading', { name: 'Car not found' })).toBeInTheDocument();
  });

  it('shows the dealer comments as the server cut them, with show more / less (spec 000 §2)', async () => {
    const user = userEvent.setup();
    const long = 'x'.repeat(390);
    const segments = ['One owner', long, 'Full service history'];
    const comments = { segments, short: ['One owner', long.slice(0, 391)], truncated: true };
    stubFetch(200, { car: { ...car, dealercomments: segments.join(' | ') }, view: viewOf({ comments }) });
    renderCar();
    await waitFor(() => expect(screen.getByText('One owner')).toBeInTheDocument());
    expect(screen.getByText(`${long.slice(0, 391)}…`)).toBeInTheDocument();
    expect(screen.queryByText('Full service history')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getByText('Full service history')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.queryByText('Full service history')).not.toBeInTheDocument();
  });
});
