import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { byName } from '../../../lib/compareNames';
import { formatNumber } from '../../../lib/format';
import { useSite } from '../../../lib/siteContext';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useFacetClient, useSiteFacets, type FacetClient } from '../../../lib/search/useFacetCounts';
import { facetCounts, type FacetCount } from '../../../lib/search/makeMenu';
import { routeToURL } from '../../../lib/listingUrl';
import { MakeTile } from './MakeTile';
import { SEARCH_DEBOUNCE_MS } from '../../../components/search/SearchBox';
import { SearchForm } from '../../../components/search/SearchForm';
import '../../../components/browse/directory.css';
import '../../../components/search/ListingHeading.css';
import '../../../components/search/SearchPagination.css';

/** MANUFACTURERS_PER_PAGE: the manufacturer search pages like every search (spec 000 §9). */
export const MANUFACTURERS_PER_PAGE = 21;

/** matchMakes keeps the makes whose name contains every word of the query, A to Z. */
export function matchMakes(makes: FacetCount[], query: string): FacetCount[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return makes.filter((m) => words.every((w) => m.name.toLowerCase().includes(w))).sort(byName);
}

/**
 * ManufacturersPage is the manufacturer directory search (spec 000 §2, §7):
 * every make with stock on this site, from the make facet, searchable and
 * 21 to a page, each with its logo from the built-in manufacturer list; the
 * query and page live in the URL.
 */
export default function ManufacturersPage({ searchClient }: { searchClient?: FacetClient }) {
  const { search } = useSite();
  const client = useFacetClient(search, searchClient);
  const state = useSiteFacets(client, ['make']);
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const [text, setText] = useState(query);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useDocumentTitle('Manufacturers');

  const makes = state.status === 'ready' ? matchMakes(facetCounts(state.facets.make), query) : [];
  const pages = Math.max(1, Math.ceil(makes.length / MANUFACTURERS_PER_PAGE));
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested > 1 ? Math.min(requested, pages) : 1;
  const shown = makes.slice((page - 1) * MANUFACTURERS_PER_PAGE, page * MANUFACTURERS_PER_PAGE);
  const pageURL = (p: number) => {
    const next = new URLSearchParams();
    if (query) next.set('query', query);
    if (p > 1) next.set('page', String(p));
    const qs = next.toString();
    return { search: qs ? `?${qs}` : '' };
  };
  // Typing replaces the history entry; a new query starts at page 1.
  const setQuery = (value: string) => {
    const next = new URLSearchParams();
    if (value.trim()) next.set('query', value.trim());
    setParams(next, { replace: true });
  };

  return (
    <section className="directory">
      <h1>Manufacturers</h1>
      <SearchForm
        label="Search makes"
        placeholder="Search makes…"
        value={text}
        onChange={(value) => {
          setText(value);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setQuery(value), SEARCH_DEBOUNCE_MS);
        }}
        onSubmit={() => {
          clearTimeout(timer.current);
          setQuery(text);
        }}
      />
      <p className="listing__count" role="status" aria-live="polite">
        {state.status === 'loading'
          ? 'Loading makes…'
          : state.status === 'error'
            ? 'Makes could not be loaded. Please try again.'
            : makes.length === 0
              ? query
                ? `No makes match “${query}”`
                : 'No cars in stock right now'
              : `${formatNumber(makes.length)} ${makes.length === 1 ? 'make' : 'makes'} in stock`}
      </p>
      <ul className="tiles tiles--directory" aria-label="Makes" aria-busy={state.status === 'loading'}>
        {shown.map((m) => (
          <li key={m.name}>
            <MakeTile to={routeToURL({ lists: { make: [m.name] } })} name={m.name} count={m.count} />
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="pagination" aria-label="Pagination">
          <ul>
            {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
              <li key={p}>
                <Link className="pagination__link" to={pageURL(p)} aria-label={`Page ${p}`} aria-current={p === page ? 'page' : undefined}>
                  {p}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}
