import { useEffect, useId, useState } from 'react';
import { carTitle, imageOf } from '../../../lib/carTitle';
import { priceDisplay } from '../../../lib/priceDisplay';
import { CARD_ATTRIBUTES } from '../../../lib/search/cardAttributes';
import { baseFilters } from '../../../lib/search/filters';
import { useFacetClient, type FacetClient } from '../../../lib/search/useFacetCounts';
import { useSite } from '../../../lib/siteContext';
import { isAvailable } from '../../../lib/tagPriority';
import type { Car } from '../../../lib/types';

/** MATCHES is how many cars the picker offers for what the shopper typed. */
const MATCHES = 6;

/**
 * CarPicker lets a shopper on /book-test-drive/ find the car to drive in the
 * site's stock (issue 32 item 5): what they type is searched in the site's
 * index, as the listing's search box does, and the cars still for sale are
 * offered; a newer answer replaces an older one, never the reverse.
 */
export function CarPicker({ onPick, client }: { onPick: (car: Car) => void; client?: FacetClient }) {
  const { site, search } = useSite();
  const searchClient = useFacetClient(search, client);
  const [query, setQuery] = useState('');
  const [state, setState] = useState<{ status: 'idle' | 'loading' | 'error' } | { status: 'ready'; cars: Car[] }>({ status: 'idle' });
  const id = useId();

  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setState({ status: 'idle' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    searchClient
      .search({
        requests: [{ indexName: search.index, query: q, hitsPerPage: MATCHES * 2, filters: baseFilters(site, false), attributesToRetrieve: CARD_ATTRIBUTES }],
      })
      .then((res) => {
        const [result] = (res as { results: Array<{ hits?: Car[] }> }).results;
        if (live) setState({ status: 'ready', cars: (result.hits ?? []).filter(isAvailable).slice(0, MATCHES) });
      })
      .catch(() => live && setState({ status: 'error' }));
    return () => {
      live = false;
    };
  }, [query, searchClient, search.index, site]);

  return (
    <div className="car-picker">
      <label htmlFor={`${id}-q`}>Which car would you like to drive?</label>
      <input
        id={`${id}-q`}
        type="search"
        className="car-picker__input"
        placeholder="Make, model or stock number"
        autoComplete="off"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="lead-form__hint" role={state.status === 'loading' ? 'status' : undefined}>
        {state.status === 'loading'
          ? 'Searching our stock…'
          : state.status === 'error'
            ? 'Our stock could not be searched just now. Book without a car and tell us which one in the message.'
            : state.status === 'ready' && state.cars.length === 0
              ? 'No car in stock matches. Try another word, or book without a car.'
              : 'Not sure yet? Leave this empty and the dealership will help you choose.'}
      </p>
      {state.status === 'ready' && state.cars.length > 0 ? (
        <ul className="car-picker__matches" aria-label="Matching cars">
          {state.cars.map((car) => (
            <li key={car.id}>
              <button type="button" className="car-picker__match" onClick={() => onPick(car)}>
                <CarSummary car={car} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** CarSummary is a car in one line: thumbnail (or a plain panel), title, badge, price. */
export function CarSummary({ car, price }: { car: Car; price?: string }) {
  const { site } = useSite();
  const image = imageOf(car);
  return (
    <>
      <span className="car-picker__thumb" aria-hidden="true">
        {image ? <img src={image} alt="" width={96} height={64} loading="lazy" /> : null}
      </span>
      <span className="car-picker__text">
        <strong>{carTitle(car)}</strong>
        {car.badge ? <span>{car.badge}</span> : null}
        <span>{price ?? priceDisplay(car, site.texts.no_price).text}</span>
      </span>
    </>
  );
}
