// The finance calculator shared with Go (shared/testdata/vectors/finance_calculator.json).
import { describe, expect, it } from 'vitest';
import cases from '../../../shared/testdata/vectors/finance_calculator.json';
import { calculateFinance, type CalculatorInput } from './financeCalculator';

describe('finance calculator vectors (spec 001 §9; issue 17)', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(calculateFinance(c.input as CalculatorInput)).toEqual(c.want);
  });

  it('treats text that is not a number as out of range', () => {
    expect(calculateFinance({ price: Number('abc'), deposit: 0, term_years: 5, interest_rate: 10 }).errors).toEqual({
      price: 'Enter a price between $1 and $1,000,000',
    });
  });
});
