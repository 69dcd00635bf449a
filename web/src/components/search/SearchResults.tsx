import { lazy, memo, Suspense, useState, type ComponentProps } from 'react';
import { useHits, useInstantSearch } from 'react-instantsearch';
import type { Hit } from 'instantsearch.js';
import type { Car, CarType, FinanceConfig } from '../../lib/types';
import { useSite } from '../../lib/siteContext';
import { ctaSlot, insertCTA, insertPromos, isActive, seededRandom } from '../../lib/search/promos';
import { CarCard } from './CarCard';
import { PromoTileCard } from './PromoTileCard';
import './SearchResults.css';

// The empty state is its own chunk (issue 32 item 15): most listings never show it.
const NoResults = lazy(() => import('./NoResults'));

/**
 * SearchResults shows the grid of cars with promo tiles. While a search is
 * loading, and after an error, the previous hits stay on screen (spec 000 §4, §8);
 * an error with nothing on screen says so and offers another try.
 */
export function SearchResults({ now: nowProp }: { now?: Date }) {
  const { site } = useSite();
  // One clock per page view, like the seed below: a card's New tag and
  // finance stay as they were drawn, and unchanged cards are not drawn again.
  const [now] = useState(() => nowProp ?? new Date());
  const { items } = useHits<Car>();
  const { status, results, indexUiState, refresh } = useInstantSearch({ catchError: true });
  const busy = status === 'loading' || status === 'stalled';
  // One draw per page view: the order stays put while the shopper refines.
  const [seed] = useState(() => Math.floor(Math.random() * 2 ** 32));

  if (status === 'error' && items.length === 0) return <SearchFailed retry={refresh} />;
  if (results && !results.__isArtificial && results.nbHits === 0 && !busy)
    return (
      <Suspense fallback={<div className="no-results" role="status" aria-busy="true" />}>
        <NoResults />
      </Suspense>
    );
  const refined = (indexUiState.refinementList?.car_type ?? []) as CarType[];
  let grid = insertPromos(items as Array<Hit<Car>>, site.promotions ?? [], {
    positions: site.search.promo_positions,
    refined,
    now,
    page: indexUiState.page || 1,
    random: site.search.promo_random_order ? seededRandom(seed) : undefined,
  });
  // The CTA card at its position among all results, counted across pages (spec 001 §9).
  const cta = site.search.cta && isActive(site.search.cta, now) ? site.search.cta : undefined;
  const slot = cta && results ? ctaSlot(site.search.cta_position, indexUiState.page || 1, results.hitsPerPage, results.nbHits, items.length) : undefined;
  if (cta && slot !== undefined) grid = insertCTA(grid, cta, slot);
  const firstCar = grid.findIndex((item) => item.kind === 'car');
  return (
    <>
      <ol className="results" aria-busy={busy} aria-label="Cars">
        {grid.map((item, i) =>
          item.kind === 'car' ? (
            <li key={item.hit.objectID} className="results__item">
              <ResultCard car={item.hit} now={now} priority={i === firstCar} />
            </li>
          ) : (
            <li key={`promo-${item.tile.id}`} className={`results__item results__item--promo${item.tile === cta ? ' results__item--cta' : ''}`}>
              <PromoTileCard tile={item.tile} />
            </li>
          ),
        )}
      </ol>
      <FinanceFinePrint finance={site.finance} />
    </>
  );
}

/**
 * FinanceFinePrint is what a card's "$X per week*" refers to, once under the
 * cards (spec 001 §1 "with disclaimers"; issue 33), as functions/seo paints
 * it; CSS hides it where no card above shows a figure.
 */
export const FinanceFinePrint = ({ finance: f }: { finance: FinanceConfig }) => (
  <p className="results-fine-print">
    *{f.indicative_disclaimer} {f.fine_print}
  </p>
);

/**
 * ResultCard is a CarCard that renders again only when its car or its place
 * changes. InstantSearch renders after every answer and once after mounting,
 * and hands over a fresh copy of every hit each time (it escapes them anew):
 * comparing the data keeps 21 unchanged cards from being drawn again (issue 14:
 * on a phone that second drawing was the listing's longest task).
 */
const ResultCard = memo(
  CarCard,
  (a: ComponentProps<typeof CarCard>, b: ComponentProps<typeof CarCard>) =>
    a.now === b.now && a.priority === b.priority && a.headingLevel === b.headingLevel && (a.car === b.car || JSON.stringify(a.car) === JSON.stringify(b.car)),
);

/** SearchFailed is the listing when its search could not be answered (offline, a slow network). */
export function SearchFailed({ retry }: { retry: () => void }) {
  return (
    <div className="no-results" role="alert">
      <h2>We couldn’t load the cars</h2>
      <p>Check your connection and try again.</p>
      <button type="button" className="button" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
