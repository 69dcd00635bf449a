import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { LISTING_PATH } from '../lib/listingUrl';

/**
 * NotFound is the 404 screen, shown inside the site's header and footer: it
 * says so and offers a stock search and the full listing (issue 11).
 */
export function NotFound({ title = 'Page not found', children }: { title?: string; children?: React.ReactNode }) {
  const navigate = useNavigate();
  const id = useId();
  const [query, setQuery] = useState('');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const q = query.trim();
    navigate(q ? `${LISTING_PATH}?${new URLSearchParams({ query: q })}` : LISTING_PATH);
  };
  return (
    <section className="not-found">
      <h1>{title}</h1>
      {children ?? <p>The page you’re looking for isn’t here.</p>}
      <form role="search" className="not-found__search" onSubmit={onSubmit}>
        <label htmlFor={id}>Search our cars</label>
        <div>
          <input id={id} type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Make, model or keyword" />
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </form>
      <Link className="button button--ghost" to={LISTING_PATH}>
        Browse all cars
      </Link>
    </section>
  );
}
