import { Link } from 'react-router';
import { LISTING_PATH } from '../lib/listingUrl';

export function NotFound({ title = 'Page not found', children }: { title?: string; children?: React.ReactNode }) {
  return (
    <section className="not-found">
      <h1>{title}</h1>
      {children ?? <p>The page you’re looking for isn’t here.</p>}
      <Link className="button" to={LISTING_PATH}>
        Browse all cars
      </Link>
    </section>
  );
}
