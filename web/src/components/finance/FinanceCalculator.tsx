import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useSite } from '../../lib/siteContext';
import type { FinanceEstimate } from '../../lib/types';
import { formatPrice } from '../../lib/format';
import { CALCULATOR_MAX_TERM, calculateFinance, type CalculatorField, type CalculatorInput } from '../../lib/financeCalculator';
// Its fields are the lead forms' fields (.lead-form): one look for every form (issue 32).
import '../forms/leads.css';
import './calculator.css';

/**
 * financeApplyPath: the finance enquiry opened at its form (spec 001 §2), with
 * the calculator's figures when they are valid.
 */
export function financeApplyPath(figures: CalculatorInput | undefined, carId?: string, base = '/finance-enquiry'): string {
  const q = new URLSearchParams();
  if (figures) {
    q.set('vehiclePriceBudget', String(Math.round(figures.price)));
    q.set('deposit', String(Math.round(figures.deposit)));
    q.set('term_years', String(figures.term_years));
    q.set('interest_rate', String(figures.interest_rate));
  }
  if (carId) q.set('car_id', carId);
  const query = q.toString();
  return `${base}${query ? `?${query}` : ''}#finance-form`;
}

/** amount reads what the shopper typed: "$35,000" is 35000; empty is 0; other text is NaN (out of range). */
function amount(text: string): number {
  const t = text.replace(/[$,\s]/g, '');
  return t === '' ? 0 : Number(t);
}

interface Props {
  /** the car's price, when the calculator is about one car */
  price?: number;
  carId?: string;
  /** heading level: the car page nests it under its own h2s */
  headingLevel?: 2 | 3;
  /** the enquiry page Apply for finance opens (default /finance-enquiry) */
  applyBase?: string;
  /** the car's finance estimate: the calculator starts at its terms (issue 32) */
  estimate?: FinanceEstimate;
}

/**
 * FinanceCalculator is the finance calculator of spec 001 §9 (issue 17):
 * price (the car's, when on a car page), deposit, term in years and rate
 * (the site's calculator rate, 10% by default) give weekly, fortnightly and
 * monthly repayments through calculateFinance, the twin of Go's
 * CalculateFinance. The comparison-rate fine print and the indicative-only
 * disclaimer sit under the figures, and Apply for finance opens the finance
 * enquiry with the figures filled in.
 */
export function FinanceCalculator({ price, carId, headingLevel = 2, applyBase, estimate }: Props) {
  const { site } = useSite();
  const id = useId();
  // Beside a car's estimate the calculator starts at the estimate's rate,
  // term, deposit and balloon, so both quote one figure (issue 32); a term
  // the select cannot show keeps the site's.
  const years = (estimate?.term_months ?? 0) / 12;
  const [text, setText] = useState({
    price: price && price > 0 ? String(Math.round(price)) : '',
    deposit: String(estimate?.deposit?.amount ?? 0),
    term_years: String(
      Number.isInteger(years) && years >= 1 && years <= CALCULATOR_MAX_TERM ? years : Math.min(site.finance.term_years || 5, CALCULATOR_MAX_TERM),
    ),
    interest_rate: String(estimate?.interest_rate ?? site.finance.calculator_rate),
    balloon: String(estimate?.balloon ?? 0),
  });
  const input = {
    price: amount(text.price),
    deposit: amount(text.deposit),
    term_years: Number(text.term_years),
    interest_rate: amount(text.interest_rate.replace('%', '')),
    balloon: amount(text.balloon),
  };
  const result = calculateFinance(input);
  const errors = result.errors ?? {};
  // An empty price is not yet an error to show: the shopper has not started.
  const shown = (f: CalculatorField) => (f === 'price' && text.price === '' ? undefined : errors[f]);
  const H = `h${headingLevel}` as const;

  const field = (name: CalculatorField, label: string, props: { inputMode: 'numeric' | 'decimal'; hint?: string }) => {
    const error = shown(name);
    const fid = `${id}-${name}`;
    return (
      <div className="lead-form__field">
        <label htmlFor={fid}>{label}</label>
        <input
          id={fid}
          name={name}
          type="text"
          inputMode={props.inputMode}
          autoComplete="off"
          value={text[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fid}-error` : undefined}
          onChange={(e) => setText((t) => ({ ...t, [name]: e.target.value }))}
        />
        {error && (
          <p id={`${fid}-error`} className="lead-form__error">
            {error}
          </p>
        )}
      </div>
    );
  };

  const ok = !result.errors;
  return (
    <section className="calculator" aria-labelledby={`${id}-title`}>
      <H id={`${id}-title`} className="calculator__title">
        Finance calculator
      </H>
      <div className="calculator__fields lead-form">
        {field('price', 'Vehicle price ($)', { inputMode: 'numeric' })}
        {field('deposit', 'Deposit ($)', { inputMode: 'numeric' })}
        <div className="lead-form__field">
          <label htmlFor={`${id}-term_years`}>Loan term</label>
          <select id={`${id}-term_years`} name="term_years" value={text.term_years} onChange={(e) => setText((t) => ({ ...t, term_years: e.target.value }))}>
            {Array.from({ length: CALCULATOR_MAX_TERM }, (_, i) => i + 1).map((y) => (
              <option key={y} value={y}>
                {y === 1 ? '1 year' : `${y} years`}
              </option>
            ))}
          </select>
        </div>
        {field('interest_rate', 'Interest rate (% p.a.)', { inputMode: 'decimal' })}
        {estimate?.balloon ? field('balloon', 'Balloon ($)', { inputMode: 'numeric' }) : null}
      </div>
      {/* not an <output>: its implicit status role would compete with the page's form status */}
      <div className="calculator__result" role="group" aria-label="Repayments" aria-live="polite">
        {ok ? (
          <dl className="calculator__figures">
            <div>
              <dt>Weekly</dt>
              <dd>{formatPrice(result.weekly)}</dd>
            </div>
            <div>
              <dt>Fortnightly</dt>
              <dd>{formatPrice(result.fortnightly)}</dd>
            </div>
            <div>
              <dt>Monthly</dt>
              <dd>{formatPrice(result.monthly)}</dd>
            </div>
          </dl>
        ) : (
          <p className="calculator__empty">Enter a price to see your repayments.</p>
        )}
        {ok && <p className="calculator__loan">Amount financed: {formatPrice(result.loan)}</p>}
      </div>
      <p className="calculator__fine">{site.finance.fine_print}</p>
      <p className="calculator__fine">{site.finance.indicative_disclaimer}</p>
      <Link className="button" to={financeApplyPath(ok ? input : undefined, carId, applyBase)}>
        Apply for finance
      </Link>
    </section>
  );
}
