// The base filter string of every listing query (spec 001 §7, spec 000 §5):
// the site's search.filters, the car types the site sells, and price > 0 for
// the price-ascending sort where the site asks for it.
import type { ConfiguredSite } from '../siteConfig';
import type { CarType } from '../types';

const ALL_TYPES: CarType[] = ['new', 'used', 'demo'];

function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** facetFilter is one quoted facet condition for a filter string: make:"Land Rover". */
export function facetFilter(attribute: string, value: string): string {
  return `${attribute}:${quote(value)}`;
}

/** andFilters joins filter strings with AND, leaving out empty ones. */
export function andFilters(...parts: string[]): string {
  return parts.filter(Boolean).join(' AND ');
}

/**
 * baseFilters is the filter string every listing query carries. The age rule
 * (stock.max_age_years, spec 000 §9) is computed from today's date when the
 * query is made, never stored: a car leaves the listing on the new year
 * without a feed.
 */
export function baseFilters(site: ConfiguredSite, priceAscending: boolean, now: Date = new Date()): string {
  const parts: string[] = [];
  const own = site.search.filters?.trim();
  if (own) parts.push(`(${own})`);
  const types = site.stock.car_types;
  if (!ALL_TYPES.every((t) => types.includes(t))) {
    parts.push(`(${types.map((t) => `car_type:${quote(t)}`).join(' OR ')})`);
  }
  const maker = site.manufacturer?.name;
  if (site.search.manufacturer_filter && maker) parts.push(facetFilter('make', maker));
  const maxAge = site.stock.max_age_years ?? 0;
  if (maxAge > 0) parts.push(`year >= ${now.getFullYear() - maxAge}`);
  if (priceAscending && site.search.price_asc_excludes_zero) parts.push('price > 0');
  return parts.join(' AND ');
}
