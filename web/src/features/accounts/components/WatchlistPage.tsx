import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { CardFinance } from '../../../components/search/CarCard';
import { carTitle, imageOf } from '../../../lib/carTitle';
import { ApiError } from '../../../lib/http';
import { carPath, STOCK_PATH } from '../../../lib/listingUrl';
import { photoSrcSet } from '../../../lib/photoSrcSet';
import { useSite } from '../../../lib/siteContext';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import type { WatchlistCar } from '../../../lib/types';
import { fetchWatchlist, removeCar } from '../../../lib/shopper/watchlist';
import { signInPath } from '../../../lib/shopper/gating';
import { changeSaved } from '../../../lib/shopper/watchlistStore';
// The listing's card and grid styles: a saved car looks as it did where it was saved.
import '../../../components/search/CarCard.css';
import '../../../components/search/SearchResults.css';
import './WatchlistPage.css';

type State = { kind: 'loading' } | { kind: 'signed-out' } | { kind: 'error'; message: string } | { kind: 'ready'; cars: WatchlistCar[] };

/**
 * WatchlistPage lists the signed-in shopper's saved cars with their current
 * price and status (spec 000 §2, §3) as the listing's cards: photo (or the
 * no-photo panel), title, price, weekly estimate, a link to the car and
 * Remove (issue 32 item 6).
 */
export default function WatchlistPage() {
  const { auth } = useSite();
  const location = useLocation();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useDocumentTitle('Saved cars');

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
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
  }, [auth, attempt]);

  const remove = useCallback(
    async (car: WatchlistCar) => {
      if (state.kind !== 'ready') return;
      const before = state.cars;
      setState({ kind: 'ready', cars: before.filter((c) => c.car_id !== car.car_id) }); // optimistic (spec 000 §4)
      try {
        // Through the shared store when it holds the list, so the header's count and the hearts agree.
        if (auth) await changeSaved(auth, car.car_id, false);
        else await removeCar(auth, car.car_id);
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
  const count = state.kind === 'ready' ? state.cars.length : 0;
  return (
    <section className="watchlist" aria-labelledby="watchlist-title">
      <header className="watchlist__head">
        <h1 id="watchlist-title">Saved cars</h1>
        {count > 0 ? <p className="watchlist__count">{count === 1 ? '1 car' : `${count} cars`}</p> : null}
      </header>
      {state.kind === 'loading' ? (
        <p role="status" className="watchlist__status">
          <span className="spinner" aria-hidden="true" />
          Loading your saved cars…
        </p>
      ) : null}
      {state.kind === 'error' ? (
        <div role="alert" className="watchlist__status card">
          <p>We could not load your saved cars. {state.message}</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      ) : null}
      {state.kind === 'ready' && count === 0 ? (
        <div className="watchlist__empty card">
          <h2>No saved cars yet</h2>
          <p>Tap the heart on any car to keep it here, with its latest price.</p>
          <Link className="button" to={STOCK_PATH}>
            Browse our stock
          </Link>
        </div>
      ) : null}
      {state.kind === 'ready' && count > 0 ? (
        <ul className="results watchlist__cards" aria-label="Saved cars">
          {state.cars.map((entry) => (
            <li key={entry.car_id} className="results__item">
              <SavedCard entry={entry} onRemove={() => void remove(entry)} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** SavedCard is one saved car in the listing card's markup and classes (CarCard). */
function SavedCard({ entry, onRemove }: { entry: WatchlistCar; onRemove: () => void }) {
  const { site } = useSite();
  const { car, view } = entry;
  const title = car ? carTitle(car, site.card.extended_title) : 'A car no longer listed';
  const image = car ? imageOf(car) : undefined;
  const href = car ? carPath(car.slug) : undefined;
  const sold = !entry.available;
  const finance = !sold ? view?.finance : undefined;
  const panel = (
    <>
      <strong>{car ? site.texts.new_arrival : 'No longer listed'}</strong>
      <span>{car ? 'Photos coming soon' : 'This car has left our stock'}</span>
    </>
  );
  return (
    <article className={`car-card watchlist-card${sold ? ' car-card--sold' : ''}`} aria-label={title}>
      <div className="car-card__media">
        {image && href ? (
          <Link to={href} className="car-card__image-link" tabIndex={-1} aria-hidden="true">
            <img
              src={image}
              srcSet={photoSrcSet(image)}
              sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
              alt=""
              loading="lazy"
              decoding="async"
              width={480}
              height={320}
            />
          </Link>
        ) : (
          <div className="car-card__new-arrival">
            {href ? (
              <Link to={href} className="car-card__image-link car-card__new-arrival-link" tabIndex={-1} aria-hidden="true">
                {panel}
              </Link>
            ) : (
              <div className="car-card__new-arrival-link">{panel}</div>
            )}
          </div>
        )}
        {car && sold ? <span className="car-card__tag tag tag--sold">{view?.tag.kind === 'sold' ? view.tag.text : 'SOLD'}</span> : null}
      </div>
      <div className="car-card__body">
        <h2 className="car-card__title">{href ? <Link to={href}>{title}</Link> : title}</h2>
        {car?.badge ? <p className="car-card__badge">{car.badge}</p> : null}
        {view ? (
          <div className="car-card__price">
            {view.price.was_text ? <s className="car-card__was">{view.price.was_text}</s> : null}
            <span className={`car-card__amount${view.price.has_price ? '' : ' car-card__amount--none'}`}>{view.price.text}</span>
            {view.price.price_type ? <span className="car-card__price-type">{view.price.price_type}</span> : null}
          </div>
        ) : null}
        {finance ? <CardFinance finance={finance} title={title} rates /> : null}
        <div className="car-card__actions">
          {href && !sold ? (
            <Link className="button button--block button--ghost" to={href} aria-label={`View details of ${title}`}>
              View Details
            </Link>
          ) : null}
          {car && sold ? (
            <Link className="button button--block button--ghost" to={href ?? STOCK_PATH}>
              See the car
            </Link>
          ) : null}
          <button
            type="button"
            className="button button--block button--ghost watchlist-card__remove"
            onClick={onRemove}
            aria-label={`Remove ${car ? carTitle(car) : 'this car'} from your watchlist`}
          >
            Remove
          </button>
        </div>
      </div>
    </article>
  );
}
