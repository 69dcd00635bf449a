import type { CarType, NavItem, Site } from '../lib/types';

const TYPE_LINKS: Record<CarType, NavItem> = {
  new: { label: 'New Cars', path: '/search/new-cars' },
  used: { label: 'Used Cars', path: '/search/used-cars' },
  demo: { label: 'Demo Cars', path: '/search/demo-cars' },
};

/** carTypesOf: the car types the site sells (default new, used, demo). */
export function carTypesOf(site: Site): CarType[] {
  const types = site.stock?.car_types ?? [];
  return types.length > 0 ? types : ['new', 'used', 'demo'];
}

/** navigationOf: the site's menu, or Our Stock plus one link per car type it sells. */
export function navigationOf(site: Site): NavItem[] {
  if (site.navigation && site.navigation.length > 0) return site.navigation;
  const types = carTypesOf(site);
  const links: NavItem[] = [{ label: 'Our Stock', path: '/cars/' }];
  if (types.length > 1) for (const t of types) links.push(TYPE_LINKS[t]);
  return links;
}
