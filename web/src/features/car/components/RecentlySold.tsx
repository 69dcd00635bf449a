import { Link } from 'react-router';
import { carTitle } from '../../../lib/carTitle';
import { carPath, LISTING_PATH } from '../../../lib/listingUrl';
import { similarPath } from '../../../lib/similarPath';
import { priceDisplay } from '../../../lib/priceDisplay';
import { useSite } from '../../../lib/siteContext';
import type { GoneCarResponse } from '../../../lib/types';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';

/** SOLD_NOTICE is the spec's line (spec 001 §2), should the answer carry no message. */
const SOLD_NOTICE = 'Unfortunately this vehicle recently sold.';

/** isGoneCar tells a sold car's 410 body (GET /api/cars/{slug}) from any other error body. */
export function isGoneCar(body: unknown): body is GoneCarResponse {
  const b = body as Partial<GoneCarResponse> | undefined;
  return b?.error?.code === 'gone' && typeof b.car === 'object' && Array.isArray(b.similar);
}

/**
 * RecentlySold is a car page whose car sold past the site's retention (issue
 * 14; the document answers the same 410): the spec's line, the similar cars
 * for sale the API chose, and links to its make and model and the listing.
 */
export function RecentlySold({ gone }: { gone: GoneCarResponse }) {
  const { site } = useSite();
  const title = carTitle(gone.car);
  useDocumentTitle(`Recently sold: ${title}`);
  const more = [gone.car.make, gone.car.model].filter(Boolean).join(' ');
  const similar = gone.similar ?? [];
  return (
    <section className="not-found recently-sold">
      <h1>Recently sold: {title}</h1>
      <p role="status">{gone.error.message || SOLD_NOTICE}</p>
      {similar.length > 0 ? (
        <>
          <h2>Similar cars for sale</h2>
          <ul className="recently-sold__cars">
            {similar.map((c) => (
              <li key={c.id}>
                <Link to={carPath(c.slug)}>{carTitle(c, true)}</Link> {priceDisplay(c, site.texts.no_price).text}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="recently-sold__more">
        {more ? <Link to={similarPath({ make: gone.car.make, model: gone.car.model, simple_body: undefined })}>More {more} for sale</Link> : null}{' '}
        <Link className="button button--ghost" to={site.stock.listing_path || LISTING_PATH}>
          Browse all cars
        </Link>
      </p>
    </section>
  );
}
