import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSite } from '../../../lib/siteContext';
import { SUCCESS_PATH } from '../../../components/forms/useLeadForm';
import { useTradeIn, type Step } from '../hooks/useTradeIn';
import { ConditionStep } from './ConditionStep';
import { ContactStep } from './ContactStep';
import { VehicleStep, vehicleName } from './VehicleStep';
import '../../../components/forms/leads.css';
import '../trade-in.css';

const STEPS = ['Your car', 'Its condition', 'Your details'] as const;

/**
 * TradeInForm is the three-step trade-in of issue 9: the car, its
 * condition, the shopper's details, as one lead (created by the first step,
 * updated by the others; the last sends it to the dealer). It shows which
 * step of three the shopper is on, Back keeps what was entered, and a reload
 * resumes where the shopper was (useTradeIn).
 */
export function TradeInForm({ carId, query }: { carId?: string; query: Record<string, string> }) {
  const { site, rego_lookup: regoLookup } = useSite();
  const dealerships = site.dealerships ?? [];
  const defaultDealership = dealerships.length === 1 ? dealerships[0].slug : '';
  const { draft, send, sendVehicle, sendCondition, sendContact, back } = useTradeIn({ site: site.slug, carId, query, websiteId: site.id }, defaultDealership);
  const navigate = useNavigate();
  // The completed trade-in goes to /success like every lead form (spec 001 §4).
  const complete = async (contact: Record<string, unknown>) => {
    const leadId = draft.leadId;
    if (await sendContact(contact)) navigate(SUCCESS_PATH, { state: { type: 'trade_in', lead_id: leadId, reference: draft.reference } });
  };
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const submitting = send.status === 'submitting';
  const error = send.status === 'error' ? send.error : undefined;

  // Focus moves to the new step's heading, so keyboard and screen-reader users start there.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [draft.step]);

  if (draft.step === 'done') {
    return (
      <div className="lead-success" role="status">
        <h2 ref={headingRef} tabIndex={-1}>
          Thank you
        </h2>
        <p>We have received the details of your {vehicleName(draft.vehicle) || 'car'}. The dealership will appraise it and contact you with a value.</p>
      </div>
    );
  }
  const n = draft.step as Exclude<Step, 'done'>;
  return (
    <div className="trade-in__form">
      <ol className="trade-in__progress" aria-label="Progress">
        {STEPS.map((label, i) => (
          <li key={label} aria-current={i + 1 === n ? 'step' : undefined} className={i + 1 < n ? 'is-done' : undefined}>
            {label}
          </li>
        ))}
      </ol>
      <h2 ref={headingRef} tabIndex={-1} className="trade-in__step-heading">
        <span className="trade-in__step-count">
          Step {n} of {STEPS.length}
        </span>{' '}
        {STEPS[n - 1]}
      </h2>
      {n === 1 ? (
        <VehicleStep
          draft={draft}
          dealerships={dealerships}
          chooseDealership={!carId && dealerships.length > 1}
          dealershipPlaceholder={site.leads?.dealership_placeholder || 'Select a Preferred Dealership'}
          captcha={site.leads?.captcha ?? true}
          regoLookup={regoLookup}
          submitting={submitting}
          error={error}
          onNext={sendVehicle}
        />
      ) : null}
      {n === 2 ? (
        <ConditionStep
          draft={draft}
          questions={site.leads?.trade_in_questions ?? []}
          submitting={submitting}
          error={error}
          onNext={sendCondition}
          onBack={back}
        />
      ) : null}
      {n === 3 ? (
        <ContactStep
          terms={site.leads?.terms ?? ''}
          termsNote={site.leads?.terms_note ?? false}
          optInChecked={site.leads?.opt_in_checked ?? true}
          submitting={submitting}
          submitLabel={site.texts.submit_label || 'Get my trade-in appraisal'}
          error={error}
          onSubmit={complete}
          onBack={back}
        />
      ) : null}
    </div>
  );
}
