// The finance block shared with Go (shared/testdata/vectors/finance_estimate.json).
import { describe, expect, it } from 'vitest';
import financeCases from '../../../shared/testdata/vectors/finance_estimate.json';
import { financeEstimate, type EstimateSite } from './financeEstimate';
import type { Car } from './types';

describe('finance estimate vectors (spec 001 §5, §9; issue 17)', () => {
  it.each(financeCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const got = financeEstimate(c.input.car as unknown as Car, c.input.site as EstimateSite, new Date(c.input.now));
    expect(got === null ? null : JSON.parse(JSON.stringify(got))).toEqual(c.want);
  });
});
