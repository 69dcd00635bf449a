import { useState } from 'react';
import { Link } from 'react-router';
import { inlinedJSON } from '../lib/inlined';
import type { Car } from '../lib/types';
import { useSite } from '../lib/siteContext';
import { BudgetFinder } from '../features/home/components/BudgetFinder';
import { BrandBanner } from '../features/home/components/BrandBanner';
import { PromotionsSlider } from '../features/home/components/PromotionsSlider';
import { HomeBrowse } from '../features/home/components/HomeBrowse';
import { RecentSearches } from '../features/listing/components/SearchHistory';
import { LISTING_PATH, routeToURL } from '../lib/listingUrl';
import { CarStrip } from '../components/search/CarStrip';
import { navigationOf } from './navigation';

/** INLINED_LATEST_ID is the script the home page's HTML carries its latest arrivals in (functions/httpapi LatestArrivals). */
export const INLINED_LATEST_ID = 'forecourt-latest';

interface InlinedLatest {
  index: string;
  limit: number;
  hits: Car[];
}

export function HomePage() {
  const { site, search, stats } = useSite();
  // Issue 32 item 10: the row renders with the cars the server searched
  // for the page (the same index and count), so it never grows under the
  // shopper; without them it asks when scrolled to.
  const [latest] = useState(() =>
    inlinedJSON<InlinedLatest>(
      INLINED_LATEST_ID,
      (b) => Array.isArray(b.hits) && b.index === search.sortIndices?.latest && b.limit === site.home.latest_arrivals,
    ),
  );
  const links = navigationOf({ ...site, navigation: undefined }).slice(1);
  return (
    <section className="home">
      <PromotionsSlider />
      <div className="home__hero">
        <h1>{site.name}</h1>
        <p>Find your next car from our current stock.</p>
        <div className="home__actions">
          <Link className="button" to={site.stock.listing_path || LISTING_PATH}>
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
      {/* issue 17: the newest cars, asked for once scrolled into view (issue 18: no search on load);
          only where the site has the latest sort, whose replica orders them */}
      {/* A site the stats shipped with no stock has no row to show: left out from the
          first render rather than collapsing after it is scrolled to (issue 17). */}
      {search.sortIndices?.latest && (!stats || stats.nb_hits > 0) ? (
        <CarStrip
          id="latest-arrivals"
          title="Latest arrivals"
          filters=""
          limit={site.home.latest_arrivals}
          index={search.sortIndices.latest}
          initial={latest?.hits}
          more={{ to: routeToURL({ sortBy: 'latest' }), label: 'See all latest arrivals' }}
        />
      ) : null}
      <BrandBanner />
    </section>
  );
}
