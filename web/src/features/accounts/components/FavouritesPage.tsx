import { Link } from 'react-router';
import { useSite } from '../../../lib/siteContext';
import { useFavourites } from '../../../lib/useFavourites';

/** FavouritesPage lists the cars a visitor saved on this device (spec 000 §4, §6), at the site's features.favourites_path. */
export default function FavouritesPage() {
  const { site } = useSite();
  const { favourites, toggle } = useFavourites(site.slug);
  return (
    <div className="page favourites">
      <h1>Your favourites</h1>
      <p>Saved on this device only.</p>
      {favourites.length === 0 ? (
        <p>
          No favourites yet. Tap the heart on a car to keep it here. <Link to="/cars">Browse cars</Link>
        </p>
      ) : (
        <ul className="watchlist-cars">
          {favourites.map((f) => (
            <li key={f.id}>
              <Link to={`/cars/${f.slug}`}>{f.name || `${f.make} ${f.model}`}</Link>{' '}
              <button type="button" onClick={() => toggle(f)} aria-label={`Remove ${f.name || `${f.make} ${f.model}`} from your favourites`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
