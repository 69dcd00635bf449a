import { Link } from 'react-router';
import { similarPath } from '../../../lib/similarPath';
import type { Car } from '../../../lib/types';

/** SALES is the category a "find one like it" enquiry goes under when the site offers it. */
const SALES = 'Sales Enquiry';

/**
 * SoldPanel fills a sold car's sidebar (issue 32 item 15: it held only the
 * brochure): it says the car has sold and offers the ways on, similar cars
 * (the page's strip, else the server's Find Me Something Similar listing),
 * the make and model in stock when that is another listing, and an enquiry
 * asking the dealer to find one like it. Only a sold car needs it, so it is
 * its own chunk, off the car page's first JavaScript.
 */
export default function SoldPanel({
  car,
  title,
  similarHref,
  strip,
  categories,
}: {
  car: Car;
  title: string;
  /** the server's Find Me Something Similar listing */
  similarHref?: string;
  /** the page has a similar cars strip to scroll to */
  strip: boolean;
  categories: string[];
}) {
  const makeModel = car.make && car.model ? similarPath({ make: car.make, model: car.model }) : undefined;
  const similar = strip ? '#similar-cars' : (similarHref ?? makeModel);
  const ask = new URLSearchParams({
    message: `The ${title}${car.stocknum ? ` (stock ${car.stocknum})` : ''} has sold. Can you find me one like it?`,
  });
  if (categories.includes(SALES)) ask.set('category', SALES);
  return (
    <section aria-labelledby="sold-panel-title" className="card car-page__sold-panel">
      <h2 id="sold-panel-title">This car has been sold</h2>
      <p>It is no longer for sale, but there may be one like it.</p>
      {similar ? (
        strip ? (
          <a className="button button--block" href={similar}>
            See similar cars
          </a>
        ) : (
          <Link className="button button--block" to={similar}>
            See similar cars
          </Link>
        )
      ) : null}
      {makeModel && makeModel !== similar ? (
        <Link className="button button--ghost button--block" to={makeModel}>
          All {car.make} {car.model} in stock
        </Link>
      ) : null}
      <Link className="button button--ghost button--block" to={`/enquiry?${ask}`}>
        Ask us to find one like it
      </Link>
    </section>
  );
}
