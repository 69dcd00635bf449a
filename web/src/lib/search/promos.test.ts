import { describe, expect, it } from 'vitest';
import type { PromoTile } from '../types';
import { fixture, siteResponse } from '../../test/fixtures';
import { ctaSlot, insertCTA, insertPromos, isActive, showsFor, shuffled } from './promos';

/** The positions a site without its own sends from /api/site (shared.ApplyDefaults: 8 and 17). */
const positions = siteResponse().site.search.promo_positions;

const hits = Array.from({ length: 21 }, (_, i) => i + 1);
const tile = (id: string, extra: Partial<PromoTile> = {}): PromoTile => fixture<PromoTile>({ id, title: id, ...extra });
const now = new Date('2025-07-15T00:00:00Z');
const positionsOf = (items: ReturnType<typeof insertPromos<number>>) => items.flatMap((it, i) => (it.kind === 'promo' ? [[it.tile.id, i + 1]] : []));

describe('promotional tiles (spec 001 §3, §9)', () => {
  it('inserts at the site’s positions, 8 and 17 unless it sets its own', () => {
    const items = insertPromos(hits, [tile('a'), tile('b')], { positions, refined: [], now });
    expect(positionsOf(items)).toEqual([
      ['a', 8],
      ['b', 17],
    ]);
    expect(items).toHaveLength(23);
  });

  it('uses the site positions and a tile’s own position', () => {
    const items = insertPromos(hits, [tile('a'), tile('b', { position: 3 })], { positions: [9], refined: [], now });
    expect(positionsOf(items)).toEqual([
      ['b', 3],
      ['a', 9],
    ]);
  });

  it('skips positions beyond the page', () => {
    const items = insertPromos(hits.slice(0, 5), [tile('a'), tile('b')], { positions, refined: [], now });
    expect(positionsOf(items)).toEqual([]);
    expect(positionsOf(insertPromos(hits.slice(0, 7), [tile('a')], { positions, refined: [], now }))).toEqual([['a', 8]]);
    expect(insertPromos([], [tile('a')], { positions, refined: [], now })).toEqual([]);
  });

  it('honours start (inclusive) and expiry (exclusive)', () => {
    const july = tile('july', { start: '2025-07-01', expiry: '2025-08-01' });
    expect(isActive(july, new Date('2025-07-01T00:00:00Z'))).toBe(true);
    expect(isActive(july, new Date('2025-06-30T23:59:59Z'))).toBe(false);
    expect(isActive(july, new Date('2025-08-01T00:00:00Z'))).toBe(false);
  });

  it('honours display and strictDisplay against the car_type refinement', () => {
    const used = tile('u', { display: ['used'] });
    const strictUsed = tile('su', { display: ['used'], strictDisplay: true });
    expect(showsFor(used, [])).toBe(true);
    expect(showsFor(used, ['new', 'used'])).toBe(true);
    expect(showsFor(used, ['new'])).toBe(false);
    expect(showsFor(strictUsed, [])).toBe(false);
    expect(showsFor(strictUsed, ['new', 'used'])).toBe(false);
    expect(showsFor(strictUsed, ['used'])).toBe(true);
    expect(showsFor(tile('all'), ['demo'])).toBe(true);
  });

  it('inserts only the tiles that show for the refinement', () => {
    const items = insertPromos(hits, [tile('u', { display: ['used'] }), tile('n', { display: ['new'] })], { positions, refined: ['new'], now });
    expect(positionsOf(items)).toEqual([['n', 8]]);
  });
});

describe('promotional tiles by page and order (spec 001 §9)', () => {
  it('shows tiles on the first page only', () => {
    expect(positionsOf(insertPromos(hits, [tile('a')], { positions, refined: [], now, page: 1 }))).toEqual([['a', 8]]);
    const second = insertPromos(hits, [tile('a'), tile('b', { position: 3 })], { positions, refined: [], now, page: 2 });
    expect(positionsOf(second)).toEqual([]);
    expect(second).toHaveLength(21);
  });

  it('with random order, one shuffled tile takes the first position and the rest wait their turn', () => {
    const tiles = [tile('a'), tile('b'), tile('c'), tile('own', { position: 3 })];
    // random() = 0 moves each later tile to the front in turn: [a,b,c] -> [b,c,a].
    const items = insertPromos(hits, tiles, { positions, refined: [], now, random: () => 0 });
    expect(positionsOf(items)).toEqual([
      ['own', 3],
      ['b', 8],
    ]);
    // Another draw puts another tile at position 8.
    const other = insertPromos(hits, tiles, { positions, refined: [], now, random: () => 0.99 });
    expect(positionsOf(other)).toEqual([
      ['own', 3],
      ['a', 8],
    ]);
  });

  it('shuffles a copy, keeping every tile', () => {
    const list = ['a', 'b', 'c', 'd'];
    const out = shuffled(list, () => 0.5);
    expect([...out].sort()).toEqual(list);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('CTA card (spec 001 §9 "CTA item card position 30"; docs/spec-deviations.md)', () => {
  // [position, page, hitsPerPage, nbHits, carsOnPage, want]
  it.each([
    ['position 30 at 21 per page is page 2, 9th slot', 30, 2, 21, 100, 21, 9],
    ['not on page 1', 30, 1, 21, 100, 21, undefined],
    ['not on page 3', 30, 3, 21, 100, 21, undefined],
    ['at 12 per page: page 3, 6th slot', 30, 3, 12, 100, 12, 6],
    ['exactly 30 results: before the 30th car', 30, 2, 21, 30, 9, 9],
    ['fewer results: after the last car of the last page', 30, 2, 21, 25, 4, 5],
    ['fewer results, one page: after the last car', 30, 1, 21, 7, 7, 8],
    ['fewer results: not on an earlier page', 30, 1, 21, 25, 21, undefined],
    ['no results: nowhere', 30, 1, 21, 0, 0, undefined],
  ])('%s', (_name, position, page, perPage, nbHits, cars, want) => {
    expect(ctaSlot(position, page, perPage, nbHits, cars)).toBe(want);
  });

  it('goes before the slot-th car, counting cars not promo tiles, or after the last', () => {
    const grid = insertPromos(hits.slice(0, 10), [tile('a')], { positions: [3], refined: [], now });
    const cta = tile('cta');
    const at = (slot: number) => insertCTA(grid, cta, slot).findIndex((it) => it.kind === 'promo' && it.tile.id === 'cta') + 1;
    expect(at(2)).toBe(2);
    expect(at(5)).toBe(6); // tile a sits at 3, so car 5 is the 6th item
    expect(at(11)).toBe(12); // after the last of 10 cars and the tile
  });
});
