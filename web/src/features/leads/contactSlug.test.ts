// The contact page's location slug runs the cases Go's ContactSlug runs
// (shared/testdata/vectors/contact_slug.json; spec 001 §2).
import { describe, expect, it } from 'vitest';
import cases from '../../../../shared/testdata/vectors/contact_slug.json';
import { contactSlug } from './contactSlug';

describe('contact slug vectors (spec 001 §2 /contact-us/{location slug})', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(contactSlug(c.input.name)).toBe(c.want);
  });
});
