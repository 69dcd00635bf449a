// The pages behind two gated routes (spec 001 §2, §5; issue 17): personalised
// finance for one car, filled from the signed-in shopper, and spin-to-win
// behind its site flag. fetch is stubbed at the network, Amplify at its module.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteResponse } from '../test/fixtures';
import { renderWithSite } from '../test/renderWithSite';
import { SuccessPage } from '../components/forms/SuccessPage';
import PersonalisedFinancePage from '../features/finance-enquiry/components/PersonalisedFinancePage';
import { Gated } from '../features/accounts/components/Gated';
import SpinToWinRoute from './SpinToWinRoute';

vi.mock('../components/forms/loadAltcha', () => ({ loadAltcha: () => Promise.resolve() }));
vi.mock('../lib/shopper/amplify', () => ({
  idToken: () => Promise.resolve('id-token'),
  shopperProfile: () => Promise.resolve({ name: 'Sam', last_name: 'Lee', email: 'sam@example.com', phone: '+61491570110' }),
}));

const site = siteResponse({ leads: { captcha: false, message_optional: false } } as Parameters<typeof siteResponse>[0]);
const car = {
  id: 'c9',
  slug: '2021-kia-rio',
  year: 2021,
  make: 'Kia',
  model: 'Rio',
  price: 30000,
  car_type: 'used',
  dealership_slug: site.site.dealerships?.[0]?.slug,
};

function stubAPI() {
  const posts: Record<string, unknown>[] = [];
  const gets: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url === '/api/leads') {
        posts.push(JSON.parse(String(init?.body)));
        return json({ lead_id: 'F1', lead_token: 't' }, 201);
      }
      gets.push(url);
      if (url === '/api/cars/c9?by=id') return json({ car, view: {} });
      if (url.startsWith('/api/cars/')) return json({ error: { code: 'not_found', message: 'car not found' } }, 404);
      if (url.startsWith('/api/pages/'))
        return json({ path: '/spin-to-win', title: 'Spin to win', description: '', html: '<h1>Spin to win</h1><p>Spin the wheel.</p>' });
      return json({}, 202);
    }),
  );
  return { posts, gets };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('personalised finance (spec 001 §2 /personalised/finance?car_id=)', { timeout: 30_000 }, () => {
  it('shows the calculator at the car price, applies the figures in place and sends a finance lead filled from the shopper', async () => {
    const { posts, gets } = stubAPI();
    const user = userEvent.setup();
    renderWithSite(
      <Routes>
        <Route path="/personalised/finance" element={<PersonalisedFinancePage />} />
        <Route path="/success" element={<SuccessPage />} />
      </Routes>,
      site,
      '/personalised/finance?car_id=c9',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Your finance for the 2021 Kia Rio' })).toBeInTheDocument();
    expect(gets).toContain('/api/cars/c9?by=id');
    expect(screen.getByLabelText('Vehicle price ($)')).toHaveValue('30000');
    expect(screen.getByLabelText('First Name *')).toHaveValue('Sam');
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
    await user.clear(screen.getByLabelText('Deposit ($)'));
    await user.type(screen.getByLabelText('Deposit ($)'), '5000');
    await user.click(screen.getByRole('link', { name: 'Apply for finance' }));
    expect(await screen.findByText(/Your figures: price \$30,000, deposit \$5,000/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Postcode *'), '4032');
    await user.click(screen.getByRole('button', { name: 'Send finance enquiry' }));
    await screen.findByText(/A finance specialist will contact you/);
    expect(posts[0]).toMatchObject({
      type: 'finance',
      car_id: 'c9',
      name: 'Sam',
      last_name: 'Lee',
      email: 'sam@example.com',
      vehicle_type: 'Car',
      state: 'qld',
      calculator: { price: 30000, deposit: 5000, term_years: 5, interest_rate: 10 },
    });
  });

  it("another site's or an unknown car says it is no longer available", async () => {
    stubAPI();
    renderWithSite(<PersonalisedFinancePage />, site, '/personalised/finance?car_id=zzz');
    expect(await screen.findByRole('heading', { name: 'This car is no longer available' })).toBeInTheDocument();
  });
});

describe('spin to win (spec 001 §2, §5: per-dealer flag)', { timeout: 30_000 }, () => {
  const withFlag = (on: boolean, gated: boolean) =>
    siteResponse({ features: { ...site.site.features, spin_to_win: on, spin_to_win_gated: gated } } as Parameters<typeof siteResponse>[0]);

  it('is the 404 page where the site does not turn it on', async () => {
    stubAPI();
    renderWithSite(<SpinToWinRoute />, withFlag(false, false), '/spin-to-win');
    expect(await screen.findByRole('heading', { level: 1, name: /not found/i })).toBeInTheDocument();
  });

  it('is the content page where the flag is on and the site does not gate it', async () => {
    stubAPI();
    renderWithSite(<SpinToWinRoute />, withFlag(true, false), '/spin-to-win');
    expect(await screen.findByText('Spin the wheel.')).toBeInTheDocument();
  });

  // The gate is the page table's row (routes.tsx wraps the page in Gated;
  // the app's own routes: routes.test.tsx).
  it('goes to sign-in where the flag is on and the site gates it, for a signed-out visitor', async () => {
    stubAPI();
    renderWithSite(
      <Routes>
        <Route
          path="/spin-to-win"
          element={
            <Gated gate="spin_to_win_gated">
              <SpinToWinRoute />
            </Gated>
          }
        />
        <Route path="/sign-in" element={<p>sign-in page</p>} />
      </Routes>,
      withFlag(true, true),
      '/spin-to-win',
    );
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
  });
});
