import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Configure, useInstantSearch, useRange, useRefinementList } from 'react-instantsearch';
import { SiteInstantSearch } from '../../../lib/search/SiteInstantSearch';
import { useLocation, useNavigationType } from 'react-router';
import { useSite } from '../../../lib/siteContext';
import { baseFilters } from '../../../lib/search/filters';
import { CARD_ATTRIBUTES, NO_HIGHLIGHTS } from '../../../lib/search/cardAttributes';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { enabledFacets, facetByName } from '../../../lib/search/facets';
import { createRouting } from '../../../lib/search/routing';
import { urlToRoute } from '../../../lib/listingUrl';
import { createSearchClient } from '../../../lib/search/searchClient';
import { BodyTiles } from '../../../components/browse/BodyTiles';
import { CurrentFilters } from '../../../components/search/CurrentFilters';
import { FiltersPanel } from './FiltersPanel';
import { ListingHeading } from '../../../components/search/ListingHeading';
import { SearchBox } from '../../../components/search/SearchBox';
import { SearchPagination } from '../../../components/search/SearchPagination';
import { SearchResults } from '../../../components/search/SearchResults';
import { SortSelect } from './SortSelect';
import '../../../components/search/listing-layout.css';
import '../listing.css';

const RecordSearch = lazy(() => import('./RecordSearch'));

/**
 * SearchPage is the stock listing for every search path. InstantSearch owns
 * the URL while it is mounted; a navigation made by the app (a header link to
 * another preset) starts a fresh InstantSearch that reads the new URL, while
 * back and forward are left to InstantSearch's router.
 */
export function SearchPage({ searchClient }: { searchClient?: Parameters<typeof SiteInstantSearch>[0]['searchClient'] }) {
  const { search, stats } = useSite();
  const client = useMemo(() => searchClient ?? createSearchClient(search), [search, searchClient]);
  const routing = useMemo(() => createRouting({ indexName: search.index, sortIndices: search.sortIndices, stats }), [search.index, search.sortIndices, stats]);
  const location = useLocation();
  const navigationType = useNavigationType();
  const seen = useRef(location.key);
  const instance = useRef(location.key);
  if (location.key !== seen.current) {
    seen.current = location.key;
    if (navigationType !== 'POP') instance.current = location.key;
  }
  return (
    <SiteInstantSearch key={instance.current} searchClient={client} indexName={search.index} routing={routing}>
      <ListingConfigure />
      <VirtualFacets />
      <Suspense fallback={null}>
        <RecordSearch />
      </Suspense>
      <Listing />
    </SiteInstantSearch>
  );
}

/**
 * VirtualFacets mounts invisible widgets for refinements the URL can carry
 * but the site shows no filter for: the path presets (car_type, make, model)
 * and any other facet parameter the page was opened with. Without a widget
 * InstantSearch would drop the refinement.
 */
function VirtualFacets() {
  const { site } = useSite();
  const [initial] = useState(() => urlToRoute(window.location.pathname, window.location.search));
  const shown = new Set(enabledFacets(site.search).map((f) => f.name));
  const wanted = new Set(['car_type', 'make', 'model', ...Object.keys(initial.lists ?? {}), ...Object.keys(initial.ranges ?? {})]);
  return (
    <>
      {[...wanted]
        .filter((name) => !shown.has(name))
        .map((name) => facetByName(name))
        .map((def) =>
          def?.kind === 'list' ? (
            <VirtualList key={def.name} attribute={def.attribute} />
          ) : def?.kind === 'range' ? (
            <VirtualRange key={def.name} attribute={def.attribute} />
          ) : null,
        )}
    </>
  );
}

function VirtualList({ attribute }: { attribute: string }) {
  useRefinementList({ attribute });
  return null;
}

function VirtualRange({ attribute }: { attribute: string }) {
  useRange({ attribute });
  return null;
}

/** ListingConfigure sets the page size and the base filters, which depend on the sort. */
function ListingConfigure() {
  const { site, search } = useSite();
  const { indexUiState } = useInstantSearch();
  const priceAscending = Boolean(search.sortIndices.price_asc) && indexUiState.sortBy === search.sortIndices.price_asc;
  return (
    <Configure
      hitsPerPage={site.search.hits_per_page}
      filters={baseFilters(site, priceAscending)}
      attributesToHighlight={NO_HIGHLIGHTS}
      attributesToRetrieve={CARD_ATTRIBUTES}
    />
  );
}

/**
 * Listing lays the page out. It reads no search state itself: InstantSearch
 * renders after every answer (and once more after mounting), and a layout
 * that listened would render the whole page again each time (issue 14 TBT);
 * the parts that show results subscribe on their own.
 */
function Listing() {
  const drawer = useMediaQuery('(max-width: 899px)');
  const [open, setOpen] = useState(false);
  const top = useRef<HTMLDivElement>(null);
  const filterButton = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    filterButton.current?.focus();
  }, []);
  const scrollToTop = () => top.current?.scrollIntoView?.({ block: 'start' });
  return (
    <div className="listing" ref={top}>
      <ListingHeading />
      <div className="listing__toolbar">
        <SearchBox />
        <SortSelect />
        {drawer ? (
          <button
            ref={filterButton}
            type="button"
            className="button button--ghost filters-toggle"
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls="search-filters"
            onClick={() => setOpen(true)}
          >
            Filters
          </button>
        ) : null}
      </div>
      <ListingTiles />
      <CurrentFilters />
      <div className="listing__body">
        <FiltersPanel drawer={drawer} open={open} onClose={close} />
        {/* The cards' titles are h3: this h2 keeps the heading order when the Filters panel (its own h2) is a closed drawer. */}
        <section className="listing__results" aria-labelledby="results-title">
          <h2 id="results-title" className="visually-hidden">
            Search results
          </h2>
          <SearchResults />
          <SearchPagination onNavigate={scrollToTop} />
        </section>
      </div>
    </div>
  );
}

/** ListingTiles are the body tiles, holding their place until the first results say whether there are any. */
function ListingTiles() {
  const { results } = useInstantSearch();
  return (
    <div className="listing__tiles" data-pending={!results || results.__isArtificial ? '' : undefined}>
      <BodyTiles />
    </div>
  );
}
