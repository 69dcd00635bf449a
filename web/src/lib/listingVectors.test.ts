// Issue 14 first paint: the listing rules the server paints with (Go
// shared/listingcard.go) run the same cases here (shared/testdata/vectors).
import { describe, expect, it } from 'vitest';
import titleCases from '../../../shared/testdata/vectors/listing_title.json';
import tileCases from '../../../shared/testdata/vectors/body_tiles.json';
import chipCases from '../../../shared/testdata/vectors/card_chips.json';
import maskCases from '../../../shared/testdata/vectors/mask_phone.json';
import { listingTitle } from '../components/search/ListingHeading';
import { bodyTiles } from '../components/browse/BodyTiles';
import { chipsOf } from '../components/search/CarCard';
import { maskPhone } from './carPhone';
import type { ConfiguredSite } from './siteConfig';
import type { Car } from './types';

describe('listing title vectors (spec 001 §2, issue 17)', () => {
  it.each(titleCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const { site } = c.input;
    const refinements = c.input.refinements as Record<string, string[]>;
    const name = (slug: string) => (site.dealerships as Array<{ slug: string; name: string }>).find((d) => d.slug === slug)?.name;
    expect(listingTitle(refinements, site.stock.car_types, name)).toBe(c.want);
  });
});

describe('body tile vectors (spec 001 §9)', () => {
  it.each(tileCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(bodyTiles(c.input.counts, c.input.custom)).toEqual(c.want);
  });
});

describe('card chip vectors (spec 000 §2, spec 001 §9)', () => {
  it.each(chipCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(chipsOf(c.input.car as unknown as Car, c.input.site as unknown as ConfiguredSite)).toEqual(c.want);
  });
});

describe('phone mask vectors (spec 000 §4)', () => {
  it.each(maskCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(maskPhone(c.input)).toBe(c.want);
  });
});
