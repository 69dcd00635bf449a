import { useRefinementList } from 'react-instantsearch';
import { useSite } from '../../lib/siteContext';
import { byCount } from '../../lib/compareNames';
import './BodyTiles.css';

/** BODY_TILE_LIMIT: body-type tiles shown by default (spec 001 §9). */
export const BODY_TILE_LIMIT = 4;
/** CUSTOM_BODY_TILE_LIMIT: body-type tiles shown when the site lists its own (search.custom_bodies, spec 001 §9). */
export const CUSTOM_BODY_TILE_LIMIT = 20;

/**
 * bodyTiles picks the body tiles from facet counts: the site's custom bodies
 * in its order (up to 20) when it lists any, else the most common 4.
 */
export function bodyTiles<T extends { name: string; count: number }>(counts: T[], custom: string[] | undefined): T[] {
  if (custom && custom.length > 0) {
    const by = new Map(counts.map((c) => [c.name.toLowerCase(), c]));
    return custom
      .map((b) => by.get(b.toLowerCase()))
      .filter((c): c is T => !!c)
      .slice(0, CUSTOM_BODY_TILE_LIMIT);
  }
  return [...counts].sort(byCount).slice(0, BODY_TILE_LIMIT);
}

/** BodyTiles are quick toggles of the most common body types (spec 001 §4: a tile toggles simple_body). */
export function BodyTiles() {
  const { site } = useSite();
  const custom = site.search.custom_bodies;
  const {
    items: all,
    refine,
    canRefine,
  } = useRefinementList({
    attribute: 'simple_body',
    limit: custom?.length ? 100 : BODY_TILE_LIMIT,
    sortBy: ['count:desc', 'name:asc'],
  });
  const items = bodyTiles(
    all.map((i) => ({ ...i, name: i.value })),
    custom,
  );
  if (!canRefine || items.length < 2) return null;
  return (
    <div className="body-tiles" role="group" aria-label="Body type">
      {items.map((item) => (
        <button key={item.value} type="button" className="body-tile" aria-pressed={item.isRefined} onClick={() => refine(item.value)}>
          {item.label}
        </button>
      ))}
    </div>
  );
}
