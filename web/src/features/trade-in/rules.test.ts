// The trade-in form's checks run the cases Go's ValidateLead runs
// (shared/testdata/vectors/trade_in_validation.json).
import { describe, expect, it } from 'vitest';
import cases from '../../../../shared/testdata/vectors/trade_in_validation.json';
import type { TradeInQuestion } from '../../lib/types';
import type { TradeInVehicle } from '../../lib/types';
import { validateTradeIn } from './rules';

interface Case {
  name: string;
  input: {
    lead: { trade_in_vehicle?: TradeInVehicle; adjustmentAnswers?: Record<string, string> };
    site: { leads: { trade_in_questions: TradeInQuestion[] } };
  };
  want: Record<string, string>;
}

describe('trade-in validation vectors (issue 9, spec 001 §7)', () => {
  it.each((cases as unknown as Case[]).map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(validateTradeIn(c.input.lead.trade_in_vehicle, c.input.lead.adjustmentAnswers, c.input.site.leads.trade_in_questions)).toEqual(c.want);
  });
});
