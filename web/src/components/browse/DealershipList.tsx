import { Link } from 'react-router';
import { formatNumber } from '../../lib/format';
import type { Dealership } from '../../lib/types';
import type { FacetData } from '../../lib/search/useFacetCounts';
import { dealershipListingPath, dealershipSearchPath } from '../../lib/listingUrl';
import './DealershipList.css';

/**
 * DealershipList links a group site's dealerships to their stock: each
 * dealership's own search, and the full listing scoped to it. Counts come
 * from the dealership_name facet when it has loaded.
 */
export function DealershipList({ dealerships, facets, headingLevel = 2 }: { dealerships: Dealership[]; facets?: FacetData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const counts = facets?.dealership_name;
  return (
    <ul className="dealerships">
      {dealerships.map((d) => {
        const count = counts?.[d.name];
        return (
          <li key={d.slug} className="dealership-card">
            <Heading className="dealership-card__name">{d.name}</Heading>
            {d.make ? <p className="dealership-card__make">{d.make} dealer</p> : null}
            {count !== undefined ? (
              <p className="dealership-card__count">
                {formatNumber(count)} {count === 1 ? 'car' : 'cars'} in stock
              </p>
            ) : null}
            <div className="dealership-card__actions">
              {/* The visible words lead the name, so speech input matches it. */}
              <Link className="button" to={dealershipSearchPath(d.slug)}>
                Search stock <span className="visually-hidden">at {d.name}</span>
              </Link>
              <Link className="button button--ghost" to={dealershipListingPath(d.slug)}>
                Full listing <span className="visually-hidden">for {d.name}</span>
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
