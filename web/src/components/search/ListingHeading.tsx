import { useInstantSearch } from 'react-instantsearch';
import { formatNumber } from '../../lib/format';
import { useSite } from '../../lib/siteContext';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { stockCount } from '../../lib/search/stockCount';
import './ListingHeading.css';

const TYPE_TITLES: Record<string, string> = {
  new: 'New cars',
  used: 'Used cars',
  demo: 'Demo cars',
  'demo,new': 'New and demo cars',
};

/**
 * listingTitle names the listing after its path preset and the car types the
 * site sells: "Used cars" (also on a used-only site), "Toyota Corolla"; a
 * dealer-scoped listing (one dealership_slug) adds "at <dealership>".
 */
export function listingTitle(
  refinements: Record<string, string[]> | undefined,
  siteTypes: string[],
  dealershipName?: (slug: string) => string | undefined,
): string {
  const refined = refinements?.car_type ?? [];
  const types = [...(refined.length > 0 ? refined : siteTypes)].sort().join(',');
  const makes = refinements?.make ?? [];
  const models = refinements?.model ?? [];
  const title =
    makes.length === 1 ? (models.length === 1 ? `${makes[0]} ${models[0]}` : `${makes[0]} cars`) : (TYPE_TITLES[types] ?? 'New, used and demo cars');
  const dealerships = refinements?.dealership_slug ?? [];
  const dealer = dealerships.length === 1 ? (dealershipName?.(dealerships[0]) ?? dealerships[0]) : undefined;
  return dealer ? `${title} at ${dealer}` : title;
}

/** ListingHeading shows the title and the stock count (spec 000 §9 stock count rule). */
export function ListingHeading() {
  const { site } = useSite();
  const { results, indexUiState } = useInstantSearch();
  const configured = (site.dealerships ?? []).reduce((sum, d) => sum + (d.stock_count ?? 0), 0);
  const ready = results && !results.__isArtificial;
  const typeCounts = ready ? (results.getFacetByName('car_type') as { data?: Record<string, number> } | undefined)?.data : undefined;
  const count = ready ? stockCount(results.nbHits, configured, typeCounts) : 0;
  const title = listingTitle(indexUiState.refinementList, site.stock.car_types, (slug) => site.dealerships?.find((d) => d.slug === slug)?.name);
  return <CountedHeading title={title} count={ready ? count : undefined} />;
}

/**
 * CountedHeading is a listing's title with its car count, which is blank
 * (but holds its line) until the first results arrive; it also names the tab.
 */
export function CountedHeading({ title, count }: { title: string; count: number | undefined }) {
  useDocumentTitle(title);
  return (
    <div className="listing__heading">
      <h1>{title}</h1>
      <p className="listing__count" role="status" aria-live="polite">
        {count === undefined ? '\u00a0' : `${formatNumber(count)} ${count === 1 ? 'car' : 'cars'} found`}
      </p>
    </div>
  );
}
