import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { carTitle } from '../../../lib/carTitle';
import { ApiError } from '../../../lib/http';
import { useSite } from '../../../lib/siteContext';
import type { WatchlistCar } from '../../../lib/types';
import { fetchWatchlist, removeCar } from '../api/watchlist';
import { signInPath } from '../lib/gating';

type State = { kind: 'loading' } | { kind: 'signed-out' } | { kind: 'error'; message: string } | { kind: 'ready'; cars: WatchlistCar[] };

/** WatchlistPage lists the signed-in shopper's saved cars with their current price and status (spec 000 §2, §3). */
export default function WatchlistPage() {
  const { auth } = useSite();
  const location = useLocation();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    fetchWatchlist(auth).then(
      (res) => live && setState({ kind: 'ready', cars: res.cars ?? [] }),
      (err: unknown) => {
        if (!live) return;
        if (err instanceof ApiError && err.status === 401) setState({ kind: 'signed-out' });
        else setState({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => {
      live = false;
    };
  }, [auth]);

  const remove = useCallback(
    async (car: WatchlistCar) => {
      if (state.kind !== 'ready') return;
      const before = state.cars;
      setState({ kind: 'ready', cars: before.filter((c) => c.car_id !== car.car_id) }); // optimistic (spec 000 §4)
      try {
        await removeCar(auth, car.car_id);
      } catch (err) {
        setState({ kind: 'ready', cars: before }); // roll back, then say why (spec 000 §8)
        window.alert(err instanceof Error ? err.message : String(err));
      }
    },
    [auth, state],
  );

  if (state.kind === 'signed-out') {
    const here = location.pathname + location.search;
    return <Navigate to={signInPath('watchlist', here, '/')} replace />;
  }
  return (
    <main className="page watchlist">
      <h1>My watchlist</h1>
      {state.kind === 'loading' && <p role="status">Loading your watchlist…</p>}
      {state.kind === 'error' && <p role="alert">{state.message}</p>}
      {state.kind === 'ready' && state.cars.length === 0 && <p>No saved cars yet. Tap the heart on a car to save it here.</p>}
      {state.kind === 'ready' && state.cars.length > 0 && (
        <ul className="watchlist-cars">
          {state.cars.map((entry) => (
            <li key={entry.car_id}>
              {entry.car ? (
                <>
                  <Link to={`/cars/${entry.car.slug}`}>{carTitle(entry.car)}</Link>{' '}
                  <span>{entry.view?.price.text}</span>{' '}
                  {!entry.available && <strong>{entry.car.sold || entry.car.status === 'sold' ? 'SOLD' : 'Unavailable'}</strong>}
                </>
              ) : (
                <span>This car is no longer available.</span>
              )}{' '}
              <button type="button" onClick={() => void remove(entry)} aria-label={`Remove ${entry.car ? carTitle(entry.car) : 'this car'} from your watchlist`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
