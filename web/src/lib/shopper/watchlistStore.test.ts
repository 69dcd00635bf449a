// Issue 33 merge: the header's saved-cars link and a car's heart both load
// the watchlist; the heart's pending save (made before sign-in) completes on
// its onLoaded, which must run even when the header's load came first.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthSettings } from '../types';
import { loadWatchlist, resetWatchlist } from './watchlistStore';

vi.mock('./watchlist', () => ({ fetchWatchlist: vi.fn(async () => ({ cars: [{ car_id: 'c1' }] })) }));

const auth = { userPoolClientId: 'client' } as AuthSettings;

afterEach(() => {
  resetWatchlist();
  window.localStorage.clear();
});

describe('loadWatchlist', () => {
  it('runs every caller’s onLoaded, not only the first caller’s', async () => {
    window.localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'u1');
    const header = loadWatchlist(auth);
    const heart = vi.fn();
    await Promise.all([header, loadWatchlist(auth, heart)]);
    expect(heart).toHaveBeenCalledTimes(1);
    const later = vi.fn();
    await loadWatchlist(auth, later);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('signed out: no onLoaded', async () => {
    const heart = vi.fn();
    await loadWatchlist(auth, heart);
    expect(heart).not.toHaveBeenCalled();
  });
});
