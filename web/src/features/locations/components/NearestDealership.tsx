import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useNearestLocations } from '../hooks/useNearestLocations';
import { OpenNow } from './OpeningHours';

/**
 * NearestDealership is "Find your nearest dealership": a postcode (or
 * suburb) goes to GET /api/geocode and the site's locations come back
 * nearest first with their distance and whether they are open now.
 */
export function NearestDealership() {
  const id = useId();
  const [input, setInput] = useState('');
  const { state, find } = useNearestLocations();
  const errorId = `${id}-error`;
  return (
    <section className="nearest" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Find your nearest dealership</h2>
      <form
        className="nearest__form"
        onSubmit={(e) => {
          e.preventDefault();
          if (input.trim()) void find(input);
        }}
      >
        <label htmlFor={`${id}-postcode`}>Postcode or suburb</label>
        <input
          id={`${id}-postcode`}
          name="postcode"
          inputMode="text"
          autoComplete="postal-code"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          aria-invalid={state.status === 'error'}
          aria-describedby={state.status === 'error' ? errorId : undefined}
          required
        />
        <button type="submit" className="button" disabled={state.status === 'loading'}>
          {state.status === 'loading' ? 'Searching…' : 'Find'}
        </button>
      </form>
      <div aria-live="polite">
        {state.status === 'error' ? (
          <p id={errorId} className="nearest__error" role="alert">
            {state.message}
          </p>
        ) : null}
        {state.status === 'ready' ? (
          (state.result.locations ?? []).length === 0 ? (
            <p>None of our locations has a map position yet.</p>
          ) : (
            <>
              <p className="nearest__place">Nearest to {state.result.place}</p>
              <ol className="nearest__list">
                {(state.result.locations ?? []).map((l) => (
                  <li key={l.id}>
                    <Link to={l.view_path}>{l.name}</Link> <span className="nearest__distance">{l.distance_km.toFixed(1)} km</span>
                    <OpenNow status={l.open_now} />
                  </li>
                ))}
              </ol>
            </>
          )
        ) : null}
      </div>
    </section>
  );
}
