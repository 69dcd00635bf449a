// Spec 001 §5 and issue 13: every path routeGated calls gated (the shared
// gating vectors) is wrapped in Gated in the app's own routes, so a
// signed-out shopper is sent to sign-in before the page behind it loads
// anything (the checkout journey used to show the checkout and send them
// to sign-in only on Pay).
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import gatingCases from '../../../shared/testdata/vectors/gating.json';
import { SiteProvider } from '../lib/siteContext';
import type { ConfiguredSiteResponse } from '../lib/siteConfig';
import { siteResponse } from '../test/fixtures';
import { AppRoutes } from './routes';

// Signed out: no token, and no sign-in hint in storage.
vi.mock('../features/accounts/lib/amplify', () => ({ idToken: () => Promise.resolve(null) }));
// The sign-in page itself is not under test (its Authenticator is a large chunk).
vi.mock('../features/accounts/components/SignInPage', () => ({ default: () => <h1>Sign in</h1> }));

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
  it.each(gatingCases.filter((c) => c.want.gated).map((c) => [c.input.path, c] as const))('signed out, %s goes to sign-in first', async (path, c) => {
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
        <SiteProvider value={site(c.input.spin_to_win_gated)}>
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
