// The checkout as a shopper sees it (issue 13: spec 000 §9, spec 001 §9),
// with the token and the network stubbed.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Car, CarResponse, CarView } from '../../../lib/types';
import { fixture, siteResponse } from '../../../test/fixtures';
import { renderWithSite } from '../../../test/renderWithSite';
import CheckoutPage from './CheckoutPage';

const token = vi.hoisted(() => ({ value: 'id-token' as string | null }));
vi.mock('../../../lib/shopper/amplify', () => ({ idToken: () => Promise.resolve(token.value) }));

const site = {
  ...siteResponse({ reserve: { deposit: 200, hold_hours: 48, refundable_text: 'Fully refundable before the hold ends.' } }),
  auth: { userPoolId: 'pool', userPoolClientId: 'client', region: 'ap-southeast-2' },
};

const view: CarView = {
  price: { text: '$31,990', has_price: true, was_text: '', below_market: false, price_type: '' },
  tag: { kind: '', text: '' },
  available: true,
  comments: { segments: [], short: [], truncated: false },
  phone: '',
  reservable: true,
  reserve: { deposit: 200, price_text: '$200', path: '/cars/2021-mazda-cx-5-c1/checkout', hold_hours: 48 },
  actions: [],
  tabs: [],
  pdf_path: '/api/cars/2021-mazda-cx-5-c1/pdf',
};
const carResponse: CarResponse = {
  car: fixture<Car>({ id: 'c1', slug: '2021-mazda-cx-5-c1', year: 2021, make: 'Mazda', model: 'CX-5', status: 'in_stock' }),
  view,
};

function stub(reserveStatus: number, reserveBody: unknown) {
  const calls: { method: string; url: string; auth: string | null; body?: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      calls.push({ method: init.method ?? 'GET', url, auth: headers.get('authorization'), body: init.body as string | undefined });
      if (url.startsWith('/api/cars/')) return new Response(JSON.stringify(carResponse), { status: 200 });
      return new Response(JSON.stringify(reserveBody), { status: reserveStatus });
    }),
  );
  return calls;
}

function renderCheckout() {
  return renderWithSite(
    <Routes>
      <Route path="/cars/:slug/checkout" element={<CheckoutPage />} />
      <Route path="/sign-in" element={<p>Sign-in page</p>} />
    </Routes>,
    site,
    '/cars/2021-mazda-cx-5-c1/checkout',
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  token.value = 'id-token';
});

describe('checkout page', () => {
  it('shows the car, the $200 deposit, the 48-hour hold and the refund terms, then pays through the checkout URL (spec 001 §9)', async () => {
    const calls = stub(201, { reservation_id: 'res_1', checkout_url: 'https://checkout.example/res_1' });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Reserve 2021 Mazda CX-5' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Refundable deposit: $200' })).toBeInTheDocument();
    expect(screen.getByText(/hold this car for you for 48 hours/)).toBeInTheDocument();
    expect(screen.getByText('Fully refundable before the hold ends.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay $200 deposit' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/res_1'));
    expect(calls[1]).toMatchObject({ method: 'POST', url: '/api/reservations', auth: 'Bearer id-token', body: '{"car_id":"c1"}' });
  });

  it('tells the second shopper the car has just been reserved, and takes no payment (issue 13)', async () => {
    stub(409, { error: { code: 'conflict', message: 'This car has just been reserved' } });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $200 deposit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This car has just been reserved');
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends a signed-out shopper to sign in (spec 001 §4 gated checkout)', async () => {
    token.value = null;
    stub(201, {});
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $200 deposit' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
  });
});
