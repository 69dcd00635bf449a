import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { formatPrice } from '../../../lib/format';
import { calculateFinance } from '../../../lib/financeCalculator';
import type { CalculatorFigures } from '../../../lib/types';
import { FinanceCalculator } from '../../../components/finance/FinanceCalculator';
import { FinanceEnquiryForm } from './FinanceEnquiryForm';

/**
 * calculatorFigures reads the figures the finance calculator sent (deposit,
 * term_years, interest_rate beside vehiclePriceBudget) with their
 * repayments; undefined when they are missing or out of range.
 */
export function calculatorFigures(params: URLSearchParams): CalculatorFigures | undefined {
  if (!params.has('deposit') || !params.has('term_years') || !params.has('interest_rate')) return undefined;
  const input = {
    price: Number(params.get('vehiclePriceBudget')),
    deposit: Number(params.get('deposit')),
    term_years: Number(params.get('term_years')),
    interest_rate: Number(params.get('interest_rate')),
  };
  const r = calculateFinance(input);
  if (r.errors) return undefined;
  return { ...input, weekly: r.weekly, fortnightly: r.fortnightly, monthly: r.monthly };
}

/** CalculatorSummary says which calculator figures the enquiry carries to the finance team. */
export function CalculatorSummary({ figures }: { figures: CalculatorFigures }) {
  const years = figures.term_years === 1 ? '1 year' : `${figures.term_years} years`;
  return (
    <p className="finance-enquiry__figures">
      Your figures: price {formatPrice(figures.price)}, deposit {formatPrice(figures.deposit)}, {years} at {figures.interest_rate}% p.a.: about{' '}
      {formatPrice(figures.weekly)} weekly, {formatPrice(figures.fortnightly)} fortnightly or {formatPrice(figures.monthly)} monthly. They are sent with your
      enquiry.
    </p>
  );
}

/** FINANCE_FORM_ID is the anchor links open the form at (spec 001 §2: #finance-form). */
export const FINANCE_FORM_ID = 'finance-form';

/**
 * FinanceEnquiryPage serves /finance, /finance-enquiry, /apply-for-finance and
 * /finance-pre-approval (spec 001 §2): it reads preferredDealership,
 * vehiclePriceBudget, car_id and car_type from the query string into the
 * form, and scrolls to the form when the link names #finance-form.
 */
export default function FinanceEnquiryPage() {
  const { pathname, hash } = useLocation();
  const [params] = useSearchParams();
  const preApproval = pathname.replace(/\/+$/, '') === '/finance-pre-approval';
  const title = preApproval ? 'Finance pre-approval' : 'Finance enquiry';
  useDocumentTitle(title);
  const formRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (hash === `#${FINANCE_FORM_ID}`) formRef.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  const carId = params.get('car_id') || undefined;
  const figures = calculatorFigures(params);
  // /finance is the finance page: the calculator above the enquiry (issue 17).
  const withCalculator = pathname.replace(/\/+$/, '') === '/finance';
  return (
    <div className="finance-enquiry">
      <header>
        <h1>{title}</h1>
        <p>
          {preApproval
            ? 'Know what you can spend before you choose: tell us about yourself and the finance team will be in touch about pre-approval.'
            : carId
              ? 'Ask about finance for the car you are looking at and the finance team will be in touch.'
              : 'Tell us your budget and the finance team will be in touch with options.'}
        </p>
      </header>
      {withCalculator && <FinanceCalculator price={Number(params.get('vehiclePriceBudget')) || undefined} carId={carId} />}
      <section id={FINANCE_FORM_ID} ref={formRef} aria-labelledby={`${FINANCE_FORM_ID}-heading`} tabIndex={-1}>
        <h2 id={`${FINANCE_FORM_ID}-heading`}>Your details</h2>
        {figures && <CalculatorSummary figures={figures} />}
        <FinanceEnquiryForm
          key={params.toString()}
          preApproval={preApproval}
          prefill={{
            preferredDealership: params.get('preferredDealership') ?? undefined,
            vehiclePriceBudget: params.get('vehiclePriceBudget') ?? undefined,
            carId,
            carType: params.get('car_type') ?? undefined,
            calculator: figures,
          }}
        />
      </section>
    </div>
  );
}
