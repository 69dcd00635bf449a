import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useInstantSearch, useInstantSearchContext } from 'react-instantsearch';
import type { IndexUiState } from 'instantsearch.js';
import type { SearchParameters } from 'algoliasearch-helper';
import { formatPrice } from '../../lib/format';
import { useSite } from '../../lib/siteContext';
import { ClearFilters } from './CurrentFilters';
import './NoResults.css';

/**
 * A step widens the search by dropping one refinement, most specific first
 * (issue 32 item 15): the model, then the price, then the make (with its
 * model), then the words typed.
 */
interface Step {
  /** the refinements it drops: list and range attributes */
  lists: string[];
  ranges: string[];
  query?: boolean;
  /** "the model HiLux" */
  what: (ui: IndexUiState) => string;
}

const PRICE_LISTS = ['price_range', 'weekly_price_range'];

const STEPS: Step[] = [
  { lists: ['model', 'make_model'], ranges: [], what: (ui) => `the model ${values(ui, 'model')}` },
  { lists: PRICE_LISTS, ranges: ['price'], what: () => 'the price limit' },
  { lists: ['make', 'model', 'make_model'], ranges: [], what: (ui) => `the make ${values(ui, 'make')}` },
  { lists: [], ranges: [], query: true, what: (ui) => `the words “${ui.query}”` },
];

function values(ui: IndexUiState, attribute: string): string {
  return (ui.refinementList?.[attribute] ?? []).join(', ');
}

function applies(step: Step, ui: IndexUiState): boolean {
  return (
    step.lists.some((a) => (ui.refinementList?.[a] ?? []).length > 0) || step.ranges.some((a) => Boolean(ui.range?.[a])) || Boolean(step.query && ui.query)
  );
}

/** widen is the UI state without the step's refinements, on page 1. */
function widen(ui: IndexUiState, step: Step): IndexUiState {
  const next: IndexUiState = { ...ui, page: undefined, refinementList: { ...ui.refinementList }, range: { ...ui.range } };
  for (const a of step.lists) delete next.refinementList![a];
  for (const a of step.ranges) delete next.range![a];
  if (step.query) delete next.query;
  return next;
}

/** widenState is the same change made to the helper's search parameters, which the count search sends. */
function widenState(state: SearchParameters, step: Step): SearchParameters {
  let s = state.setPage(0);
  for (const a of [...step.lists, ...step.ranges]) s = s.clearRefinements(a);
  if (step.query) s = s.setQuery('');
  return s;
}

/**
 * hasFilters: any refinement the shopper could remove. Words typed are not a
 * filter, nor is a car-type preset naming every type the site sells (a
 * used-only site's /search/used-cars: removing it finds nothing more).
 */
export function hasFilters(ui: IndexUiState, sold: string[] = []): boolean {
  const everyType = (v: string[]) => sold.length > 0 && sold.every((t) => v.includes(t));
  const lists = Object.entries(ui.refinementList ?? {}).some(([a, v]) => v.length > 0 && !(a === 'car_type' && everyType(v)));
  const ranges = Object.values(ui.range ?? {}).some(Boolean);
  const toggles = Object.values(ui.toggle ?? {}).some(Boolean);
  return lists || ranges || toggles;
}

/** describeSearch words the search for the enquiry message: “red”, Toyota, HiLux, up to $5,000. */
export function describeSearch(ui: IndexUiState): string {
  const parts: string[] = [];
  if (ui.query) parts.push(`“${ui.query}”`);
  for (const v of Object.values(ui.refinementList ?? {})) parts.push(...v);
  for (const [attribute, range] of Object.entries(ui.range ?? {})) {
    const [min, max] = (range ?? '').split(':').map((n) => (n ? Number(n) : undefined));
    const money = (n: number) => (attribute.includes('price') ? formatPrice(n) : n.toLocaleString('en-AU'));
    const name = attribute.replace(/_/g, ' ');
    if (min !== undefined && max !== undefined) parts.push(`${name} ${money(min)} to ${money(max)}`);
    else if (max !== undefined) parts.push(`${name} up to ${money(max)}`);
    else if (min !== undefined) parts.push(`${name} from ${money(min)}`);
  }
  return parts.join(', ');
}

interface Alternative {
  href: string;
  text: string;
  count: number;
}

