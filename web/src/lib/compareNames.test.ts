import { describe, expect, it } from 'vitest';
import { compareNames } from './compareNames';

// The A-Z order of makes, models, body types and locations in the menus,
// facets and tiles (spec 000 §9, spec 001 §3).
describe('compareNames', () => {
  it.each([
    ['case does not move a name', ['bmw', 'Audi', 'Citroen'], ['Audi', 'bmw', 'Citroen']],
    ['an accented letter sorts with its letter', ['Subaru', 'Škoda', 'Seat', 'Tesla'], ['Seat', 'Škoda', 'Subaru', 'Tesla']],
    ['digits come before letters', ['X5', '86', 'Corolla'], ['86', 'Corolla', 'X5']],
    ['a shorter name comes before a longer one it starts', ['Land Rover', 'Land', 'Lancia'], ['Lancia', 'Land', 'Land Rover']],
    ['names that read the same keep one order', ['MG', 'mg', 'Mg'], ['MG', 'Mg', 'mg']],
  ])('%s', (_, input, want) => {
    expect([...input].sort(compareNames)).toEqual(want);
    expect([...input].reverse().sort(compareNames)).toEqual(want);
  });

  it('agrees with the English collator on the built-in makes', async () => {
    const { default: makes } = await import('../../../shared/manufacturers.json');
    const names = (makes as { name: string }[]).map((m) => m.name);
    const collator = new Intl.Collator('en', { sensitivity: 'base' });
    expect([...names].sort(compareNames)).toEqual([...names].sort(collator.compare));
  });
});
