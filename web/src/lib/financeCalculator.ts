// The finance calculator's rule, twin of Go shared.CalculateFinance
// (shared/calculator.go); both run shared/testdata/vectors/finance_calculator.json.
// It lives here too because the figures change on every keystroke.
import { repayment } from './financeEstimate';
import type { CalculatorInput } from './types';

export const CALCULATOR_MAX_PRICE = 1_000_000;
export const CALCULATOR_MAX_TERM = 7;
export const CALCULATOR_MAX_RATE = 30;

export const CALC_MESSAGES = {
  price: 'Enter a price between $1 and $1,000,000',
  deposit: 'Deposit must be $0 or more and less than the price',
  term_years: 'Choose a term of 1 to 7 years',
  interest_rate: 'Enter a rate between 0% and 30%',
  balloon: 'Balloon must be $0 or more and less than the amount financed',
} as const;

export type CalculatorField = keyof typeof CALC_MESSAGES;

/** CalculatorInput is what the shopper enters (generated from shared.CalculatorInput). */
export type { CalculatorInput };

export interface Calculation {
  loan: number;
  weekly: number;
  fortnightly: number;
  monthly: number;
  errors?: Partial<Record<CalculatorField, string>>;
}

/**
 * calculateFinance: the price less the deposit amortised at the rate over
 * the term, leaving the balloon owed at the end, weekly, fortnightly and monthly in whole dollars; out-of-range
 * input gives no figures and the fields to correct (NaN counts as out of range).
 */
export function calculateFinance(input: CalculatorInput): Calculation {
  const { price, deposit, term_years: years, interest_rate: rate, balloon = 0 } = input;
  const errors: Partial<Record<CalculatorField, string>> = {};
  if (!(price >= 1 && price <= CALCULATOR_MAX_PRICE)) errors.price = CALC_MESSAGES.price;
  if (!(deposit >= 0) || (!errors.price && deposit >= price)) errors.deposit = CALC_MESSAGES.deposit;
  if (!Number.isInteger(years) || years < 1 || years > CALCULATOR_MAX_TERM) errors.term_years = CALC_MESSAGES.term_years;
  if (!(rate >= 0 && rate <= CALCULATOR_MAX_RATE)) errors.interest_rate = CALC_MESSAGES.interest_rate;
  if (!(balloon >= 0) || (!errors.price && !errors.deposit && balloon > 0 && balloon >= price - deposit)) errors.balloon = CALC_MESSAGES.balloon;
  if (Object.keys(errors).length > 0) return { loan: 0, weekly: 0, fortnightly: 0, monthly: 0, errors };
  const loan = price - deposit;
  const months = years * 12;
  return {
    loan: Math.round(loan),
    weekly: repayment(loan, balloon, rate, months, 52),
    fortnightly: repayment(loan, balloon, rate, months, 26),
    monthly: repayment(loan, balloon, rate, months, 12),
  };
}
