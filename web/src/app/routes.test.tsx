// Spec 001 §5 and issue 13: every page the page table gates (route.Pages,
// PAGES) is wrapped in Gated in the app's own routes, so a signed-out
// shopper is sent to sign-in before the page behind it loads anything (the
// checkout journey used to show the checkout and send them to sign-in only
// on Pay). Issue 34: the router and the table agree both ways.
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteProvider } from '../lib/siteContext';
import type { ConfiguredSiteResponse } from '../lib/siteConfig';
import { PAGES } from '../lib/types';
import { siteResponse } from '../test/fixtures';
import { AppRoutes, PAGE_COMPONENTS } from './routes';

// Signed out: no token, and no sign-in hint in storage.
vi.mock('../lib/shopper/amplify', () => ({ idToken: () => Promise.resolve(null) }));
// The sign-in page itself is not under test (its Authenticator is a large chunk).
vi.mock('../features/accounts/components/SignInPage', () => ({ default: () => <h1>Sign in</h1>, preloadPanel: () => Promise.resolve() }));

afterEach(() => {
  vi.unstubAllGlobals();
});

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

const site = (spinToWinGated: boolean): ConfiguredSiteResponse => {
  const base = siteResponse();
  return {
    ...base,
    auth: { userPoolId: 'pool', userPoolClientId: 'client', region: 'ap-southeast-2' },
    site: { ...base.site, features: { ...base.site.features, reserve: true, spin_to_win: true, spin_to_win_gated: spinToWinGated } },
  };
};

describe('gated routes in the app (spec 001 §5)', () => {
  const gated = PAGES.flatMap((p) => ('gate' in p && 'paths' in p ? p.paths.map((path) => [path.replace(/:[a-z]+/g, 'x1'), p.gate] as const) : []));
  it('the table gates the pages of spec 001 §5', () => {
    expect(gated.map(([path]) => path).sort()).toEqual(
      ['/cars/x1/buy-online', '/cars/x1/checkout', '/checkout-journey', '/online-payment', '/personalised/finance', '/spin-to-win'].sort(),
    );
  });
  it.each(gated)('signed out, %s goes to sign-in first', async (path, gate) => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        return new Response('{"error":{"code":"not_found","message":"no"}}', { status: 404 });
      }),
    );
    render(
      <MemoryRouter initialEntries={[path]}>
        <SiteProvider value={site(gate === 'spin_to_win_gated')}>
          <AppRoutes />
          <Where />
        </SiteProvider>
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5000 });
    await waitFor(() => expect(new URL(screen.getByTestId('where').textContent ?? '', 'http://x').pathname).toBe('/sign-in'));
    const url = new URL(screen.getByTestId('where').textContent ?? '', 'http://x');
    expect(url.searchParams.get('redirect')).toBe(path);
    // Nothing behind the gate was asked for (the car, a reservation).
    expect(calls.filter((u) => u.startsWith('/api/cars') || u.startsWith('/api/reservations'))).toEqual([]);
  });
});

describe('the page table and the router (issue 34)', () => {
  it('every page of the table has a component, and every component a page', () => {
    const names = new Set<string>(PAGES.map((p) => ('site_path' in p ? p.site_path : p.paths[0])));
    expect([...names].filter((n) => !(n in PAGE_COMPONENTS))).toEqual([]);
    expect(Object.keys(PAGE_COMPONENTS).filter((n) => !names.has(n))).toEqual([]);
  });
});
