import { useId, useState } from 'react';
import { useSite } from '../../../lib/siteContext';
import { ContactFields } from '../../../components/forms/ContactFields';
import { CheckboxField, SelectField, TextAreaField } from '../../../components/forms/fields';
import { LeadForm } from '../../../components/forms/LeadForm';
import { useLeadForm, type LeadFormValues } from '../../../components/forms/useLeadForm';
import type { CalculatorFigures, CarType, LeadRequest } from '../../../lib/types';
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
  /** the finance calculator's figures the shopper applied with */
  calculator?: CalculatorFigures;
  /** contact fields known already (the signed-in shopper's) */
  contact?: Partial<Pick<LeadFormValues, 'name' | 'last_name' | 'email' | 'phone'>>;
}

/** FINANCE_STATES are the state choices of the finance enquiry (Go shared.FinanceStates). */
export const FINANCE_STATES = ['act', 'nsw', 'nt', 'qld', 'sa', 'tas', 'vic', 'wa'].map((s) => ({ value: s, label: s.toUpperCase() }));

/**
 * FINANCE_VEHICLE_TYPES are the kinds of vehicle the finance enquiry offers
 * (Go shared/leads.go maxVehicleType: "Car, Motorcycle or Caravan"); the
 * site's own default (finance.vehicle_type, spec 001 §9: Car) is always one.
 */
export const FINANCE_VEHICLE_TYPES = ['Car', 'Motorcycle', 'Caravan'];

const YES_NO = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
];
const CONTACT_METHODS = ['Phone', 'Email', 'SMS'].map((m) => ({ value: m, label: m }));
// car_type values a lead may name (spec 001 §3; 'all' is a filter value, never a car's type).
const CAR_TYPES: readonly CarType[] = ['new', 'used', 'demo'];
const isCarType = (v: string): v is CarType => (CAR_TYPES as readonly string[]).includes(v);

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
  const vehicleTypeId = useId();
  const stateId = useId();
  const [budget, setBudget] = useState(wholeDollars(prefill.vehiclePriceBudget)?.toString() ?? '');
  // Spec 001 §9: vehicle type Car and state qld unless the site says otherwise.
  const [vehicleType, setVehicleType] = useState(site.finance?.vehicle_type || 'Car');
  const [state, setState] = useState((site.finance?.state || 'qld').toLowerCase());
  const preferred = (site.dealerships ?? []).find((d) => d.slug === prefill.preferredDealership || d.name === prefill.preferredDealership);
  const fixed: Partial<LeadRequest> = {
    category: FINANCE_CATEGORY,
    subcategory: preApproval ? PRE_APPROVAL : undefined,
    car_id: prefill.carId,
    car_type: prefill.carType && isCarType(prefill.carType) ? prefill.carType : undefined,
    preferredDealership: prefill.preferredDealership || undefined,
    vehiclePriceBudget: wholeDollars(budget),
    url: typeof window === 'undefined' ? undefined : window.location.href,
    vehicle_type: vehicleType.trim() || undefined,
    state,
    calculator: prefill.calculator,
  };
  const form = useLeadForm({
    type: 'finance',
    fixed: fixed as Partial<LeadRequest>,
    dealershipSlug: preferred?.slug,
    messageOptional: true,
    defaults: prefill.contact,
  });
  return (
    <LeadForm form={form} className="finance-form" submitLabel={preApproval ? 'Apply for pre-approval' : 'Send finance enquiry'}>
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
        <div className="lead-form__field">
          <label htmlFor={vehicleTypeId}>Vehicle type</label>
          <select id={vehicleTypeId} value={vehicleType} onChange={(e) => setVehicleType(e.target.value)}>
            {[...new Set([site.finance?.vehicle_type || 'Car', ...FINANCE_VEHICLE_TYPES])].map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
        <div className="lead-form__field">
          <label htmlFor={stateId}>State</label>
          <select id={stateId} value={state} onChange={(e) => setState(e.target.value)}>
            {FINANCE_STATES.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
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
