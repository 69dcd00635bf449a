import { useClearRefinements, useInstantSearch } from 'react-instantsearch';
import { useSite } from '../../lib/siteContext';
import { activeFilters, filterLabel, filterText, withoutFilter, type ActiveFilter } from '../../lib/search/activeFilters';
import { enabledFacets } from '../../lib/search/facets';
import './CurrentFilters.css';

/**
 * CurrentFilters lists the active refinements as removable chips. They come
 * from the UI state (the URL on first paint), so they are drawn with the
 * page rather than with the first results.
 */
export function CurrentFilters() {
  const { indexUiState, setIndexUiState } = useInstantSearch();
  const { site } = useSite();
  const order = enabledFacets(site.search).map((f) => f.attribute);
  const filters = activeFilters(indexUiState, order);
  if (filters.length === 0) return null;
  const dealershipName = (slug: string) => site.dealerships?.find((d) => d.slug === slug)?.name;
  const keyOf = (f: ActiveFilter) => `${f.attribute}:${f.kind === 'list' ? f.value : 'range'}`;
  return (
    <ul className="current-filters" aria-label="Active filters">
      {filters.map((f) => {
        const label = filterLabel(f);
        const text = filterText(f, dealershipName);
        return (
          <li key={keyOf(f)}>
            <button
              type="button"
              className="chip chip--removable"
              onClick={() => setIndexUiState((state) => withoutFilter(state, f))}
              aria-label={`Remove ${label}: ${text}`}
            >
              <span>
                {label}: {text}
              </span>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** ClearFilters removes every refinement and the query; hidden when there is nothing to clear. */
export function ClearFilters({ label = 'Clear all' }: { label?: string }) {
  const { canRefine, refine } = useClearRefinements({ excludedAttributes: [] });
  if (!canRefine) return null;
  return (
    <button type="button" className="link-button" onClick={refine}>
      {label}
    </button>
  );
}
