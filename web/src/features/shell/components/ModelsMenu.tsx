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
 * listing, then the entry's configured links.
 */
export function ModelsMenu({
  item,
  config,
  hover,
  client,
}: {
  item: NavItem;
  config: ConfiguredSiteResponse;
  hover: boolean;
  client?: FacetClient;
}) {
  const { site, search } = config;
  const [wanted, setWanted] = useState(false);
  const make = site.manufacturer?.name ?? '';
  const facetClient = useFacetClient(search, client);
  const filters = andFilters(baseFilters(site, false), facetFilter('make', make));
  const state = useFacetCounts(facetClient, search.index, ['model'], filters, !wanted || !make);
  const models = state.status === 'ready' ? Object.keys(state.facets.model ?? {}).sort(compareNames) : [];
  return (
    <Dropdown label={item.label} hover={hover} onOpen={() => setWanted(true)}>
      {state.status === 'loading' && wanted ? (
        <li className="nav-group__note" role="status">
          Loading models…
        </li>
      ) : null}
      {state.status === 'error' ? <li className="nav-group__note">Models are unavailable just now.</li> : null}
      {models.map((m) => (
        <li key={m}>
          <MenuLink path={routeToURL({ lists: { make: [make], model: [m] } })}>
            {make} {m}
          </MenuLink>
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
