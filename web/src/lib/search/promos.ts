// Promotional tiles among results (spec 000 §3 "Promo node", spec 001 §3, §9):
// a tile shows between its start and expiry, for the car groups in its display
// list, at its own position or the site's promo positions.
import type { CarType, PromoTile } from '../types';

export type GridItem<T> = { kind: 'car'; hit: T } | { kind: 'promo'; tile: PromoTile };

/**
 * isActive: on or after the start date and before the expiry date, compared
 * as UTC calendar days; an empty end is open (shared/promos.go PromoActive; vectors promo.json).
 */
export function isActive(tile: PromoTile, now: Date): boolean {
  const day = now.toISOString().slice(0, 10);
  if (tile.start && day < tile.start) return false;
  if (tile.expiry && day >= tile.expiry) return false;
  return true;
}

/**
 * showsFor decides display against the listing's car_type refinement
 * (shared/promos.go PromoShows; vectors promo.json): a tile without display shows everywhere;
 * with no refinement it shows unless strictDisplay; with one, it shows when
 * any refined type is listed (every refined type when strictDisplay).
 */
export function showsFor(tile: PromoTile, refined: CarType[]): boolean {
  const display = tile.display ?? [];
  if (display.length === 0) return true;
  if (refined.length === 0) return !tile.strictDisplay;
  return tile.strictDisplay ? refined.every((t) => display.includes(t)) : refined.some((t) => display.includes(t));
}

export interface PromoOptions {
  /** The site's promo positions (search.promo_positions, with its default from /api/site). */
  positions: number[];
  refined: CarType[];
  now: Date;
  /** 1-based result page; tiles show on page 1 only (absent means page 1). */
  page?: number;
  /**
   * With the site's promo_random_order, a source of numbers in [0, 1): the
   * tiles without a position of their own are shuffled and one of them takes
   * the first promo position (spec 001 §9 "at position 8 in random order").
   */
  random?: () => number;
}

/** shuffled is a Fisher-Yates shuffle of a copy of list. */
export function shuffled<T>(list: T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * insertPromos places the eligible tiles at 1-based grid positions on the
 * first page of results. Tiles without a position take the configured
 * positions in order; a position past the end of the page (beyond one slot
 * after the last car) is skipped.
 */
export function insertPromos<T>(hits: T[], tiles: PromoTile[], opts: PromoOptions): GridItem<T>[] {
  const items: GridItem<T>[] = hits.map((hit) => ({ kind: 'car', hit }));
  if (hits.length === 0 || (opts.page ?? 1) > 1) return items;
  const configured = opts.positions;
  let eligible = tiles.filter((t) => isActive(t, opts.now) && showsFor(t, opts.refined));
  let positions = configured;
  if (opts.random) {
    const own = eligible.filter((t) => t.position && t.position > 0);
    const rotating = shuffled(
      eligible.filter((t) => !(t.position && t.position > 0)),
      opts.random,
    );
    eligible = [...own, ...rotating];
    positions = configured.slice(0, 1);
  }
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

/**
 * ctaSlot is where the CTA card goes on a page of results (spec 001 §9 "CTA
 * item card position 30"): `position` counts every result across pages, so
 * at 21 per page it is page 2's 9th car slot. When the results end before
 * that position, the card follows the last car of the last page (a shopper
 * who reaches the end is the one it is for). Returns the 1-based car slot it
 * takes on this page (pageCars + 1 means after the last car), or undefined.
 */
export function ctaSlot(position: number, page: number, hitsPerPage: number, nbHits: number, pageCars: number): number | undefined {
  if (position <= 0 || hitsPerPage <= 0 || nbHits <= 0 || pageCars <= 0) return undefined;
  if (position <= nbHits) {
    const onPage = Math.floor((position - 1) / hitsPerPage) + 1;
    return onPage === page ? ((position - 1) % hitsPerPage) + 1 : undefined;
  }
  const lastPage = Math.ceil(nbHits / hitsPerPage);
  return page === lastPage ? pageCars + 1 : undefined;
}

/** insertCTA puts the CTA card before the slot-th car of a page's grid (after the last when slot is one past it). */
export function insertCTA<T>(items: GridItem<T>[], tile: PromoTile, slot: number): GridItem<T>[] {
  let cars = 0;
  const at = items.findIndex((item) => item.kind === 'car' && ++cars === slot);
  const out = [...items];
  out.splice(at === -1 ? out.length : at, 0, { kind: 'promo', tile });
  return out;
}

/** seededRandom is a small deterministic generator (mulberry32), so a page view keeps one promo order across renders. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
