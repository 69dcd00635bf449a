// Budget finder rules (spec 001 §5, §9). They run in the browser only (Go
// keeps no copy); shared/testdata/vectors/budget.json holds their cases.

export const BUDGET_CLAMP_LIMIT = 1_000_000;
export const BUDGET_MIN_FILTER_PRICE = 1000;
// The finder's starting figures and slider (site.budget) come from /api/site
// with their defaults applied; only the rule's own guard for a zero term is here.
const ZERO_TERM_YEARS = 5;

export type Frequency = 'monthly' | 'weekly';

export function clampBudget(v: number): number {
  if (Number.isNaN(v) || v < 0) return 0;
  return Math.min(v, BUDGET_CLAMP_LIMIT);
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** budgetAmount coerces an input to a number: not a number counts as 0; clamped to 0..1,000,000. */
export function budgetAmount(raw: string): number {
  const s = raw.trim();
  if (!NUMBER.test(s)) return 0;
  return clampBudget(Number(s));
}

/** budgetEstimate: repayment x (12 or 52) x years + deposit, rounded; a term of 0 means 5 years. */
export function budgetEstimate(repayment: number, deposit: number, frequency: Frequency, years: number): number {
  const perYear = frequency === 'weekly' ? 52 : 12;
  const term = years > 0 ? years : ZERO_TERM_YEARS;
  return Math.round(clampBudget(repayment) * perYear * term + clampBudget(deposit));
}

/** budgetTooLow: no car fits when the estimate is under the lowest price found (or nothing was found). */
export function budgetTooLow(estimate: number, minPrice: number): boolean {
  return minPrice <= 0 || estimate < minPrice;
}
