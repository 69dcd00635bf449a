import { useRefinementList } from 'react-instantsearch';
import './BodyTiles.css';

/** BODY_TILE_LIMIT: body-type tiles shown by default (spec 001 §9). */
export const BODY_TILE_LIMIT = 4;

/** BodyTiles are quick toggles of the most common body types (spec 001 §4: a tile toggles simple_body). */
export function BodyTiles() {
  const { items, refine, canRefine } = useRefinementList({
    attribute: 'simple_body',
    limit: BODY_TILE_LIMIT,
    sortBy: ['count:desc', 'name:asc'],
  });
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
