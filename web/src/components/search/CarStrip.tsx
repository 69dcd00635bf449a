import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useSite } from '../../lib/siteContext';
import { andFilters, baseFilters } from '../../lib/search/filters';
import { useFacetClient, type FacetClient } from '../../lib/search/useFacetCounts';
import { useSecondaryLookup } from '../../lib/search/useSecondaryLookup';
import { useInView } from '../../lib/useInView';
import { CarCard } from './CarCard';
import type { Car } from '../../lib/types';
import './CarStrip.css';

/**
 * CarStrip is a fixed-count widget of cars (spec 000 §7 secondary lookup;
 * issue 17): home latest arrivals, car page similar cars. It asks the index
 * only once it scrolls into view, so a page load costs no search request for
 * it (issue 18), and shows nothing when no car matches.
 */
export function CarStrip({
  id,
  title,
  filters,
  limit,
  index,
  exclude,
  more,
  client,
  now,
  initial,
  action,
}: {
  /** id names the section (its heading's id is `${id}-title`). */
  id: string;
  title: string;
  /** filters is the widget's own filter string; the site's base filters are added here. */
  filters: string;
  limit: number;
  /** index is the index or replica to ask (default the site's primary). */
  index?: string;
  exclude?: string;
  /** more is a link to the whole list in the listing. */
  more?: { to: string; label: string };
  client?: FacetClient;
  now?: Date;
  /** initial are the cars the page came with: shown at once, no search. */
  initial?: Car[];
  /** action is a control under each card for its car (the similar cars' Book a Test Drive, spec 001 §2). */
  action?: (car: Car) => ReactNode;
}): ReactNode {
  const { site, search } = useSite();
  const ref = useRef<HTMLElement>(null);
  const inView = useInView(ref);
  const searchClient = useFacetClient(search, client);
  const state = useSecondaryLookup(
    searchClient,
    { index: index ?? search.index, filters: andFilters(baseFilters(site, false), filters), limit, exclude },
    inView,
    initial,
  );
  if (limit <= 0 || state.status === 'error' || (state.status === 'ready' && state.cars.length === 0)) return null;
  const cars = state.status === 'ready' ? state.cars : [];
  // Busy only while its one search is in flight: a row waiting to be
  // scrolled to is not loading, and must not keep the page "loading".
  const busy = state.status === 'loading';
  return (
    <section ref={ref} id={id} aria-labelledby={`${id}-title`} className="car-strip" aria-busy={busy} data-state={state.status}>
      <div className="car-strip__head">
        <h2 id={`${id}-title`}>{title}</h2>
        {more ? (
          <Link className="car-strip__more" to={more.to}>
            {more.label}
          </Link>
        ) : null}
      </div>
      {/* Until its cars come, the list keeps a card's height (issue 17: a row
          that grew or collapsed after scrolling moved the footer in view); it
          asks 200 px before it is in view, so what follows is off-screen by then. */}
      <ul className="car-strip__list" aria-label={title}>
        {cars.map((car) => (
          <li key={car.id} className="car-strip__item">
            <CarCard car={car} now={now} />
            {action?.(car)}
          </li>
        ))}
      </ul>
    </section>
  );
}
