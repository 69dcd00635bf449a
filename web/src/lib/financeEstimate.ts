// The finance estimate block (spec 001 §5 "Finance estimate eligibility",
// §9 "Finance"; issue 17 default rate) for the listing's cards, computed from
// a search record at the time of viewing. The car page renders the server's
// view.finance instead. The Go twin is shared/financeestimate.go
// (EstimateFinance); both run shared/testdata/vectors/finance_estimate.json.
import { formatPrice } from './format';
import type { Car, FinanceConfig, FinanceEstimate, FinanceLender } from './types';

/** FINANCE_MIN_PRICE: finance needs a price above this (spec 001 §9). */
export const FINANCE_MIN_PRICE = 500;
/** TAURUS_MAX_AGE_YEARS: Taurus finances cars newer than the current year minus this. */
export const TAURUS_MAX_AGE_YEARS = 12;
/** TAURUS_DEPOSIT_PERCENT: the deposit a Taurus estimate assumes (spec 001 §9). */
export const TAURUS_DEPOSIT_PERCENT = 10;
export const TERMS_PATH = '/terms-and-conditions';

type EstimateCar = Pick<Car, 'id' | 'year' | 'make' | 'price' | 'status' | 'sold' | 'dealership_slug' | 'finance_lenders'>;

/** EstimateSite is what the rule reads of GET /api/site (its defaults applied). */
export interface EstimateSite {
  finance: Pick<
    FinanceConfig,
    | 'provider'
    | 'interest_rate'
    | 'term_years'
    | 'hidden_makes'
    | 'default_rate_estimate'
    | 'default_rate_label'
    | 'fine_print'
    | 'indicative_disclaimer'
    | 'disclaimer'
  >;
  dealerships: Array<{ slug: string; hide_finance?: boolean }>;
}

const roundRate = (r: number) => Math.round(r * 100) / 100;

function isLive(car: EstimateCar): boolean {
  return !car.sold && (car.status === 'in_stock' || car.status === 'coming_soon');
}

function lenderFor(car: EstimateCar, provider: string): FinanceLender | undefined {
  const lenders = car.finance_lenders ?? {};
  if (lenders[provider]) return lenders[provider];
  const key = Object.keys(lenders).find((k) => k.toLowerCase() === provider.toLowerCase());
  return key === undefined ? undefined : lenders[key];
}

function financeHidden(car: EstimateCar, site: EstimateSite): boolean {
  const make = (car.make ?? '').trim().toLowerCase();
  if ((site.finance.hidden_makes ?? []).some((m) => m.trim().toLowerCase() === make)) return true;
  return site.dealerships.some((d) => d.slug === car.dealership_slug && d.hide_finance);
}

/** financeEligible mirrors Go's FinanceEligible. */
export function financeEligible(car: EstimateCar, site: EstimateSite, now: Date): boolean {
  const p = site.finance.provider ?? '';
  if (!p) return false;
  const l = lenderFor(car, p);
  if (!l || l.interestRate == null || l.comparisonRate == null) return false;
  if (financeHidden(car, site)) return false;
  const priced = (car.price ?? 0) > FINANCE_MIN_PRICE;
  const live = isLive(car);
  switch (p) {
    case 'Taurus':
      return car.year > now.getUTCFullYear() - TAURUS_MAX_AGE_YEARS && priced && live;
    case '360 Finance':
    case 'AusLoans':
      return live;
    case 'Manual':
    case 'Angle':
    case 'Powertorque':
      return priced && live && l.paymentWeek != null;
    case 'Nissan Finance':
      return priced && live && l.paymentMonth != null;
    case 'Car Clarity':
      return priced && live && (l.paymentWeek != null || l.paymentMonth != null);
  }
  return false;
}

