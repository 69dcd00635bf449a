import { useInstantSearch } from 'react-instantsearch';
import { formatNumber } from '../../../lib/format';
import { useSite } from '../../../lib/siteContext';
import { stockCount } from '../stockCount';

const TYPE_TITLES: Record<string, string> = {
  new: 'New cars',
  used: 'Used cars',
  demo: 'Demo cars',
  'demo,new': 'New and demo cars',
};

/** listingTitle names the listing after its path preset: "Used cars", "Toyota Corolla". */
export function listingTitle(refinements: Record<string, string[]> | undefined, siteTypes: string[] = []): string {
  const refined = refinements?.car_type ?? [];
  const types = [...(refined.length > 0 ? refined : siteTypes)].sort().join(',');
  const makes = refinements?.make ?? [];
  const models = refinements?.model ?? [];
  if (makes.length === 1) return models.length === 1 ? `${makes[0]} ${models[0]}` : `${makes[0]} cars`;
  return TYPE_TITLES[types] ?? 'New, used and demo cars';
}

/** ListingHeading shows the title and the stock count (spec 000 §9 stock count rule). */
export function ListingHeading() {
  const { site } = useSite();
  const { results, indexUiState } = useInstantSearch();
  const configured = (site.dealerships ?? []).reduce((sum, d) => sum + (d.stock_count ?? 0), 0);
  const ready = results && !results.__isArtificial;
  const typeCounts = ready ? (results.getFacetByName('car_type') as { data?: Record<string, number> } | undefined)?.data : undefined;
  const count = ready ? stockCount(results.nbHits, configured, typeCounts) : 0;
  return (
    <div className="listing__heading">
      <h1>{listingTitle(indexUiState.refinementList, site.stock?.car_types)}</h1>
      <p className="listing__count" role="status" aria-live="polite">
        {ready ? `${formatNumber(count)} ${count === 1 ? 'car' : 'cars'} found` : '\u00a0'}
      </p>
    </div>
  );
}
