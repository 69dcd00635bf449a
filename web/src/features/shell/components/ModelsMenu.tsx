import { useState } from 'react';
import { routeToURL } from '../../../lib/listingUrl';
import { andFilters, baseFilters, facetFilter } from '../../../lib/search/filters';
import { useFacetClient, useFacetCounts, type FacetClient } from '../../../lib/search/useFacetCounts';
import type { ConfiguredSiteResponse } from '../../../lib/siteConfig';
import type { NavItem } from '../../../lib/types';
import { Dropdown } from './Dropdown';
import { MenuLink } from './MenuLink';
import { compareNames } from '../../../lib/compareNames';

/**
 * ModelsMenu is the Vehicles dropdown of a manufacturer's site (spec 001 §2):
 * the manufacturer's models in the site's stock, from the index's model
 * facet (asked once, when the menu first opens), each linking to its
 * listing, then the entry's configured links. An entry marked stock is Our
 * Stock's "dynamic dropdown of stock" instead (spec 001 §2 /cars/; issue
 * 33): the makes in stock (the make facet), then its links (All stock), as
 * Go paints it closed (functions/seo menuPaint).
 */
export function ModelsMenu({ item, config, hover, client }: { item: NavItem; config: ConfiguredSiteResponse; hover: boolean; client?: FacetClient }) {
  const { site, search } = config;
  const [wanted, setWanted] = useState(false);
  // Our Stock's dropdown (item.stock) lists the makes in stock; Vehicles the manufacturer's models.
  const stock = item.stock;
  const make = stock ? '' : (site.manufacturer?.name ?? '');
  const facet = stock ? 'make' : 'model';
  const facetClient = useFacetClient(search, client);
  const filters = andFilters(baseFilters(site, false), make && facetFilter('make', make));
  const state = useFacetCounts(facetClient, search.index, [facet], filters, !wanted || !(stock || make));
  const names = state.status === 'ready' ? Object.keys(state.facets[facet] ?? {}).sort(compareNames) : [];
  return (
    <Dropdown label={item.label} hover={hover} onOpen={() => setWanted(true)}>
      {state.status === 'loading' && wanted ? (
        <li className="nav-group__note" role="status">
          Loading {facet}s…
        </li>
      ) : null}
      {state.status === 'error' ? <li className="nav-group__note">The {facet}s are unavailable just now.</li> : null}
      {names.map((m) => (
        <li key={m}>
          <MenuLink path={routeToURL({ lists: stock ? { make: [m] } : { make: [make], model: [m] } })}>{stock ? m : `${make} ${m}`}</MenuLink>
        </li>
      ))}
      {(item.children ?? []).map((c) => (
        <li key={c.path + c.label}>
          <MenuLink path={c.path}>{c.label}</MenuLink>
        </li>
      ))}
    </Dropdown>
  );
}