/** repayment mirrors Go's Repayment: whole dollars, 0 with nothing to repay. */
export function repayment(principal: number, balloon: number, ratePct: number, months: number, perYear: number): number {
  if (principal <= 0 || months <= 0 || perYear <= 0) return 0;
  const n = Math.round((months * perYear) / 12);
  const r = ratePct / 100 / perYear;
  if (r <= 0) return Math.round((principal - balloon) / n);
  const pv = principal - balloon * Math.pow(1 + r, -n);
  return Math.round((pv * r) / (1 - Math.pow(1 + r, -n)));
}

/** termText: "5 years", "1 year", "54 months". */
export function termText(months: number): string {
  if (months <= 0) return '';
  if (months === 12) return '1 year';
  if (months % 12 === 0) return `${months / 12} years`;
  return `${months} months`;
}

function weeklyRepayment(price: number, ratePct: number, years: number): number {
  if (price <= 10 || years <= 0) return 0;
  return repayment(price, 0, ratePct, years * 12, 52);
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** financeEstimate mirrors Go's EstimateFinance: the block, or null when it is hidden. */
export function financeEstimate(car: EstimateCar, site: EstimateSite, now: Date): FinanceEstimate | null {
  const f = site.finance;
  const provider = f.provider ?? '';
  const price = car.price ?? 0;
  const e: FinanceEstimate = {
    provider,
    source: 'lender',
    frequency: 'weekly',
    amount: 0,
    amount_text: '',
    interest_rate: 0,
    term_months: 0,
    term_text: '',
    fine_print: f.fine_print,
    disclaimer: f.indicative_disclaimer,
    terms_path: TERMS_PATH,
  };
  const l = provider ? lenderFor(car, provider) : undefined;
  const disclaimerPath = `/api/cars/${encodeURIComponent(car.id)}/finance-disclaimer`;
  if (l && financeEligible(car, site, now)) {
    e.interest_rate = roundRate(l.interestRate ?? 0);
    e.comparison_rate = roundRate(l.comparisonRate ?? 0);
    e.term_months = l.termMonths ? l.termMonths : l.termYears ? l.termYears * 12 : f.term_years * 12;
    if (l.balloon) e.balloon = Math.round(l.balloon);
    let deposit = l.deposit ?? 0;
    if (provider === 'Taurus') {
      deposit = (price * TAURUS_DEPOSIT_PERCENT) / 100;
      e.deposit = { percent: TAURUS_DEPOSIT_PERCENT, amount: 0, amount_text: '' };
      const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate()));
      e.offer_valid_until = isoDate(until);
    } else if (deposit > 0) {
      e.deposit = { amount: 0, amount_text: '' };
    }
    if (e.deposit) {
      e.deposit.amount = Math.round(deposit);
      e.deposit.amount_text = formatPrice(deposit);
    }
    if (provider === 'Nissan Finance' || (l.paymentWeek == null && l.paymentMonth != null)) {
      e.frequency = 'monthly';
      e.amount = l.paymentMonth != null ? Math.round(l.paymentMonth) : 0;
    } else if (l.paymentWeek != null) {
      e.amount = Math.round(l.paymentWeek);
    } else {
      // From the deposit and balloon as shown (whole dollars), as Go (issue 32).
      e.amount = repayment(price - Math.round(deposit), Math.round(l.balloon ?? 0), l.interestRate ?? 0, e.term_months, 52);
    }
    if (l.disclaimer || f.disclaimer) e.disclaimer_path = disclaimerPath;
  } else if (f.default_rate_estimate && !l && !financeHidden(car, site) && price > FINANCE_MIN_PRICE && isLive(car)) {
    e.source = 'site_default';
    e.label = f.default_rate_label;
    e.interest_rate = roundRate(f.interest_rate);
    e.term_months = f.term_years * 12;
    e.amount = weeklyRepayment(price, f.interest_rate, f.term_years);
    if (f.disclaimer) e.disclaimer_path = disclaimerPath;
  } else {
    return null;
  }
  if (e.amount <= 0) return null;
  e.amount_text = formatPrice(e.amount);
  e.term_text = termText(e.term_months);
  return e;
}
