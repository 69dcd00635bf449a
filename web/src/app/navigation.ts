import { carTypePath, STOCK_PATH } from '../lib/listingUrl';
import type { ConfiguredSite } from '../lib/siteConfig';
import type { CarType, NavItem } from '../lib/types';

const TYPE_LABELS: Record<CarType, string> = { new: 'New Cars', used: 'Used Cars', demo: 'Demo Cars' };

/**
 * navigationOf: the site's menu, or Our Stock plus one link per car type it sells.
 * Twin of Go shared.HeaderMenu, which the server's painted header uses
 * (vector header_menu.json).
 */
export function navigationOf(site: ConfiguredSite): NavItem[] {
  if (site.navigation && site.navigation.length > 0) return site.navigation;
  const types = site.stock.car_types;
  const links: NavItem[] = [{ label: 'Our Stock', path: STOCK_PATH }];
  if (types.length > 1) for (const t of types) links.push({ label: TYPE_LABELS[t], path: carTypePath(t) });
  return links;
}
