// The heart on a card with the server watchlist on (issue 12; spec 000 §4,
// §8; spec 001 §4, §5), with the token and the network stubbed: optimistic
// save, rollback with an alert, the exact toasts, signed out to sign-in and
// the save completed after it, and the gated routes.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CarCard } from '../components/search/CarCard';
import { CardActionsProvider } from '../components/search/cardActions';
import { cardActions } from './cardActions';
import { SiteProvider } from '../lib/siteContext';
import type { ConfiguredSiteResponse } from '../lib/siteConfig';
import type { Car } from '../lib/types';
import { fixture, siteResponse } from '../test/fixtures';
import { renderWithSite } from '../test/renderWithSite';
import { resetWatchlist } from '../lib/shopper/watchlistStore';
import { Gated } from '../features/accounts/components/Gated';
import { Toaster } from '../features/accounts/components/Toaster';
import SavedCarsLink from '../features/shell/components/SavedCarsLink';

vi.mock('../lib/shopper/amplify', () => ({ idToken: () => Promise.resolve(window.localStorage.getItem(HINT) ? 'id-token' : null) }));

const HINT = 'CognitoIdentityServiceProvider.client.LastAuthUser';
const now = new Date('2026-03-02T00:00:00Z');
const auth = { userPoolId: 'pool', userPoolClientId: 'client', region: 'ap-southeast-2' };
const watchlistSite = (features: Record<string, boolean> = {}): ConfiguredSiteResponse => {
  const base = siteResponse();
  return { ...base, auth, site: { ...base.site, features: { ...base.site.features, garage: true, favourites: true, ...features } } };
};
const car = (extra: Partial<Car> = {}): Car =>
  fixture<Car>({
    id: 'c1',
    slug: '2021-toyota-corolla-c1',
    year: 2021,
    make: 'Toyota',
    model: 'Corolla',
    status: 'in_stock',
    price: 20990,
    km: 1000,
    ...extra,
  });

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function renderCard(site: ConfiguredSiteResponse, path = '/cars', c = car()) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SiteProvider value={site}>
        <Routes>
          <Route
            path="/cars"
            element={
              <CardActionsProvider value={cardActions}>
                <CarCard car={c} now={now} />
              </CardActionsProvider>
            }
          />
          <Route path="/sign-in" element={<Where />} />
        </Routes>
        <Toaster />
      </SiteProvider>
    </MemoryRouter>,
  );
}

type Call = { method: string; url: string; body?: string; auth: string | null };
function stub(saved: string[], status = 200) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ method: init.method ?? 'GET', url, body: init.body as string | undefined, auth: new Headers(init.headers).get('authorization') });
      if (url === '/api/watchlist')
        return new Response(JSON.stringify({ success: true, cars: saved.map((id) => ({ car_id: id, saved_at: '', available: true })) }));
      if (url === '/api/events') return new Response('{}', { status: 202 });
      if (status !== 200) return new Response(JSON.stringify({ error: { code: 'internal', message: 'The watchlist is not available.' } }), { status });
      return new Response(JSON.stringify({ success: true, car_id: 'c1', saved: url.endsWith('save-car') }));
    }),
  );
  return calls;
}

