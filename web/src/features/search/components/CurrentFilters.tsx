import { useClearRefinements, useCurrentRefinements } from 'react-instantsearch';
import { capitalise, formatKm, formatPrice } from '../../../lib/format';
import { facetByAttribute } from '../facets';

function describe(attribute: string, label: string, operator?: string, value?: string | number): string {
  if (operator && typeof value === 'number') {
    const v = attribute === 'km' ? formatKm(value) : attribute === 'year' ? String(value) : formatPrice(value);
    return `${operator === '>=' ? 'from' : 'up to'} ${v}`;
  }
  return attribute === 'car_type' ? capitalise(label) : label;
}

/** CurrentFilters lists the active refinements as removable chips. */
export function CurrentFilters() {
  const { items, refine } = useCurrentRefinements();
  if (items.length === 0) return null;
  return (
    <ul className="current-filters" aria-label="Active filters">
      {items.flatMap((item) =>
        item.refinements.map((r) => {
          const facet = facetByAttribute(item.attribute)?.label ?? item.label;
          const text = describe(item.attribute, r.label, r.operator, r.value);
          return (
            <li key={`${item.attribute}:${r.operator ?? ''}:${r.value}`}>
              <button type="button" className="chip chip--removable" onClick={() => refine(r)} aria-label={`Remove ${facet}: ${text}`}>
                <span>
                  {facet}: {text}
                </span>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          );
        }),
      )}
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
