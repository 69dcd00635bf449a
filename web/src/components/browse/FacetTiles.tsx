import { Link } from 'react-router';
import { formatNumber } from '../../lib/format';
import { bucketOrder } from '../../lib/search/buckets';
import type { FacetData } from '../../lib/search/useFacetCounts';
import { facetCounts } from '../../lib/search/makeMenu';
import { LISTING_PATH, routeToURL } from '../../lib/listingUrl';
import { bodyTiles } from './BodyTiles';
import { byCount } from '../../lib/compareNames';
import './FacetTiles.css';

/** MAKE_TILE_LIMIT: make tiles shown before the link to every make. */
export const MAKE_TILE_LIMIT = 8;

const cars = (n: number) => `${formatNumber(n)} ${n === 1 ? 'car' : 'cars'}`;

/** Tile is one shop-by link: a value and its stock count. */
export function Tile({ to, name, count }: { to: string; name: string; count: number }) {
  return (
    <Link className="tile" to={to}>
      <span className="tile__name">{name}</span> <span className="tile__count">{cars(count)}</span>
    </Link>
  );
}

/**
 * FacetTiles are the shop-by tiles for make, body type and price (spec 001
 * §2 "Other screens"): each opens the listing with that refinement: a make
 * at /search/{make}, a body type as simple_body, a price bucket as price_range.
 */
export function FacetTiles({ facets, customBodies }: { facets: FacetData | undefined; customBodies?: string[] }) {
  if (!facets) return null;
  const makes = facetCounts(facets.make).sort(byCount);
  const bodies = bodyTiles(facetCounts(facets.simple_body), customBodies);
  const prices = facetCounts(facets.price_range).sort(bucketOrder);
  return (
    <div className="facet-tiles">
      {makes.length > 0 ? (
        <section aria-labelledby="tiles-make">
          <h2 id="tiles-make">Shop by make</h2>
          <ul className="tiles">
            {makes.slice(0, MAKE_TILE_LIMIT).map((m) => (
              <li key={m.name}>
                <Tile to={routeToURL({ lists: { make: [m.name] } })} name={m.name} count={m.count} />
              </li>
            ))}
          </ul>
          {makes.length > MAKE_TILE_LIMIT ? (
            <Link className="tiles__more" to="/manufacturers">
              All {makes.length} makes
            </Link>
          ) : null}
        </section>
      ) : null}
      {bodies.length > 0 ? (
        <section aria-labelledby="tiles-body">
          <h2 id="tiles-body">Shop by body type</h2>
          <ul className="tiles">
            {bodies.map((b) => (
              <li key={b.name}>
                <Tile to={routeToURL({ lists: { body: [b.name] } })} name={b.name} count={b.count} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {prices.length > 0 ? (
        <section aria-labelledby="tiles-price">
          <h2 id="tiles-price">Shop by price</h2>
          <ul className="tiles">
            {prices.map((p) => (
              <li key={p.name}>
                <Tile to={routeToURL({ lists: { price_range: [p.name] } })} name={p.name} count={p.count} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="facet-tiles__all">
        <Link to={LISTING_PATH}>See every car</Link>
      </p>
    </div>
  );
}