const SALES = 'Sales Enquiry';

/**
 * NoResults is the empty listing (issue 32 item 15): "Try removing a filter"
 * with Clear filters only when a filter is set; always the nearest wider
 * searches with their counts (one extra search asks for all of them), the
 * site's whole stock newest first, and the general enquiry with the search
 * described. It is its own chunk: the listing's entry does not carry it.
 */
export default function NoResults() {
  const { site, search: access } = useSite();
  const search = useInstantSearchContext();
  const { indexUiState } = useInstantSearch();
  const [alternatives, setAlternatives] = useState<Alternative[]>([]);
  const filtered = hasFilters(indexUiState, site.stock.car_types);
  const latest = access.sortIndices?.latest;

  // Keyed by content: a widget mounting (Clear filters) renders a new but equal state.
  const key = JSON.stringify(indexUiState);
  useEffect(() => {
    let live = true;
    const helper = search.mainIndex.getHelper();
    if (!helper) return;
    const ui = JSON.parse(key) as IndexUiState;
    const steps = STEPS.filter((s) => applies(s, ui));
    const everything: Step = { lists: Object.keys(ui.refinementList ?? {}), ranges: Object.keys(ui.range ?? {}), query: true, what: () => '' };
    const all = [...steps, everything];
    const indexId = search.mainIndex.getIndexId();
    const link = (next: IndexUiState) => {
      const url = new URL(search.createURL({ [indexId]: next }), window.location.origin);
      return url.pathname + url.search;
    };
    // getQuery is the helper's own translation of a state into request
    // parameters; it reads only `state`, so it answers for a widened one.
    const params = (state: SearchParameters) => helper.getQuery.call({ state } as typeof helper);
    const requests = all.map((step) => ({ indexName: helper.state.index, ...params(widenState(helper.state, step)), hitsPerPage: 0, page: 0, facets: [] }));
    const client = search.client as unknown as { search: (input: { requests: unknown[] }) => Promise<{ results: Array<{ nbHits?: number }> }> };
    client
      .search({ requests })
      .then(({ results }) => {
        if (!live) return;
        const found: Alternative[] = [];
        steps.forEach((step, i) => {
          const count = results[i]?.nbHits ?? 0;
          if (count > 0) found.push({ href: link(widen(ui, step)), text: `without ${step.what(ui)}`, count });
        });
        const total = results[steps.length]?.nbHits ?? 0;
        // The whole stock, unless a wider search above already is all of it.
        if (total > 0 && !found.some((a) => a.count === total)) {
          const everythingUi = widen({ ...ui, sortBy: latest ?? ui.sortBy }, everything);
          found.push({ href: link(everythingUi), text: latest ? 'in stock, newest first' : 'in stock', count: total });
        }
        setAlternatives(found);
      })
      .catch((err: unknown) => console.warn('alternatives search failed', err));
    return () => {
      live = false;
    };
    // One extra search per empty result: the state it widens is the one shown.
  }, [search, key, latest]);

  const described = describeSearch(indexUiState);
  const categories = site.leads?.categories ?? [];
  const enquiry = new URLSearchParams({
    message: described
      ? `I couldn't find the car I'm after on your website. I searched for: ${described}. Can you find one for me?`
      : `I couldn't find the car I'm after on your website. Can you find one for me?`,
  });
  if (categories.includes(SALES)) enquiry.set('category', SALES);
  return (
    <div className="no-results" role="status">
      <h2>No cars match your search</h2>
      {filtered ? (
        <>
          <p>Try removing a filter.</p>
          <ClearFilters label="Clear filters" />
        </>
      ) : (
        <p>Nothing we have in stock matches {described || 'that search'} right now.</p>
      )}
      {alternatives.length > 0 ? (
        <nav aria-label="Nearest matches" className="no-results__alternatives">
          <h3>Nearest matches</h3>
          <ul>
            {alternatives.map((a) => (
              <li key={a.href}>
                <Link to={a.href}>
                  {a.count} {a.count === 1 ? 'car' : 'cars'} {a.text}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p className="no-results__enquiry">
        <Link className="button" to={`/enquiry?${enquiry}`}>
          Can’t find it? We’ll find it for you
        </Link>
      </p>
    </div>
  );
}
