import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSite } from '../../../lib/siteContext';
import type { NavItem } from '../../../lib/types';
import type { FacetClient } from '../../../lib/search/useFacetCounts';
import { Dropdown } from './Dropdown';
import { LocationsMenu } from './LocationsMenu';
import { MenuLink } from './MenuLink';
import { ModelsMenu } from './ModelsMenu';
import '../shell.css';

/** IMAGE_NOT_FOUND replaces a logo that fails to load (spec 001 §8 "Missing brand logo"). */
// The saved-cars link (issue 32 item 6, issue 33) decides in its own chunk
// whether to show: the listing's initial JavaScript is at its budget.
const SavedCarsLink = lazy(() => import('./SavedCarsLink'));

export const IMAGE_NOT_FOUND =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 220 40'%3E%3Crect width='220' height='40' rx='4' fill='%23e5e7eb'/%3E%3Ctext x='110' y='25' font-family='sans-serif' font-size='13' text-anchor='middle' fill='%234b5563'%3EImage not found%3C/text%3E%3C/svg%3E";

/**
 * Header is the site header of spec 001 §2: the dealer's logo, the menu of
 * its typed navigation (dropdowns for entries with children or models) and
 * the Locations control, and from 900 px the first location's number to
 * call where phone links are on, and the saved cars (SavedCarsLink: a
 * signed-in shopper's watchlist, or this device's favourites). Below 900 px the menu is a drawer behind a Menu
 * button; Escape or a navigation closes it.
 */
export function Header({ menu, searchClient }: { menu: NavItem[]; searchClient?: FacetClient }) {
  const config = useSite();
  const { site } = config;
  const hover = site.header?.hover_menus ?? false;
  // The first location (sales first) is the number a shopper calls (issue 32 item 13).
  const main = config.header_locations?.[0];
  const [drawer, setDrawer] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setDrawer(false), [pathname]);
  useEffect(() => {
    if (!drawer) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setDrawer(false);
        document.getElementById('site-nav-toggle')?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawer]);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className={site.logo?.url ? 'brand brand--logo' : 'brand'} aria-label={`${site.name} home`}>
          {site.logo?.url ? (
            <img
              className="brand__logo"
              src={site.logo.url}
              alt=""
              height={40}
              onError={(e) => {
                if (e.currentTarget.src !== IMAGE_NOT_FOUND) e.currentTarget.src = IMAGE_NOT_FOUND;
              }}
            />
          ) : null}
          <span className="brand__name">{site.name}</span>
        </Link>
        <button id="site-nav-toggle" type="button" className="nav-toggle" aria-expanded={drawer} aria-controls="site-nav" onClick={() => setDrawer((o) => !o)}>
          {drawer ? 'Close menu' : 'Menu'}
        </button>
        <nav id="site-nav" aria-label="Main" className={drawer ? 'site-nav site-nav--open' : 'site-nav'}>
          <ul>
            {menu.map((item) =>
              item.stock || (item.models && site.manufacturer) ? (
                <ModelsMenu key={item.label} item={item} config={config} hover={hover} client={searchClient} />
              ) : item.children && item.children.length > 0 ? (
                <Dropdown key={item.label} label={item.label} hover={hover}>
                  {item.children.map((c) => (
                    <li key={c.path + c.label}>
                      <MenuLink path={c.path}>{c.label}</MenuLink>
                    </li>
                  ))}
                </Dropdown>
              ) : (
                <li key={item.path + item.label}>
                  <MenuLink path={item.path} nav>
                    {item.label}
                  </MenuLink>
                </li>
              ),
            )}
            <LocationsMenu link={site.header?.locations_link ?? false} locations={config.header_locations ?? []} hover={hover} />
          </ul>
        </nav>
        {main?.href.startsWith('tel:') ? (
          <a className="site-header__phone" href={main.href} aria-label={`Call ${main.name}: ${main.phone}`}>
            {main.phone}
          </a>
        ) : null}
        {site.features.garage || site.features.favourites ? (
          <Suspense fallback={null}>
            <SavedCarsLink />
          </Suspense>
        ) : null}
      </div>
    </header>
  );
}
