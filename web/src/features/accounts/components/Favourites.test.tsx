// Local favourites (issue 12; spec 000 §4, §6): the favourites page at the
// site's features.favourites_path, and, signed in on a site with the
// watchlist on, the offer to move them into the watchlist.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteResponse } from '../../../test/fixtures';
import { renderWithSite } from '../../../test/renderWithSite';
import { resetWatchlist } from '../../../lib/shopper/watchlistStore';
import FavouritesPage from './FavouritesPage';
import { MoveFavouritesOffer } from './MoveFavouritesOffer';

vi.mock('../../../lib/shopper/amplify', () => ({ idToken: () => Promise.resolve('id-token') }));

const HINT = 'CognitoIdentityServiceProvider.client.LastAuthUser';
const auth = { userPoolId: 'pool', userPoolClientId: 'client', region: 'ap-southeast-2' };
const fav = (id: string) => ({ id, name: `2021 Kia Rio ${id}`, slug: `kia-rio-${id}`, make: 'Kia', model: 'Rio' });
const KEY = 'forecourt:favourites:riverside-toyota';

beforeEach(() => {
  resetWatchlist();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('favourites', () => {
  it("lists this device's favourites at the site's path and removes one", async () => {
    window.localStorage.setItem(KEY, JSON.stringify([fav('a'), fav('b')]));
    const site = siteResponse({ features: { favourites: true, favourites_path: '/my-cars' } as never });
    renderWithSite(
      <Routes>
        <Route path={site.site.features.favourites_path} element={<FavouritesPage />} />
      </Routes>,
      site,
      '/my-cars',
    );
    expect(screen.getByRole('link', { name: '2021 Kia Rio a' })).toHaveAttribute('href', '/cars/kia-rio-a');
    await userEvent.click(screen.getByRole('button', { name: 'Remove 2021 Kia Rio a from your favourites' }));
    expect(screen.queryByRole('link', { name: '2021 Kia Rio a' })).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(KEY) ?? '[]')).toHaveLength(1);
  });

  it('offers a signed-in shopper to move local favourites into the watchlist, and moves them', async () => {
    window.localStorage.setItem(HINT, '+61400000001');
    window.localStorage.setItem(KEY, JSON.stringify([fav('a'), fav('b')]));
    const saves: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url === '/api/watchlist') return new Response(JSON.stringify({ success: true, cars: [{ car_id: 'b', saved_at: '', available: true }] }));
        saves.push(JSON.parse(String(init.body)).car_id);
        return new Response(JSON.stringify({ success: true, car_id: 'a', saved: true }));
      }),
    );
    const base = siteResponse();
    const site = { ...base, auth, site: { ...base.site, features: { ...base.site.features, garage: true } } };
    renderWithSite(<MoveFavouritesOffer />, site);
    expect(await screen.findByText(/You have 2 favourites saved on this device/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Move to watchlist' }));
    await waitFor(() => expect(window.localStorage.getItem(KEY)).toBe('[]'));
    expect(saves).toEqual(['a']); // b was on the watchlist already
    expect(screen.queryByRole('region', { name: 'Move your favourites' })).not.toBeInTheDocument();
  });

  it('offers nothing where the watchlist is off', () => {
    window.localStorage.setItem(KEY, JSON.stringify([fav('a')]));
    renderWithSite(<MoveFavouritesOffer />);
    expect(screen.queryByRole('region', { name: 'Move your favourites' })).not.toBeInTheDocument();
  });
});
