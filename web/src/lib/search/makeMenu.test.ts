import { describe, expect, it } from 'vitest';
import { facetCounts, MAKE_SPLIT_INDEX, makeMenu } from './makeMenu';

const makes = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Make ${String(i).padStart(2, '0')}`, count: i + 1 }));

describe('make dropdown (spec 000 §9: popular split from all at index 20)', () => {
  it('lists the site’s popular makes with stock first, in the site’s order, then every make A to Z', () => {
    const menu = makeMenu(
      [
        { name: 'Toyota', count: 451 },
        { name: 'Mazda', count: 18 },
        { name: 'audi', count: 4 },
        { name: 'Kia', count: 17 },
      ],
      ['Toyota', 'Lexus', 'Kia', 'Mazda'],
    );
    expect(menu.popular.map((m) => m.name)).toEqual(['Toyota', 'Kia', 'Mazda']);
    expect(menu.all.map((m) => m.name)).toEqual(['audi', 'Kia', 'Mazda', 'Toyota']);
  });

  it('without popular makes, the 20 makes with the most stock are the popular group', () => {
    const menu = makeMenu(makes(30));
    expect(MAKE_SPLIT_INDEX).toBe(20);
    expect(menu.popular).toHaveLength(20);
    expect(menu.popular[0]).toEqual({ name: 'Make 29', count: 30 });
    expect(menu.popular[19]).toEqual({ name: 'Make 10', count: 11 });
    expect(menu.all).toHaveLength(30);
  });

  it('never puts more than 20 makes above the split', () => {
    const many = makes(25);
    expect(
      makeMenu(
        many,
        many.map((m) => m.name),
      ).popular,
    ).toHaveLength(20);
  });

  it('drops empty values and zero counts from facet data', () => {
    expect(facetCounts({ Toyota: 3, '': 2, Kia: 0 })).toEqual([{ name: 'Toyota', count: 3 }]);
    expect(facetCounts(undefined)).toEqual([]);
  });
});
