import { useSortBy } from 'react-instantsearch';
import { useSite } from '../../../lib/siteContext';
import type { SortKey } from '../../../lib/types';

const LABELS: Record<SortKey, string> = {
  relevance: 'Most relevant',
  latest: 'Latest',
  price_desc: 'Highest price',
  price_asc: 'Lowest price',
  km_desc: 'Highest km',
  km_asc: 'Lowest km',
};

/** DEFAULT_SORTS: on by default (spec 001 §9); km sorts are off unless the site lists them. */
export const DEFAULT_SORTS: SortKey[] = ['relevance', 'latest', 'price_desc', 'price_asc'];

export function sortItems(options: string[] | undefined, indices: Partial<Record<SortKey, string>> | null, mainIndex: string) {
  const keys = (options && options.length > 0 ? options : DEFAULT_SORTS).filter((k): k is SortKey => k in LABELS);
  return keys
    .map((key) => ({ label: LABELS[key], value: key === 'relevance' ? (indices?.relevance ?? mainIndex) : indices?.[key] }))
    .filter((item): item is { label: string; value: string } => Boolean(item.value));
}

export function SortSelect() {
  const { site, search } = useSite();
  const { options, currentRefinement, refine } = useSortBy({
    items: sortItems(site.search?.sort_options, search.sortIndices, search.index),
  });
  if (options.length < 2) return null;
  return (
    <label className="sort-select">
      <span>Sort by</span>
      <select value={currentRefinement} onChange={(e) => refine(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
