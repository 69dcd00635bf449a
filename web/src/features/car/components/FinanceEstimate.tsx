import { useState } from 'react';
import { Link } from 'react-router';
import type { FinanceEstimate as FinanceView } from '../../../lib/types';
import { useFinanceDisclaimer } from '../api/getFinanceDisclaimer';
import { InfoPopup } from '../../../components/InfoPopup';
import { formatPrice } from '../../../lib/format';

/** DISCLAIMER_CUT is where a long disclaimer is truncated until View full (spec 001 §4). */
export const DISCLAIMER_CUT = 200;

// Built on first use: most cars have no offer date, and a page's first
// DateTimeFormat loads ICU's date data (issue 14: 2-12 ms on a fast machine).
let dateFormat: Intl.DateTimeFormat | undefined;

/** validUntil formats the server's YYYY-MM-DD offer date as a day, e.g. "23 December 2026". */
function validUntil(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(t)) return day;
  dateFormat ??= new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return dateFormat.format(t);
}

/**
 * FinanceEstimate is the car's finance block (spec 001 §2, §5, §9) as the
 * server computed it (view.finance): the repayment per week (per month for
 * Nissan Finance), the comparison rate, a popup with the interest rate and
 * the terms link, the Taurus deposit and offer date, the fine print, the
 * indicative-only disclaimer and the provider's own disclaimer, loaded
 * lazily. `compact` is the one-line form beside the price.
 */
export function FinanceEstimate({ finance }: { finance: FinanceView }) {
  const per = finance.frequency === 'monthly' ? 'month' : 'week';
  const rate = `${finance.interest_rate.toFixed(2)}% p.a.`;
  return (
    <section className="finance-estimate card" aria-labelledby="finance-title">
      <h2 id="finance-title" className="finance-estimate__title">
        Finance estimate
      </h2>
      {finance.label ? <p className="finance-estimate__label">{finance.label}</p> : null}
      <p className="finance-estimate__amount">
        <strong>{finance.amount_text}</strong> <span>per {per}*</span>
        <InfoPopup label="About this finance rate" title="Finance rate">
          <span className="info-popup__line">Interest rate {rate}</span>
          {finance.comparison_rate !== undefined ? <span className="info-popup__line">Comparison rate {finance.comparison_rate.toFixed(2)}% p.a.</span> : null}
          <span className="info-popup__line">
            <Link to={finance.terms_path}>Terms and conditions</Link>
          </span>
        </InfoPopup>
      </p>
      <dl className="finance-estimate__facts">
        {finance.comparison_rate !== undefined ? (
          <div>
            <dt>Comparison rate</dt>
            <dd>{finance.comparison_rate.toFixed(2)}% p.a.*</dd>
          </div>
        ) : (
          <div>
            <dt>Interest rate</dt>
            <dd>{rate}</dd>
          </div>
        )}
        <div>
          <dt>Term</dt>
          <dd>{finance.term_text}</dd>
        </div>
        {finance.deposit ? (
          <div>
            <dt>Deposit</dt>
            <dd>
              {finance.deposit.amount_text}
              {finance.deposit.percent ? ` (${finance.deposit.percent}%)` : ''}
            </dd>
          </div>
        ) : null}
        {finance.balloon ? (
          <div>
            <dt>Balloon</dt>
            <dd>{formatPrice(finance.balloon)}</dd>
          </div>
        ) : null}
        {finance.offer_valid_until ? (
          <div>
            <dt>Offer valid until</dt>
            <dd>{validUntil(finance.offer_valid_until)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="finance-estimate__fine">*{finance.fine_print}</p>
      <p className="finance-estimate__fine">{finance.disclaimer}</p>
      {finance.disclaimer_path ? <ProviderDisclaimer path={finance.disclaimer_path} /> : null}
    </section>
  );
}

/**
 * ProviderDisclaimer loads the provider's disclaimer for the car (spec 001
 * §4: lazily, with a spinner meanwhile); one over 200 characters is cut
 * there, with View full / View less.
 */
export function ProviderDisclaimer({ path }: { path: string }) {
  const res = useFinanceDisclaimer(path);
  const [full, setFull] = useState(false);
  if (res.status === 'loading') {
    return (
      <p className="finance-estimate__fine finance-estimate__loading" role="status">
        <span className="spinner" aria-hidden="true" /> Loading the lender’s disclaimer…
      </p>
    );
  }
  if (res.status === 'error') return null;
  const text = res.data.disclaimer.trim();
  if (!text) return null;
  const long = text.length > DISCLAIMER_CUT;
  return (
    <div className="finance-estimate__fine finance-estimate__disclaimer">
      <p>{long && !full ? `${text.slice(0, DISCLAIMER_CUT).trimEnd()}…` : text}</p>
      {long ? (
        <button type="button" className="link-button" aria-expanded={full} onClick={() => setFull((f) => !f)}>
          {full ? 'View less' : 'View full'}
        </button>
      ) : null}
    </div>
  );
}
