import { Link } from 'react-router';
import { useSite } from '../../../lib/siteContext';
import { useFacetClient, useSiteFacets, type FacetClient } from '../../../lib/search/useFacetCounts';
import { DealershipList } from '../../../components/browse/DealershipList';
import { FacetTiles } from '../../../components/browse/FacetTiles';
import { QuickSearch } from './QuickSearch';
import './HomeBrowse.css';

const FACETS = ['make', 'simple_body', 'price_range', 'dealership_name'];

/**
 * HomeBrowse is the home page's way into the stock: the quick search with
 * the make dropdown, the shop-by tiles, and on a group site a link to each
 * dealership's stock (home.our_dealerships "list", the default). The counts of all three come with the site (stats
 * computed after each feed run, issue 18: no search request on load); a
 * site without stats yet asks the index once.
 */
export function HomeBrowse({ searchClient }: { searchClient?: FacetClient }) {
  const { site, search } = useSite();
  const client = useFacetClient(search, searchClient);
  const state = useSiteFacets(client, FACETS);
  const facets = state.status === 'ready' ? state.facets : undefined;
  // Issue 32 item 10: one "Our dealerships" section, picked by the site
  // (home.our_dealerships); the brand banner is the other choice.
  const dealerships = site.home.our_dealerships === 'list' ? (site.dealerships ?? []) : [];
  return (
    <div className="home-browse">
      <QuickSearch client={client} facets={facets} />
      {dealerships.length > 1 ? (
        <section className="home-browse__dealerships" aria-labelledby="home-dealerships">
          <h2 id="home-dealerships">Our dealerships</h2>
          <DealershipList dealerships={dealerships} facets={facets} headingLevel={3} />
          <p>
            <Link to="/dealerships">All dealerships</Link>
          </p>
        </section>
      ) : null}
      <FacetTiles facets={facets} customBodies={site.search.custom_bodies} />
    </div>
  );
}
