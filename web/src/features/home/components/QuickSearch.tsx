import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatPrice } from '../../../lib/format';
import { useSite } from '../../../lib/siteContext';
import { andFilters, baseFilters, facetFilter } from '../../../lib/search/filters';
import { useFacetCounts, type FacetClient, type FacetData } from '../../../lib/search/useFacetCounts';
import { facetCounts, makeMenu } from '../../../lib/search/makeMenu';
import { routeToURL } from '../../../lib/listingUrl';
import { byName } from '../../../lib/compareNames';
import './QuickSearch.css';

const MAX_PRICES = [10000, 20000, 30000, 40000, 50000, 75000, 100000];

/**
 * quickSearchPath is the listing a quick search opens: make and model in the
 * path, the price ceiling as the price range.
 */
export function quickSearchPath(make: string, model: string, maxPrice: string): string {
  const lists: Record<string, string[]> = {};
  if (make) lists.make = [make];
  if (make && model) lists.model = [model];
  return routeToURL({ lists, ranges: maxPrice ? { price: `:${maxPrice}` } : undefined });
}

/**
 * QuickSearch is the hero search: a make dropdown with the popular makes
 * above all makes (spec 000 §9, split at index 20), the models of the chosen
 * make, and a price ceiling; it opens the listing refined to them.
 */
export function QuickSearch({ client, facets }: { client: FacetClient; facets: FacetData | undefined }) {
  const { site, search } = useSite();
  const id = useId();
  const navigate = useNavigate();
  const [make, setMake] = useState('');
  const [model, setModel] = useState('');
  const [maxPrice, setMaxPrice] = useState('');
  const menu = makeMenu(facetCounts(facets?.make), site.search.popular_makes);
  const modelFilter = andFilters(baseFilters(site, false), make ? facetFilter('make', make) : '');
  const models = useFacetCounts(client, search.index, ['model'], modelFilter, !make);
  // Only the chosen make's models, never the previous make's while the next load.
  const modelList = make && models.status === 'ready' && models.filters === modelFilter ? facetCounts(models.facets.model).sort(byName) : [];

  return (
    <form
      className="quick-search"
      aria-label="Quick search"
      onSubmit={(e) => {
        e.preventDefault();
        navigate(quickSearchPath(make, model, maxPrice));
      }}
    >
      <div className="quick-search__field">
        <label htmlFor={`${id}-make`}>Make</label>
        <select
          id={`${id}-make`}
          value={make}
          onChange={(e) => {
            setMake(e.target.value);
            setModel('');
          }}
        >
          <option value="">Any make</option>
          {menu.popular.length > 0 ? (
            <optgroup label="Popular makes">
              {menu.popular.map((m) => (
                <option key={`p-${m.name}`} value={m.name}>
                  {m.name} ({m.count})
                </option>
              ))}
            </optgroup>
          ) : null}
          <optgroup label="All makes">
            {menu.all.map((m) => (
              <option key={`a-${m.name}`} value={m.name}>
                {m.name} ({m.count})
              </option>
            ))}
          </optgroup>
        </select>
      </div>
      <div className="quick-search__field">
        <label htmlFor={`${id}-model`}>Model</label>
        <select id={`${id}-model`} value={model} disabled={!make} onChange={(e) => setModel(e.target.value)}>
          <option value="">{make ? 'Any model' : 'Choose a make first'}</option>
          {modelList.map((m) => (
            <option key={m.name} value={m.name}>
              {m.name} ({m.count})
            </option>
          ))}
        </select>
      </div>
      <div className="quick-search__field">
        <label htmlFor={`${id}-price`}>Max price</label>
        <select id={`${id}-price`} value={maxPrice} onChange={(e) => setMaxPrice(e.target.value)}>
          <option value="">Any price</option>
          {MAX_PRICES.map((p) => (
            <option key={p} value={String(p)}>
              {formatPrice(p)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button quick-search__submit">
        Search cars
      </button>
    </form>
  );
}
