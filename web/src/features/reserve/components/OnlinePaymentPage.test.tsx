// /online-payment as a signed-in shopper sees it (spec 001 §5 gated page;
// issue 13: the shopper's reservations), with the token and the network stubbed.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReservationResponse } from '../../../lib/types';
import { siteResponse } from '../../../test/fixtures';
import { renderWithSite } from '../../../test/renderWithSite';
import OnlinePaymentPage from './OnlinePaymentPage';

vi.mock('../../../lib/shopper/amplify', () => ({ idToken: () => Promise.resolve('id-token') }));

const site = { ...siteResponse(), auth: { userPoolId: 'pool', userPoolClientId: 'client', region: 'ap-southeast-2' } };

const paid: ReservationResponse = {
  reservation_id: 'res_1',
  state: 'paid',
  car_id: 'c1',
  car_slug: '2021-mazda-cx-5-c1',
  car_title: '2021 Mazda CX-5',
  deposit_cents: 20000,
  currency: 'aud',
  held_until: '2026-11-25T09:00:00Z',
  held_until_text: 'Wednesday 25 November 2026, 7:00 pm AEST',
  hold_hours: 48,
  created_at: '2026-11-23T09:00:00Z',
  holding: true,
  refundable_text: 'Refundable.',
};

function stub(body: unknown) {
  const calls: { url: string; auth: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, auth: new Headers(init.headers).get('authorization') });
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('online payment page', () => {
  it("lists the shopper's reservations with the deposit and the hold's end, each linking to its confirmation", async () => {
    const calls = stub({ reservations: [paid] });
    renderWithSite(<OnlinePaymentPage />, site, '/online-payment');
    const link = await screen.findByRole('link', { name: '2021 Mazda CX-5' });
    expect(link).toHaveAttribute('href', '/reservations/res_1');
    expect(screen.getByText(/Reserved, deposit \$200/)).toHaveTextContent('held until Wednesday 25 November 2026, 7:00 pm AEST');
    expect(calls[0]).toMatchObject({ url: '/api/reservations', auth: 'Bearer id-token' });
  });

  it('says so when the shopper has reserved nothing', async () => {
    stub({ reservations: [] });
    renderWithSite(<OnlinePaymentPage />, site, '/online-payment');
    expect(await screen.findByText('You have not reserved a car online yet.')).toBeInTheDocument();
  });
});