beforeEach(() => {
  resetWatchlist();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('watchlist heart (spec 000 §4, §8)', () => {
  it("saves at once, then calls the API and shows the saved toast with View List; event 39 is the server's to record", async () => {
    window.localStorage.setItem(HINT, '+61400000001');
    const calls = stub([]);
    renderCard(watchlistSite());
    const heart = await screen.findByRole('button', { name: 'Save 2021 Toyota Corolla' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/watchlist')).toBe(true));
    await userEvent.click(heart);
    expect(screen.getByRole('button', { name: 'Remove 2021 Toyota Corolla from saved cars' })).toHaveAttribute('aria-pressed', 'true');
    const toast = await screen.findByText('Car Saved In Watchlist');
    expect(screen.getByRole('status')).toContainElement(toast);
    expect(screen.getByText('2021 Toyota Corolla is now available in your watchlist')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View List' })).toHaveAttribute('href', '/watchlist');
    expect(calls.find((c) => c.url === '/api/watchlist/save-car')).toMatchObject({ method: 'POST', body: '{"car_id":"c1"}', auth: 'Bearer id-token' });
    // The watchlist handler records event 39 itself (spec 000 §7): the browser does not report it too.
    expect(calls.some((c) => c.url === '/api/events')).toBe(false);
  });

  it('removes a saved car and shows the removed toast, one toast at a time, dismissible', async () => {
    window.localStorage.setItem(HINT, '+61400000001');
    stub(['c1']);
    renderCard(watchlistSite());
    await userEvent.click(await screen.findByRole('button', { name: 'Remove 2021 Toyota Corolla from saved cars' }));
    expect(await screen.findByText('Car Removed')).toBeInTheDocument();
    expect(screen.getByText('2021 Toyota Corolla is no longer in your watchlist')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save 2021 Toyota Corolla' }));
    expect(await screen.findByText('Car Saved In Watchlist')).toBeInTheDocument();
    expect(screen.queryByText('Car Removed')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Car Saved In Watchlist')).not.toBeInTheDocument();
  });

  it('rolls the save back and alerts the error when the call fails (spec 000 §8)', async () => {
    window.localStorage.setItem(HINT, '+61400000001');
    stub([], 500);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderCard(watchlistSite());
    await userEvent.click(await screen.findByRole('button', { name: 'Save 2021 Toyota Corolla' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('The watchlist is not available.'));
    expect(screen.getByRole('button', { name: 'Save 2021 Toyota Corolla' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText('Car Saved In Watchlist')).not.toBeInTheDocument();
  });

  it('shows no heart on a sold car that is not saved', async () => {
    window.localStorage.setItem(HINT, '+61400000001');
    stub([]);
    renderCard(watchlistSite(), '/cars', car({ status: 'sold', sold: true }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Save 2021/ })).not.toBeInTheDocument());
  });

  it('signed out, goes to sign-in with type, redirect and back, and completes the save after sign-in', async () => {
    const calls = stub([]);
    const view = renderCard(watchlistSite(), '/cars?make=Toyota');
    await userEvent.click(await screen.findByRole('button', { name: 'Save 2021 Toyota Corolla' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/sign-in?back=%2Fcars%3Fmake%3DToyota&redirect=%2Fcars%3Fmake%3DToyota&type=watchlist');
    expect(calls.some((c) => c.url.startsWith('/api/watchlist'))).toBe(false);
    view.unmount();
    // Signed in, back on the redirect page: the remembered save completes.
    window.localStorage.setItem(HINT, '+61400000001');
    resetWatchlist();
    renderCard(watchlistSite(), '/cars?make=Toyota');
    expect(await screen.findByText('Car Saved In Watchlist')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove 2021 Toyota Corolla from saved cars' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/watchlist/save-car')).toHaveLength(1);
  });
});

describe('favourites heart on a card (spec 000 §4)', () => {
  // Moved from CarCard.test (issue 36): the card's heart is the accounts feature's, given by the app.
  it('saves the car locally with the heart control', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 202 })),
    );
    renderWithSite(
      <CardActionsProvider value={cardActions}>
        <CarCard car={car({ primary_image_url: '/media/demo/cars/c1.svg' })} now={now} />
      </CardActionsProvider>,
    );
    const heart = screen.getByRole('button', { name: 'Save 2021 Toyota Corolla' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(screen.getByRole('button', { name: 'Remove 2021 Toyota Corolla from saved cars' })).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(window.localStorage.getItem('forecourt:favourites:riverside-toyota') ?? '[]')).toEqual([
      {
        id: 'c1',
        name: '2021 Toyota Corolla',
        slug: '2021-toyota-corolla-c1',
        make: 'Toyota',
        model: 'Corolla',
        primary_image_url: '/media/demo/cars/c1.svg',
      },
    ]);
  });
});

describe('gated routes (spec 001 §5)', () => {
  // gate is the page table's (route.Pages): "always", or the site flag.
  function renderGated(path: string, site: ConfiguredSiteResponse, gate = 'always', feature?: string) {
    return render(
      <MemoryRouter initialEntries={[path]}>
        <SiteProvider value={site}>
          <Routes>
            <Route path="/sign-in" element={<Where />} />
            <Route
              path="*"
              element={
                <Gated gate={gate} feature={feature}>
                  <h1>Behind the gate</h1>
                </Gated>
              }
            />
          </Routes>
        </SiteProvider>
      </MemoryRouter>,
    );
  }

  it.each(['/cars/x/checkout', '/online-payment', '/personalised/finance?car_id=c1'])('signed out, %s goes to sign-in', async (path) => {
    renderGated(path, watchlistSite());
    const where = await screen.findByTestId('where');
    const url = new URL(where.textContent ?? '', 'http://x');
    expect(url.searchParams.get('redirect')).toBe(path);
    expect(url.searchParams.get('back')).toBe('/');
    expect(url.searchParams.get('type')).toBe('checkout');
  });

  it('signed in, the page shows', async () => {
    window.localStorage.setItem(HINT, '+61400000001');
    renderGated('/online-payment', watchlistSite());
    expect(await screen.findByRole('heading', { name: 'Behind the gate' })).toBeInTheDocument();
  });

  // Review of issue 34's page table: a gate on a page the site does not
  // have sent the shopper to sign in, then to the 404.
  it('spin-to-win off: its gate does not send the shopper to sign in', async () => {
    renderGated('/spin-to-win', watchlistSite({ spin_to_win: false, spin_to_win_gated: true }), 'spin_to_win_gated', 'spin_to_win');
    expect(await screen.findByRole('heading', { name: 'Behind the gate' })).toBeInTheDocument();
    expect(screen.queryByTestId('where')).toBeNull();
    await act(async () => undefined);
  });

  it('spin-to-win on and gated: signed out goes to sign-in', async () => {
    renderGated('/spin-to-win', watchlistSite({ spin_to_win: true, spin_to_win_gated: true }), 'spin_to_win_gated', 'spin_to_win');
    expect(await screen.findByTestId('where')).toBeInTheDocument();
  });

  it('spin-to-win is gated only by the site flag', async () => {
    renderGated('/spin-to-win', watchlistSite({ spin_to_win_gated: false }), 'spin_to_win_gated');
    expect(await screen.findByRole('heading', { name: 'Behind the gate' })).toBeInTheDocument();
    await act(async () => undefined);
  });
});

// Issue 32 item 6: once signed in, the header says so and links the saved
// cars with their count, which follows a save; signed out it shows nothing
// (the painted header, functions/seo, is the signed-out one).
describe('header saved-cars link (issue 32 item 6)', () => {
  function renderHeaderAndCard(site: ConfiguredSiteResponse) {
    return render(
      <MemoryRouter initialEntries={['/cars']}>
        <SiteProvider value={site}>
          <SavedCarsLink />
          <Routes>
            <Route
              path="/cars"
              element={
                <CardActionsProvider value={cardActions}>
                  <CarCard car={car()} now={now} />
                </CardActionsProvider>
              }
            />
          </Routes>
        </SiteProvider>
      </MemoryRouter>,
    );
  }

  it('signed in: links /watchlist with the count, which follows a save', async () => {
    window.localStorage.setItem(HINT, '+61400000001');
    stub(['x1', 'x2']);
    renderHeaderAndCard(watchlistSite());
    const link = await screen.findByRole('link', { name: 'Saved cars: 2' });
    expect(link).toHaveAttribute('href', '/watchlist');
    await userEvent.click(screen.getByRole('button', { name: 'Save 2021 Toyota Corolla' }));
    expect(await screen.findByRole('link', { name: 'Saved cars: 3' })).toBeInTheDocument();
  });

  it('signed out on a watchlist site: no link (the heart leads to sign-in)', async () => {
    stub([]);
    renderHeaderAndCard(watchlistSite());
    await screen.findByRole('button', { name: 'Save 2021 Toyota Corolla' });
    expect(screen.queryByRole('link', { name: /Saved cars|Favourites/ })).toBeNull();
  });

  // Issue 33 (spec 000 §2 "watchlist page (path from configuration)"): the
  // link and View List go to the site's features.watchlist_path.
  it("signed in: links the site's watchlist path", async () => {
    window.localStorage.setItem(HINT, '+61400000001');
    stub(['x1']);
    const site = watchlistSite();
    renderHeaderAndCard({ ...site, site: { ...site.site, features: { ...site.site.features, watchlist_path: '/my-watchlist' } } });
    expect(await screen.findByRole('link', { name: 'Saved cars: 1' })).toHaveAttribute('href', '/my-watchlist');
  });

  // Issue 33: a visitor who hearts cars on a site without accounts finds
  // them again from the header: a Favourites link with this device's count,
  // to the site's favourites path, following each heart.
  it("without the watchlist: links this device's favourites with their count", async () => {
    stub([]);
    const site = watchlistSite({ garage: false });
    renderHeaderAndCard({ ...site, site: { ...site.site, features: { ...site.site.features, favourites_path: '/my-cars' } } });
    const link = await screen.findByRole('link', { name: 'Favourites: 0' });
    expect(link).toHaveAttribute('href', '/my-cars');
    await userEvent.click(screen.getByRole('button', { name: 'Save 2021 Toyota Corolla' }));
    expect(await screen.findByRole('link', { name: 'Favourites: 1' })).toBeInTheDocument();
  });

  it('without the watchlist or favourites: no link', async () => {
    stub([]);
    renderHeaderAndCard(watchlistSite({ garage: false, favourites: false, compare: true }));
    expect((await screen.findAllByRole('link', { name: /2021 Toyota Corolla/ })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: /Saved cars|Favourites/ })).toBeNull();
  });
});

// Issue 33 (spec 000 §8 toasts): a local save shows the same toast as a
// server save, its View List going to this device's favourites.
describe('local favourites heart', () => {
  it('shows the saved and removed toasts with View List to the favourites path', async () => {
    stub([]);
    const site = watchlistSite({ garage: false });
    renderCard({ ...site, site: { ...site.site, features: { ...site.site.features, favourites_path: '/my-cars' } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Save 2021 Toyota Corolla' }));
    expect(await screen.findByText('Car Saved In Watchlist')).toBeInTheDocument();
    expect(screen.getByText('2021 Toyota Corolla is now available in your watchlist')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View List' })).toHaveAttribute('href', '/my-cars');
    await userEvent.click(screen.getByRole('button', { name: 'Remove 2021 Toyota Corolla from saved cars' }));
    expect(await screen.findByText('Car Removed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View List' })).toHaveAttribute('href', '/my-cars');
  });
});
