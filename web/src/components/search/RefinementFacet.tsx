import { useMemo } from 'react';
import { useRefinementList } from 'react-instantsearch';
import { capitalise } from '../../lib/format';
import type { FacetDef } from '../../lib/search/facets';
import { bucketOrder, popularFirst } from '../../lib/search/buckets';
import { FacetSection } from './FacetSection';
import './RefinementFacet.css';

const BUCKET_FACETS = new Set(['price_range', 'weekly_price_range']);
const DEFAULT_SORT: Array<'isRefined' | 'count:desc' | 'name:asc'> = ['isRefined', 'count:desc', 'name:asc'];
// Cars without a value (no price: an empty price_range) are no choice to offer.
const withValue = <T extends { value: string }>(items: T[]): T[] => items.filter((item) => item.value.trim() !== '');

/** RefinementFacet is a checkbox list with counts; renders nothing when it cannot refine. */
export function RefinementFacet({ facet, remember, popular }: { facet: FacetDef; remember?: boolean; popular?: string[] }) {
  const limit = facet.limit ?? 10;
  const key = JSON.stringify(popular ?? []);
  // A stable comparator: the connector compares its props on every render, and callers pass a new array each time.
  const popularSort = useMemo(() => popularFirst(JSON.parse(key) as string[]), [key]);
  const showMore = facet.showMoreLimit !== undefined && facet.showMoreLimit > limit;
  const { items, refine, canRefine, isShowingMore, toggleShowMore, canToggleShowMore } = useRefinementList({
    attribute: facet.attribute,
    limit,
    showMore,
    showMoreLimit: showMore ? facet.showMoreLimit : undefined,
    sortBy: BUCKET_FACETS.has(facet.name) ? bucketOrder : popular && popular.length > 0 ? popularSort : DEFAULT_SORT,
    transformItems: withValue,
  });
  if (!canRefine && items.length === 0) return null;
  return (
    <FacetSection id={facet.name} title={facet.label} remember={remember}>
      <ul className="refinement-list">
        {items.map((item) => (
          <li key={item.value}>
            <label className="refinement">
              <input type="checkbox" checked={item.isRefined} onChange={() => refine(item.value)} />
              <span className="refinement__label">{facet.name === 'car_type' ? capitalise(item.label) : item.label}</span>
              <span className="refinement__count" aria-label={`${item.count} cars`}>
                {item.count}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {showMore && canToggleShowMore ? (
        <button type="button" className="link-button" aria-expanded={isShowingMore} onClick={toggleShowMore}>
          {isShowingMore ? `Show fewer` : `Show all ${facet.label.toLowerCase()}s`}
        </button>
      ) : null}
    </FacetSection>
  );
}
