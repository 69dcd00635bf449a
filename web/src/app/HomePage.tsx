import { Link } from 'react-router';
import { useSite } from '../lib/siteContext';
import { BudgetFinder } from '../features/home/components/BudgetFinder';
import { BrandBanner } from '../features/home/components/BrandBanner';
import { PromotionsSlider } from '../features/home/components/PromotionsSlider';
import { HomeBrowse } from '../features/home/components/HomeBrowse';
import { RecentSearches } from '../features/listing/components/SearchHistory';
import { LISTING_PATH } from '../lib/listingUrl';
import { navigationOf } from './navigation';

export function HomePage() {
  const { site } = useSite();
  const links = navigationOf({ ...site, navigation: undefined }).slice(1);
  return (
    <section className="home">
      <PromotionsSlider />
      <div className="home__hero">
        <h1>{site.name}</h1>
        <p>Find your next car from our current stock.</p>
        <div className="home__actions">
          <Link className="button" to={LISTING_PATH}>
            Browse all cars
          </Link>
          {links.map((l) => (
            <Link key={l.path} className="button button--ghost" to={l.path}>
              {l.label}
            </Link>
          ))}
        </div>
      </div>
      <HomeBrowse />
      <RecentSearches />
      <BudgetFinder />
      <BrandBanner />
    </section>
  );
}
