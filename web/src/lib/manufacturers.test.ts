// Spec 001 §3 built-in manufacturer list: the shared vector Go's
// TestManufacturerNameVectors runs too.
import { describe, expect, it } from 'vitest';
import cases from '../../../shared/testdata/vectors/manufacturer_names.json';
import { manufacturerNamed } from './manufacturers';

describe('manufacturer names (spec 001 §3, shared vectors)', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const m = manufacturerNamed(c.input.raw);
    expect(m ? { name: m.name, slug: m.slug } : null).toEqual(c.want);
  });

  it('gives the logo path of the list', () => {
    expect(manufacturerNamed('toyota')?.logo?.url).toBe('/media/manufacturers/toyota.svg');
  });
});
