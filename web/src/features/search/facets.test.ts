import { describe, expect, it } from 'vitest';
import type { SearchConfig } from '../../lib/types';
import { fixture, type Fixture } from '../../test/fixtures';
import { DEFAULT_FACETS, enabledFacets } from './facets';

const search = (s: Fixture<SearchConfig>) => fixture<SearchConfig>(s);
const names = (s: Fixture<SearchConfig> | undefined) => enabledFacets(s && search(s)).map((f) => f.name);

describe('enabled facets (spec 000 §2, §9; spec 001 §4)', () => {
  it('defaults to the Go default list', () => {
    expect(names(undefined)).toEqual(DEFAULT_FACETS);
  });

  it('keeps the site order and drops unknown names', () => {
    expect(names({ facets: ['price', 'make', 'nope'] })).toEqual(['price', 'make']);
  });

  it('maps body to simple_body', () => {
    expect(enabledFacets(search({ facets: ['body'] }))[0].attribute).toBe('simple_body');
  });

  it('needs the badge switch on and drops location when its switch is off', () => {
    expect(names({ facets: ['badge', 'location_name'] })).toEqual(['location_name']);
    expect(names({ facets: ['badge', 'location_name'], badge_filter: true, location_filter: false })).toEqual(['badge']);
  });

  it('collapses makes to 7, the configured count, or the number of popular makes', () => {
    expect(enabledFacets(search({ facets: ['make'] }))[0].limit).toBe(7);
    expect(enabledFacets(search({ facets: ['make'], makes_collapsed: 5 }))[0].limit).toBe(5);
    expect(
      enabledFacets(search({ facets: ['make'], popular_makes: ['Toyota', 'Lexus', 'Mazda'], makes_collapsed_to_popular: true }))[0].limit,
    ).toBe(3);
  });

  it('never lists the dealer-scoped dealership facet, which only links refine (spec 000 §2)', () => {
    expect(names({ facets: ['dealership', 'make'] })).toEqual(['make']);
  });
});
