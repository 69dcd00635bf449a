// The enquiry form's checks run the cases Go's ValidateLead runs
// (shared/testdata/vectors/lead_validation.json; issue 9 "Rules shared with Go").
import { describe, expect, it } from 'vitest';
import cases from '../../../../shared/testdata/vectors/lead_validation.json';
import type { LeadType } from '../types';
import { validateLead } from './rules';

describe('lead validation vectors (spec 001 §5)', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const lead = { ...c.input.lead, type: c.input.lead.type as LeadType };
    expect(validateLead(lead, c.input.site)).toEqual(c.want);
  });
});
