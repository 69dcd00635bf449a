import { useEffect, useRef } from 'react';
import { useInstantSearch } from 'react-instantsearch';
import { useSite } from '../../../lib/siteContext';
import { enabledFacets } from '../../../lib/search/facets';
import { formatNumber } from '../../../lib/format';
import { ClearFilters } from '../../../components/search/CurrentFilters';
import { RangeFacet } from '../../../components/search/RangeFacet';
import { RefinementFacet } from '../../../components/search/RefinementFacet';

/**
 * FiltersPanel holds every enabled facet once. On wide screens it is a
 * sidebar; on phones (drawer) it is a modal dialog opened from the toolbar,
 * inert while closed so the keyboard never reaches hidden controls.
 */
export function FiltersPanel({ drawer, open, onClose }: { drawer: boolean; open: boolean; onClose: () => void }) {
  const { site } = useSite();
  const facets = enabledFacets(site.search);
  const remember = Boolean(site.search.remember_collapsed);
  const panel = useRef<HTMLElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!drawer || !open) return;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('no-scroll');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('no-scroll');
    };
  }, [drawer, open, onClose]);

  const modal = drawer && open;
  return (
    <>
      {modal ? <div className="drawer-backdrop" onClick={onClose} aria-hidden="true" /> : null}
      <aside
        ref={panel}
        id="search-filters"
        className={`filters${drawer ? ' filters--drawer' : ''}${modal ? ' filters--open' : ''}`}
        aria-label="Filters"
        role={drawer ? 'dialog' : undefined}
        aria-modal={modal ? true : undefined}
        inert={drawer && !open ? true : undefined}
      >
        <div className="filters__head">
          <h2>Filters</h2>
          <ClearFilters />
          {drawer ? (
            <button ref={closeButton} type="button" className="icon-button" aria-label="Close filters" onClick={onClose}>
              ×
            </button>
          ) : null}
        </div>
        <div className="filters__body">
          {facets.map((facet) =>
            facet.kind === 'range' ? (
              <RangeFacet key={facet.name} facet={facet} remember={remember} />
            ) : (
              <RefinementFacet
                key={facet.name}
                facet={facet}
                remember={remember}
                popular={facet.name === 'make' && site.search.makes_collapsed_to_popular ? site.search.popular_makes : undefined}
              />
            ),
          )}
        </div>
        {drawer ? (
          <div className="filters__foot">
            <ShowCarsButton onClick={onClose} />
          </div>
        ) : null}
      </aside>
    </>
  );
}

/** ShowCarsButton closes the drawer, naming how many cars the filters leave. */
function ShowCarsButton({ onClick }: { onClick: () => void }) {
  const count = useInstantSearch().results?.nbHits ?? 0;
  return (
    <button type="button" className="button button--block" onClick={onClick}>
      Show {formatNumber(count)} {count === 1 ? 'car' : 'cars'}
    </button>
  );
}
