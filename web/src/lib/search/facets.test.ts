import { describe, expect, it } from 'vitest';
import { DEFAULT_FACETS, enabledFacets } from './facets';

const names = (search: Parameters<typeof enabledFacets>[0]) => enabledFacets(search).map((f) => f.name);

describe('enabled facets (spec 000 §2, §9; spec 001 §4)', () => {
  it('defaults to the Go default list', () => {
    expect(names(undefined)).toEqual(DEFAULT_FACETS);
  });

  it('keeps the site order and drops unknown names', () => {
    expect(names({ facets: ['price', 'make', 'nope'] })).toEqual(['price', 'make']);
  });

  it('maps body to simple_body', () => {
    expect(enabledFacets({ facets: ['body'] })[0].attribute).toBe('simple_body');
  });

  it('needs the badge switch on and drops location when its switch is off', () => {
    expect(names({ facets: ['badge', 'location_name'] })).toEqual(['location_name']);
    expect(names({ facets: ['badge', 'location_name'], badge_filter: true, location_filter: false })).toEqual(['badge']);
  });

  it('collapses makes to 7, the configured count, or the number of popular makes', () => {
    expect(enabledFacets({ facets: ['make'] })[0].limit).toBe(7);
    expect(enabledFacets({ facets: ['make'], makes_collapsed: 5 })[0].limit).toBe(5);
    expect(
      enabledFacets({ facets: ['make'], popular_makes: ['Toyota', 'Lexus', 'Mazda'], makes_collapsed_to_popular: true })[0].limit,
    ).toBe(3);
  });

  it('never lists the dealer-scoped dealership facet, which only links refine (spec 000 §2)', () => {
    expect(names({ facets: ['dealership', 'make'] })).toEqual(['make']);
  });
});
