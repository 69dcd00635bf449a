import { useMemo } from 'react';
import { Configure, useInstantSearch } from 'react-instantsearch';
import { SiteInstantSearch } from '../../../lib/search/SiteInstantSearch';
import { Link, useParams } from 'react-router';
import { NotFound } from '../../../components/NotFound';
import { useSite } from '../../../lib/siteContext';
import type { Dealership } from '../../../lib/types';
import { facetByName } from '../../../lib/search/facets';
import { andFilters, baseFilters, facetFilter } from '../../../lib/search/filters';
import { CARD_ATTRIBUTES, NO_HIGHLIGHTS } from '../../../lib/search/cardAttributes';
import { dealershipListingPath, dealershipSearchPath } from '../../../lib/listingUrl';
import { createRouting } from '../../../lib/search/routing';
import { createSearchClient } from '../../../lib/search/searchClient';
import { CountedHeading } from '../../../components/search/ListingHeading';
import { RangeFacet } from '../../../components/search/RangeFacet';
import { RefinementFacet } from '../../../components/search/RefinementFacet';
import { SearchBox } from '../../../components/search/SearchBox';
import { SearchPagination } from '../../../components/search/SearchPagination';
import { SearchResults } from '../../../components/search/SearchResults';
import '../../../components/search/listing-layout.css';
import './DealershipSearchPage.css';

/** DEALERSHIP_HITS_PER_PAGE: the dealership search pages 21 cars (spec 000 §9). */
export const DEALERSHIP_HITS_PER_PAGE = 21;

/** dealershipFilters: the site's base filters and the dealership (spec 000 §7 "dealership-scoped search"). */
export function dealershipFilters(base: string, slug: string): string {
  return andFilters(base, facetFilter('dealership_slug', slug));
}

/**
 * DealershipSearchPage is one dealership's stock (spec 000 §2): a search box
 * (debounced 300 ms), the categories and price facets, 21 cars a page, its
 * state in the URL of /dealerships/{slug}/cars.
 */
export default function DealershipSearchPage({ searchClient }: { searchClient?: Parameters<typeof SiteInstantSearch>[0]['searchClient'] }) {
  const { slug = '' } = useParams();
  const { site, search } = useSite();
  const dealership = site.dealerships?.find((d) => d.slug === slug);
  const client = useMemo(() => searchClient ?? createSearchClient(search), [search, searchClient]);
  const basePath = dealershipSearchPath(slug);
  const routing = useMemo(
    () => createRouting({ indexName: search.index, sortIndices: search.sortIndices }, basePath),
    [search.index, search.sortIndices, basePath],
  );
  if (!dealership) {
    return (
      <NotFound title="Dealership not found">
        <p>This site has no dealership called “{slug}”.</p>
      </NotFound>
    );
  }
  return (
    <SiteInstantSearch key={slug} searchClient={client} indexName={search.index} routing={routing}>
      <Configure
        hitsPerPage={DEALERSHIP_HITS_PER_PAGE}
        filters={dealershipFilters(baseFilters(site, false), slug)}
        attributesToHighlight={NO_HIGHLIGHTS}
        attributesToRetrieve={CARD_ATTRIBUTES}
      />
      <DealershipListing dealership={dealership} />
    </SiteInstantSearch>
  );
}

const FACETS = ['categories', 'price'];

/** DealershipStockHeading names the dealership's stock and, once the first answer is in, its count. */
function DealershipStockHeading({ dealership }: { dealership: Dealership }) {
  const { results } = useInstantSearch();
  const ready = results && !results.__isArtificial;
  return <CountedHeading title={`${dealership.name} stock`} count={ready ? results.nbHits : undefined} />;
}

/** DealershipListing lays the page out; it reads no search state, so an answer redraws only what shows it. */
function DealershipListing({ dealership }: { dealership: Dealership }) {
  return (
    <div className="listing listing--dealership">
      <DealershipStockHeading dealership={dealership} />
      <p className="listing__scope">
        <Link to={dealershipListingPath(dealership.slug)}>Open in the full listing with every filter</Link>
      </p>
      <div className="listing__toolbar">
        <SearchBox />
      </div>
      <div className="listing__body">
        <aside className="filters" aria-label="Filters">
          {/* The filters' own h3 titles need an h2 above them (heading order, as the main listing's Filters). */}
          <h2 className="visually-hidden">Filters</h2>
          <div className="filters__body">
            {FACETS.map((name) => facetByName(name)).map((facet) =>
              facet?.kind === 'range' ? <RangeFacet key={facet.name} facet={facet} /> : facet ? <RefinementFacet key={facet.name} facet={facet} /> : null,
            )}
          </div>
        </aside>
        <section className="listing__results" aria-label="Search results">
          <SearchResults />
          <SearchPagination />
        </section>
      </div>
    </div>
  );
}
