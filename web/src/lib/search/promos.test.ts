import { describe, expect, it } from 'vitest';
import type { PromoTile } from '../types';
import { fixture, siteResponse } from '../../test/fixtures';
import { insertPromos, isActive, showsFor, shuffled } from './promos';

/** The positions a site without its own sends from /api/site (shared.ApplyDefaults: 8 and 17). */
const positions = siteResponse().site.search.promo_positions;

const hits = Array.from({ length: 21 }, (_, i) => i + 1);
const tile = (id: string, extra: Partial<PromoTile> = {}): PromoTile => fixture<PromoTile>({ id, title: id, ...extra });
const now = new Date('2025-07-15T00:00:00Z');
const positionsOf = (items: ReturnType<typeof insertPromos<number>>) =>
  items.flatMap((it, i) => (it.kind === 'promo' ? [[it.tile.id, i + 1]] : []));

describe('promotional tiles (spec 001 §3, §9)', () => {
  it('inserts at the site’s positions, 8 and 17 unless it sets its own', () => {
    const items = insertPromos(hits, [tile('a'), tile('b')], { positions, refined: [], now });
    expect(positionsOf(items)).toEqual([['a', 8], ['b', 17]]);
    expect(items).toHaveLength(23);
  });

  it('uses the site positions and a tile’s own position', () => {
    const items = insertPromos(hits, [tile('a'), tile('b', { position: 3 })], { positions: [9], refined: [], now });
    expect(positionsOf(items)).toEqual([['b', 3], ['a', 9]]);
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
    expect(positionsOf(items)).toEqual([['own', 3], ['b', 8]]);
    // Another draw puts another tile at position 8.
    const other = insertPromos(hits, tiles, { positions, refined: [], now, random: () => 0.99 });
    expect(positionsOf(other)).toEqual([['own', 3], ['a', 8]]);
  });

  it('shuffles a copy, keeping every tile', () => {
    const list = ['a', 'b', 'c', 'd'];
    const out = shuffled(list, () => 0.5);
    expect([...out].sort()).toEqual(list);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });
});
