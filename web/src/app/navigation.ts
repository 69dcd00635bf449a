import { carTypePath, STOCK_PATH } from '../lib/listingUrl';
import type { CarType, NavItem, Site } from '../lib/types';

const TYPE_LABELS: Record<CarType, string> = { new: 'New Cars', used: 'Used Cars', demo: 'Demo Cars' };

/** carTypesOf: the car types the site sells (default new, used, demo). */
export function carTypesOf(site: Site): CarType[] {
  const types = site.stock?.car_types ?? [];
  return types.length > 0 ? types : ['new', 'used', 'demo'];
}

/** navigationOf: the site's menu, or Our Stock plus one link per car type it sells. */
export function navigationOf(site: Site): NavItem[] {
  if (site.navigation && site.navigation.length > 0) return site.navigation;
  const types = carTypesOf(site);
  const links: NavItem[] = [{ label: 'Our Stock', path: STOCK_PATH }];
  if (types.length > 1) for (const t of types) links.push({ label: TYPE_LABELS[t], path: carTypePath(t) });
  return links;
}
