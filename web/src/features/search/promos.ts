// Promotional tiles among results (spec 000 §3 "Promo node", spec 001 §3, §9):
// a tile shows between its start and expiry, for the car groups in its display
// list, at its own position or the site's promo positions (default 8 and 17).
import type { CarType, PromoTile } from '../../lib/types';

export const DEFAULT_PROMO_POSITIONS = [8, 17];

export type GridItem<T> = { kind: 'car'; hit: T } | { kind: 'promo'; tile: PromoTile };

/**
 * isActive: on or after the start date and before the expiry date, compared
 * as UTC calendar days; an empty end is open (shared/display.go PromoActive).
 */
export function isActive(tile: PromoTile, now: Date): boolean {
  const day = now.toISOString().slice(0, 10);
  if (tile.start && day < tile.start) return false;
  if (tile.expiry && day >= tile.expiry) return false;
  return true;
}

/**
 * showsFor decides display against the listing's car_type refinement
 * (shared/display.go PromoShows): a tile without display shows everywhere;
 * with no refinement it shows unless strictDisplay; with one, it shows when
 * any refined type is listed (every refined type when strictDisplay).
 */
export function showsFor(tile: PromoTile, refined: CarType[]): boolean {
  const display = tile.display ?? [];
  if (display.length === 0) return true;
  if (refined.length === 0) return !tile.strictDisplay;
  return tile.strictDisplay ? refined.every((t) => display.includes(t)) : refined.some((t) => display.includes(t));
}

/**
 * insertPromos places the eligible tiles at 1-based grid positions. Tiles
 * without a position take the configured positions in order; a position past
 * the end of the page (beyond one slot after the last car) is skipped.
 */
export function insertPromos<T>(
  hits: T[],
  tiles: PromoTile[],
  opts: { positions?: number[]; refined: CarType[]; now: Date },
): GridItem<T>[] {
  const items: GridItem<T>[] = hits.map((hit) => ({ kind: 'car', hit }));
  if (hits.length === 0) return items;
  const positions = opts.positions && opts.positions.length > 0 ? opts.positions : DEFAULT_PROMO_POSITIONS;
  const eligible = tiles.filter((t) => isActive(t, opts.now) && showsFor(t, opts.refined));
  let next = 0;
  const placed: Array<{ position: number; tile: PromoTile }> = [];
  for (const tile of eligible) {
    const position = tile.position && tile.position > 0 ? tile.position : positions[next++];
    if (position === undefined) continue;
    placed.push({ position, tile });
  }
  placed.sort((a, b) => a.position - b.position);
  for (const { position, tile } of placed) {
    if (position - 1 > items.length) continue;
    items.splice(position - 1, 0, { kind: 'promo', tile });
  }
  return items;
}
