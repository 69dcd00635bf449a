import { describe, expect, it } from 'vitest';
import type { ConfiguredSearch } from '../siteConfig';
import { siteResponse } from '../../test/fixtures';
import { enabledFacets } from './facets';

/** A site's search config as /api/site sends it (defaults applied: makes_collapsed 7, location_filter on), with extra set. */
const search = (extra: Partial<ConfiguredSearch>): ConfiguredSearch => ({ ...siteResponse().site.search, ...extra });
const names = (extra: Partial<ConfiguredSearch>) => enabledFacets(search(extra)).map((f) => f.name);

describe('enabled facets (spec 000 §2, §9; spec 001 §4)', () => {
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

  it('collapses makes to makes_collapsed (7 by default), or the number of popular makes', () => {
    expect(enabledFacets(search({ facets: ['make'] }))[0].limit).toBe(7);
    expect(enabledFacets(search({ facets: ['make'], makes_collapsed: 5 }))[0].limit).toBe(5);
    expect(enabledFacets(search({ facets: ['make'], popular_makes: ['Toyota', 'Lexus', 'Mazda'], makes_collapsed_to_popular: true }))[0].limit).toBe(3);
  });

  it('never lists the dealer-scoped dealership facet, which only links refine (spec 000 §2)', () => {
    expect(names({ facets: ['dealership', 'make'] })).toEqual(['make']);
  });
});
