import { describe, expect, it } from 'vitest';
import { bucketOrder, popularFirst } from './buckets';

describe('facet value order', () => {
  it('orders price buckets by their lower bound (docs/contracts.md labels)', () => {
    const labels = ['$100,000+', '$10,000 - $20,000', 'Under $10,000', '$50,000 - $75,000', '$20,000 - $30,000'];
    expect(
      labels
        .map((name) => ({ name }))
        .sort(bucketOrder)
        .map((v) => v.name),
    ).toEqual(['Under $10,000', '$10,000 - $20,000', '$20,000 - $30,000', '$50,000 - $75,000', '$100,000+']);
    expect(
      ['$300+', 'Under $100', '$150 - $200']
        .map((name) => ({ name }))
        .sort(bucketOrder)
        .map((v) => v.name),
    ).toEqual(['Under $100', '$150 - $200', '$300+']);
  });

  it('puts popular makes first in the site order, then by count (spec 000 §9)', () => {
    const v = (name: string, count: number) => ({ name, count, isRefined: false });
    const values = [v('Ford', 90), v('Kia', 5), v('Toyota', 40), v('Audi', 90), v('Lexus', 1)];
    expect(values.sort(popularFirst(['Toyota', 'Lexus', 'Kia'])).map((x) => x.name)).toEqual(['Toyota', 'Lexus', 'Kia', 'Audi', 'Ford']);
  });
});
