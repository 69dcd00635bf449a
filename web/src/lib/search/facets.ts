import type { ConfiguredSearch } from '../siteConfig';

// The listing's facets by the spec's names (spec 000 §2). A facet's URL
// parameter is its spec name; the index attribute may differ (body is
// simple_body in the index record, docs/contracts.md).

export type FacetKind = 'list' | 'range';

export interface FacetDef {
  /** The spec name: the URL parameter and the site config's search.facets entry. */
  name: string;
  attribute: string;
  kind: FacetKind;
  label: string;
  /** Values shown before "Show more" (list facets). */
  limit?: number;
  /** Values shown after "Show more"; absent means no toggle. */
  showMoreLimit?: number;
  /** Only ever refined from the URL or a link, never listed in the filters. */
  hidden?: boolean;
}

const FACETS: FacetDef[] = [
  { name: 'make', attribute: 'make', kind: 'list', label: 'Make', limit: 7, showMoreLimit: 100 },
  { name: 'model', attribute: 'model', kind: 'list', label: 'Model', limit: 10, showMoreLimit: 30 },
  { name: 'make_model', attribute: 'make_model', kind: 'list', label: 'Make and model', limit: 10, showMoreLimit: 30 },
  { name: 'car_type', attribute: 'car_type', kind: 'list', label: 'Condition', limit: 3 },
  { name: 'price', attribute: 'price', kind: 'range', label: 'Price' },
  { name: 'price_range', attribute: 'price_range', kind: 'list', label: 'Price range', limit: 8 },
  { name: 'weekly_price_range', attribute: 'weekly_price_range', kind: 'list', label: 'Weekly repayments', limit: 5 },
  { name: 'subscription_price', attribute: 'subscription_price', kind: 'range', label: 'Subscription price' },
  { name: 'body', attribute: 'simple_body', kind: 'list', label: 'Body type', limit: 10, showMoreLimit: 30 },
  { name: 'year', attribute: 'year', kind: 'range', label: 'Year' },
  { name: 'km', attribute: 'km', kind: 'range', label: 'Kilometres' },
  { name: 'fuel', attribute: 'fuel', kind: 'list', label: 'Fuel', limit: 8 },
  { name: 'transmission', attribute: 'transmission', kind: 'list', label: 'Transmission', limit: 5 },
  { name: 'colour', attribute: 'colour', kind: 'list', label: 'Colour', limit: 8, showMoreLimit: 40 },
  { name: 'drive', attribute: 'drive', kind: 'list', label: 'Drive', limit: 6 },
  { name: 'seats', attribute: 'seats', kind: 'list', label: 'Seats', limit: 8 },
  { name: 'badge', attribute: 'badge', kind: 'list', label: 'Badge', limit: 8, showMoreLimit: 40 },
  { name: 'status', attribute: 'status', kind: 'list', label: 'Availability', limit: 4 },
  { name: 'tag', attribute: 'tag', kind: 'list', label: 'Tag', limit: 8 },
  { name: 'categories', attribute: 'categories', kind: 'list', label: 'Category', limit: 8 },
  { name: 'filtered_features', attribute: 'filtered_features', kind: 'list', label: 'Features', limit: 8, showMoreLimit: 40 },
  { name: 'item_type', attribute: 'item_type', kind: 'list', label: 'Item type', limit: 6 },
  { name: 'city', attribute: 'city', kind: 'list', label: 'City', limit: 8, showMoreLimit: 40 },
  { name: 'state', attribute: 'state', kind: 'list', label: 'State', limit: 8 },
  { name: 'location_name', attribute: 'location_name', kind: 'list', label: 'Location', limit: 20, showMoreLimit: 40 },
  { name: 'dealership_name', attribute: 'dealership_name', kind: 'list', label: 'Dealership', limit: 20, showMoreLimit: 40 },
  // The dealer-scoped link form (spec 000 §2): ?dealership=<slug> refines
  // dealership_slug, a filter-only attribute, so it is never a visible list.
  { name: 'dealership', attribute: 'dealership_slug', kind: 'list', label: 'Dealership', hidden: true },
];

const BY_NAME = new Map(FACETS.map((f) => [f.name, f]));
const BY_ATTRIBUTE = new Map(FACETS.map((f) => [f.attribute, f]));

export function facetByName(name: string): FacetDef | undefined {
  return BY_NAME.get(name);
}

export function facetByAttribute(attribute: string): FacetDef | undefined {
  return BY_ATTRIBUTE.get(attribute);
}

/** allFacets lists every facet the URL may carry, enabled or not, so shared links keep working. */
export function allFacets(): readonly FacetDef[] {
  return FACETS;
}

/**
 * enabledFacets resolves the site's search.facets (spec names, display order)
 * to definitions. Unknown names are dropped; the badge facet needs the site's
 * badge_filter switch and location_name is dropped when location_filter is
 * off (spec 001 §4); the make list collapses to makes_collapsed or, with
 * makes_collapsed_to_popular, to the number of popular makes (spec 000 §9).
 * The facet list and makes_collapsed come with their defaults from /api/site.
 */
export function enabledFacets(search: ConfiguredSearch): FacetDef[] {
  const popular = search.popular_makes?.length ?? 0;
  const makeLimit = search.makes_collapsed_to_popular && popular > 0 ? popular : search.makes_collapsed;
  const out: FacetDef[] = [];
  for (const name of search.facets) {
    const def = BY_NAME.get(name);
    if (!def || def.hidden) continue;
    if (name === 'badge' && !search.badge_filter) continue;
    if (name === 'location_name' && !search.location_filter) continue;
    out.push(name === 'make' && makeLimit ? { ...def, limit: makeLimit } : def);
  }
  return out;
}
