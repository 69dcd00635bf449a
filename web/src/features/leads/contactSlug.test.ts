// The contact page's location slug runs the cases Go's ContactSlug runs
// (shared/testdata/vectors/contact_slug.json; spec 001 §2).
import { describe, expect, it } from 'vitest';
import locationCases from '../../../../shared/testdata/vectors/contact_location.json';
import cases from '../../../../shared/testdata/vectors/contact_slug.json';
import type { Location } from '../../lib/types';
import { contactLocation, contactMatches, contactSlug } from './contactSlug';

describe('contact slug vectors (spec 001 §2 /contact-us/{location slug})', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(contactSlug(c.input.name)).toBe(c.want);
  });
});

describe('contact location vectors (spec 001 §2; Go shared.ContactLocation serves the page head)', () => {
  it.each(locationCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const locations = c.input.locations as unknown as Location[];
    expect(contactLocation(contactMatches(locations, c.input.slug))?.id ?? '').toBe(c.want);
  });
});
