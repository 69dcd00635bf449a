import { useId, useState } from 'react';
import { useSite } from '../../../lib/siteContext';
import type { LeadPayload } from '../../leads/api/submitLead';
import { ContactFields } from '../../leads/form/ContactFields';
import { CheckboxField, SelectField, TextAreaField } from '../../leads/form/fields';
import { LeadForm } from '../../leads/form/LeadForm';
import { useLeadForm } from '../../leads/form/useLeadForm';
import '../finance.css';

/** FINANCE_CATEGORY is the finance lead's category; a pre-approval is its subcategory. */
export const FINANCE_CATEGORY = 'Finance Enquiry';
export const PRE_APPROVAL = 'Pre-Approval';

/** FinancePrefill is what the page's query string fills in (spec 001 §2). */
export interface FinancePrefill {
  preferredDealership?: string;
  vehiclePriceBudget?: string;
  carId?: string;
  carType?: string;
  /** the opening message, e.g. the finance calculator's figures */
  message?: string;
}

/** The finance lead's fields the shared payload type does not name (shared.Lead's JSON). */
type FinancePayload = Partial<LeadPayload> & { car_type?: string; preferredDealership?: string; vehiclePriceBudget?: number; url?: string };

const YES_NO = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
];
const CONTACT_METHODS = ['Phone', 'Email', 'SMS'].map((m) => ({ value: m, label: m }));
// car_type values a lead may name (spec 001 §3; 'all' is a filter value, never a car's type).
const CAR_TYPES = ['new', 'used', 'demo'];

/** wholeDollars reads "35000", "35,000" or "$35,000.50" as whole dollars; undefined when not a positive amount. */
export function wholeDollars(text?: string): number | undefined {
  const t = (text ?? '').replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(t)) return undefined;
  const n = Math.round(Number(t));
  return n > 0 ? n : undefined;
}

/**
 * FinanceEnquiryForm is the finance enquiry of spec 001 §2 and §3 (and its
 * pre-approval variant) on the lead form engine: the contact field set (with
 * the dealership select when the site has several, preferredDealership
 * choosing it), the vehicle price budget (vehiclePriceBudget fills it),
 * 'Do you have a trade-in?', the preferred contact method, an optional
 * message and the opt-in. It sends a finance lead about the car of car_id
 * when given; success goes to /success (spec 001 §4).
 */
export function FinanceEnquiryForm({ prefill, preApproval }: { prefill: FinancePrefill; preApproval: boolean }) {
  const { site } = useSite();
  const budgetId = useId();
  const [budget, setBudget] = useState(wholeDollars(prefill.vehiclePriceBudget)?.toString() ?? '');
  const preferred = (site.dealerships ?? []).find((d) => d.slug === prefill.preferredDealership || d.name === prefill.preferredDealership);
  const fixed: FinancePayload = {
    category: FINANCE_CATEGORY,
    subcategory: preApproval ? PRE_APPROVAL : undefined,
    car_id: prefill.carId,
    car_type: prefill.carType && CAR_TYPES.includes(prefill.carType) ? prefill.carType : undefined,
    preferredDealership: prefill.preferredDealership || undefined,
    vehiclePriceBudget: wholeDollars(budget),
    url: typeof window === 'undefined' ? undefined : window.location.href,
  };
  const form = useLeadForm({
    type: 'finance',
    fixed: fixed as Partial<LeadPayload>,
    dealershipSlug: preferred?.slug,
    messageOptional: true,
    defaults: prefill.message ? { message: prefill.message } : undefined,
  });
  return (
    <LeadForm form={form} className="finance-form">
      <ContactFields />
      <div className="lead-form__field">
        <label htmlFor={budgetId}>Vehicle price budget ($)</label>
        <input
          id={budgetId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          aria-describedby={`${budgetId}-hint`}
          value={budget}
          // Whole dollars only: what is not a digit is dropped as it is typed.
          onChange={(e) => setBudget(e.target.value.replace(/\D/g, '').slice(0, 9))}
        />
        <p id={`${budgetId}-hint`} className="lead-form__hint">
          Optional. The price of the car you have in mind, in whole dollars.
        </p>
      </div>
      <div className="lead-form__row">
        <SelectField name="has_trade_in" text="Do you have a trade-in?" placeholder="Choose" options={YES_NO} />
        <SelectField name="preferred_contact_method" text="Preferred Contact Method" options={CONTACT_METHODS} />
      </div>
      <TextAreaField name="message" text="Message" rows={3} />
      <CheckboxField name="opt_in">Keep me informed about offers and news</CheckboxField>
    </LeadForm>
  );
}
