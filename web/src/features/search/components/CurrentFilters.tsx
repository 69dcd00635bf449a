import { useClearRefinements, useCurrentRefinements } from 'react-instantsearch';
import { capitalise, formatKm, formatPrice } from '../../../lib/format';
import { useSite } from '../../../lib/siteContext';
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
  const { site } = useSite();
  if (items.length === 0) return null;
  // The dealer-scoped link carries a slug; the chip names the dealership.
  const dealershipName = (slug: string) => site.dealerships?.find((d) => d.slug === slug)?.name ?? slug;
  return (
    <ul className="current-filters" aria-label="Active filters">
      {items.flatMap((item) =>
        item.refinements.map((r) => {
          const facet = facetByAttribute(item.attribute)?.label ?? item.label;
          const text =
            item.attribute === 'dealership_slug' ? dealershipName(String(r.value)) : describe(item.attribute, r.label, r.operator, r.value);
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
