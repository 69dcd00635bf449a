// The watchlist page as a shopper sees it (issue 12; spec 000 §3, §4, §8),
// with the token and the network stubbed.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Car, FinanceEstimate, WatchlistResponse } from '../../../lib/types';
import { fixture, siteResponse } from '../../../test/fixtures';
import { renderWithSite } from '../../../test/renderWithSite';
import WatchlistPage from './WatchlistPage';

const token = vi.hoisted(() => ({ value: 'id-token' as string | null }));
vi.mock('../../../lib/shopper/amplify', () => ({ idToken: () => Promise.resolve(token.value) }));

const site = { ...siteResponse(), auth: { userPoolId: 'pool', userPoolClientId: 'client', region: 'ap-southeast-2' } };

const list: WatchlistResponse = {
  success: true,
  cars: [
    {
      car_id: 'c1',
      saved_at: '2026-11-02T09:00:00Z',
      available: true,
      car: fixture<Car>({
        id: 'c1',
        slug: 'kia-rio-c1',
        year: 2021,
        make: 'Kia',
        model: 'Rio',
        status: 'in_stock',
        primary_image_url: '/media/demo/hatch/red.svg?angle=1',
      }),
      view: {
        price: { text: '$18,990', has_price: true, was_text: '', below_market: false, price_type: '' },
        finance: fixture<FinanceEstimate>({
          frequency: 'weekly',
          amount: 89,
          amount_text: '$89',
          interest_rate: 7.49,
          fine_print: 'Comparison rate for a secured loan.',
          terms_path: '/finance',
        }),
        tag: { kind: '', text: '' },
        available: true,
        comments: { segments: [], short: [], truncated: false },
        phone: '',
        reservable: false,
        actions: [],
        tabs: [],
        pdf_path: '',
      },
    },
    {
      car_id: 'c2',
      saved_at: '2026-11-01T09:00:00Z',
      available: false,
      car: fixture<Car>({ id: 'c2', slug: 'mazda-3-c2', year: 2019, make: 'Mazda', model: '3', status: 'sold', sold: true }),
      view: {
        price: { text: '$15,990', has_price: true, was_text: '', below_market: false, price_type: '' },
        tag: { kind: 'sold', text: 'SOLD' },
        available: false,
        comments: { segments: [], short: [], truncated: false },
        phone: '',
        reservable: false,
        actions: [],
        tabs: [],
        pdf_path: '',
      },
    },
  ],
};

function stub(removeStatus: number, listBody: WatchlistResponse = list, listStatus = 200) {
  const calls: { method: string; url: string; auth: string | null; body?: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      calls.push({ method: init.method ?? 'GET', url, auth: headers.get('authorization'), body: init.body as string | undefined });
      if (url === '/api/watchlist') {
        const answer = listStatus === 200 ? listBody : { error: { code: 'internal', message: 'internal error' } };
        return new Response(JSON.stringify(answer), { status: listStatus });
      }
      const body = removeStatus === 200 ? { success: true, car_id: 'c1', saved: false } : { error: { code: 'internal', message: 'internal error' } };
      return new Response(JSON.stringify(body), { status: removeStatus });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  token.value = 'id-token';
});

describe('watchlist page', () => {
  it('lists saved cars with their current price and shows a sold one as SOLD (spec 000 §3, §4)', async () => {
    const calls = stub(200);
    renderWithSite(<WatchlistPage />, site, '/watchlist');
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('link', { name: '2021 Kia Rio' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('$18,990');
    expect(items[1]).toHaveTextContent('SOLD');
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/watchlist', auth: 'Bearer id-token' });
  });

  it('removes a car at once and keeps it removed when the call succeeds (spec 000 §4)', async () => {
    const calls = stub(200);
    renderWithSite(<WatchlistPage />, site, '/watchlist');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove 2021 Kia Rio from your watchlist' }));
    expect(screen.queryByRole('link', { name: '2021 Kia Rio' })).not.toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({ method: 'POST', url: '/api/watchlist/remove-car' });
    expect(JSON.parse(calls[1].body ?? '{}')).toEqual({ car_id: 'c1' });
  });

  it('puts the car back and alerts with the error when removal fails (spec 000 §8)', async () => {
    stub(500);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderWithSite(<WatchlistPage />, site, '/watchlist');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove 2021 Kia Rio from your watchlist' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('internal error'));
    expect(screen.getByRole('link', { name: '2021 Kia Rio' })).toBeInTheDocument();
  });

  it('sends a signed-out shopper to sign-in with type, redirect and back (spec 001 §4)', async () => {
    token.value = null;
    stub(200);
    renderWithSite(
      <Routes>
        <Route path="/watchlist" element={<WatchlistPage />} />
        <Route path="/sign-in" element={<p>sign-in page</p>} />
      </Routes>,
      site,
      '/watchlist',
    );
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
  });

  // Issue 32 item 6: the list is the listing's cards, not a bullet list:
  // a photo or the listing's no-photo panel, the title linking the car, the
  // price and the weekly estimate, and a Remove button.
  it('shows each saved car as a card with its photo or the no-photo panel, price, weekly estimate and a link to it (issue 32 item 6)', async () => {
    stub(200);
    renderWithSite(<WatchlistPage />, site, '/watchlist');
    const [rio, mazda] = await screen.findAllByRole('article');
    expect(rio).toHaveClass('car-card');
    expect(rio.querySelector('img')).toHaveAttribute('src', '/media/demo/hatch/red.svg?angle=1');
    expect(within(rio).getByRole('heading', { name: '2021 Kia Rio' })).toBeInTheDocument();
    expect(within(rio).getByRole('link', { name: 'View details of 2021 Kia Rio' })).toHaveAttribute('href', '/cars/kia-rio-c1');
    expect(rio).toHaveTextContent('$89 per week');
    expect(mazda.querySelector('img')).toBeNull();
    expect(mazda).toHaveTextContent('Photos coming soon');
    expect(within(mazda).getByRole('button', { name: 'Remove 2019 Mazda 3 from your watchlist' })).toHaveClass('button');
  });

  it('an empty watchlist says so and links to the stock (issue 32 item 6)', async () => {
    stub(200, { success: true, cars: [] });
    renderWithSite(<WatchlistPage />, site, '/watchlist');
    expect(await screen.findByRole('heading', { name: 'No saved cars yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse our stock' })).toHaveAttribute('href', '/cars/');
  });

  it('a failed load says so and tries again on request (issue 32 item 6)', async () => {
    stub(200, list, 500);
    renderWithSite(<WatchlistPage />, site, '/watchlist');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your saved cars');
    stub(200);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
  });
});
