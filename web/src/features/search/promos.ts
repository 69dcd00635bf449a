// Promotional tiles among results (spec 000 §3 "Promo node", spec 001 §3, §9):
// a tile shows between its start and expiry, for the car groups in its display
// list, at its own position or the site's promo positions (default 8 and 17).
import type { CarType, PromoTile } from '../../lib/types';

export const DEFAULT_PROMO_POSITIONS = [8, 17];

export type GridItem<T> = { kind: 'car'; hit: T } | { kind: 'promo'; tile: PromoTile };

/** parseDay reads an ISO date or date-time; a bare date means midnight UTC. */
function parseDay(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : t;
}

/** isActive: start is inclusive, expiry exclusive; a missing end is open. */
export function isActive(tile: PromoTile, now: Date): boolean {
  const start = parseDay(tile.start);
  const expiry = parseDay(tile.expiry);
  const t = now.getTime();
  if (tile.start && start === undefined) return false;
  if (tile.expiry && expiry === undefined) return false;
  return (start === undefined || t >= start) && (expiry === undefined || t < expiry);
}

/**
 * showsFor decides display against the car groups the listing shows (the
 * car_type refinement, or every type the site sells). Without strictDisplay a
 * tile shows when any listed group is on screen; with it, only when every
 * group on screen is listed.
 */
export function showsFor(tile: PromoTile, groups: CarType[]): boolean {
  const display = tile.display ?? [];
  if (display.length === 0) return true;
  if (tile.strictDisplay) return groups.length > 0 && groups.every((g) => display.includes(g));
  return groups.some((g) => display.includes(g));
}

/**
 * insertPromos places the eligible tiles at 1-based grid positions. Tiles
 * without a position take the configured positions in order; a position past
 * the end of the page (beyond one slot after the last car) is skipped.
 */
export function insertPromos<T>(
  hits: T[],
  tiles: PromoTile[],
  opts: { positions?: number[]; groups: CarType[]; now: Date },
): GridItem<T>[] {
  const items: GridItem<T>[] = hits.map((hit) => ({ kind: 'car', hit }));
  if (hits.length === 0) return items;
  const positions = opts.positions && opts.positions.length > 0 ? opts.positions : DEFAULT_PROMO_POSITIONS;
  const eligible = tiles.filter((t) => isActive(t, opts.now) && showsFor(t, opts.groups));
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
