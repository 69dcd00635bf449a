import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSite } from '../../../lib/siteContext';
import { useSubmitLead, type LeadPayload } from '../../leads/api/submitLead';
import { CaptchaField } from '../../leads/components/CaptchaField';
import { validateLead } from '../../leads/rules';
import '../../leads/leads.css';
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
}

interface FinanceValues {
  name: string;
  last_name: string;
  phone: string;
  email: string;
  postcode: string;
  dealership_slug: string;
  budget: string;
  has_trade_in: '' | 'Yes' | 'No';
  preferred_contact_method: 'Phone' | 'Email' | 'SMS';
  message: string;
  opt_in: boolean;
  altcha: string;
}

const LABELS: Record<string, string> = {
  name: 'First Name',
  last_name: 'Last Name',
  phone: 'Mobile Number',
  email: 'Email',
  postcode: 'Postcode',
  dealership_slug: 'Dealership',
  vehiclePriceBudget: 'Vehicle price budget',
  car_id: 'Car',
  altcha: 'Captcha',
};

const CAR_TYPES = ['new', 'used', 'demo'];

/** budgetNumber reads "$35,000" or "35000" as 35000; "" or junk as NaN. */
function budgetNumber(text: string): number {
  const t = text.replace(/[$,\s]/g, '');
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
}

/**
 * FinanceEnquiryForm is the finance enquiry of spec 001 §2, §3 (and its
 * pre-approval variant): the contact field set, the dealership when the site
 * has several (preferredDealership chooses it), the vehicle price budget
 * (vehiclePriceBudget fills it), 'Do you have a trade-in?', the preferred
 * contact method, an optional message and the opt-in. It posts a finance
 * lead about the car of car_id when given, with the states of spec 001 §4.
 */
export function FinanceEnquiryForm({ prefill, preApproval }: { prefill: FinancePrefill; preApproval: boolean }) {
  const { site } = useSite();
  const dealerships = site.dealerships ?? [];
  const captcha = site.leads?.captcha ?? true;
  const id = useId();
  const fid = (f: string) => `${id}-${f}`;
  const { state, submit, newAttempt } = useSubmitLead(site.slug);
  const [errs, setErrs] = useState<Record<string, string>>({});
  const [captchaRound, setCaptchaRound] = useState(0);
  const doneRef = useRef<HTMLDivElement>(null);
  const preferred = dealerships.find((d) => d.slug === prefill.preferredDealership || d.name === prefill.preferredDealership);
  const budget = prefill.vehiclePriceBudget && !Number.isNaN(budgetNumber(prefill.vehiclePriceBudget)) ? prefill.vehiclePriceBudget : '';
  const { register, handleSubmit, setValue, watch } = useForm<FinanceValues>({
    defaultValues: {
      name: '',
      last_name: '',
      phone: '',
      email: '',
      postcode: '',
      dealership_slug: preferred?.slug ?? (dealerships.length === 1 ? dealerships[0].slug : ''),
      budget,
      has_trade_in: '',
      preferred_contact_method: 'Phone',
      message: '',
      opt_in: true,
      altcha: '',
    },
  });
  // A changed form is a new attempt: its submit gets a new Idempotency-Key.
  useEffect(() => {
    const sub = watch(() => newAttempt());
    return () => sub.unsubscribe();
  }, [watch, newAttempt]);
  const onPayload = useCallback((p: string) => setValue('altcha', p), [setValue]);

  useEffect(() => {
    if (state.status === 'error' && state.error.fields.altcha) {
      setValue('altcha', '');
      setCaptchaRound((n) => n + 1);
    }
    if (state.status === 'success') doneRef.current?.focus();
  }, [state, setValue]);

  const onValid = async (v: FinanceValues) => {
    const e = validateLead({ type: 'finance', name: v.name, phone: v.phone, email: v.email, postcode: v.postcode, dealership_slug: v.dealership_slug }, { dealerships });
    const amount = budgetNumber(v.budget);
    if (v.budget.trim() && Number.isNaN(amount)) e.vehiclePriceBudget = 'Enter the budget in dollars, like 35000';
    if (captcha && !v.altcha) e.altcha = 'Please complete the captcha.';
    setErrs(e);
    if (Object.keys(e).length) return;
    const lead = {
      type: 'finance',
      category: FINANCE_CATEGORY,
      subcategory: preApproval ? PRE_APPROVAL : undefined,
      name: v.name.trim(),
      last_name: v.last_name.trim() || undefined,
      phone: v.phone.trim() || undefined,
      email: v.email.trim() || undefined,
      postcode: v.postcode || undefined,
      dealership_slug: v.dealership_slug || undefined,
      preferredDealership: prefill.preferredDealership || undefined,
      vehiclePriceBudget: v.budget.trim() ? amount : undefined,
      car_id: prefill.carId || undefined,
      car_type: prefill.carType && CAR_TYPES.includes(prefill.carType) ? prefill.carType : undefined,
      has_trade_in: v.has_trade_in || undefined,
      preferred_contact_method: v.preferred_contact_method,
      message: v.message.trim() || undefined,
      opt_in: v.opt_in,
      url: window.location.href,
      altcha: captcha ? v.altcha : undefined,
    } as LeadPayload;
    await submit(lead);
  };

  if (state.status === 'success') {
    return (
      <div ref={doneRef} tabIndex={-1} className="lead-success" role="status">
        <h2>Thank you for your finance enquiry</h2>
        <p>We have received your details and the dealership's finance team will be in touch with you soon.</p>
      </div>
    );
  }

  const submitting = state.status === 'submitting';
  const server = state.status === 'error' ? state.error : undefined;
  const shown: Record<string, string> = { ...(server?.fields ?? {}), ...errs };
  const formError = server && Object.keys(server.fields).length === 0 ? server.message : '';
  const props = (f: string) => ({ id: fid(f), 'aria-invalid': shown[f] ? true : undefined, 'aria-describedby': shown[f] ? `${fid(f)}-error` : undefined });
  const fieldError = (f: string) =>
    shown[f] ? (
      <p id={`${fid(f)}-error`} className="lead-form__error">
        {shown[f]}
      </p>
    ) : null;
  const entries = Object.entries(shown);

  return (
    <form className="lead-form" noValidate aria-busy={submitting} onSubmit={handleSubmit(onValid)}>
      {entries.length > 0 ? (
        <div className="lead-form__errors" role="alert">
          <p>Please fix the following errors:</p>
          <ul>
            {entries.map(([f, m]) => (
              <li key={f}>{f in LABELS ? m : `${f}: ${m}`}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {formError ? (
        <div className="alert alert--destructive" role="alert">
          {formError}
        </div>
      ) : null}
      <div className="lead-form__row">
        <div className="lead-form__field">
          <label htmlFor={fid('name')}>First Name *</label>
          <input type="text" autoComplete="given-name" aria-required="true" {...props('name')} {...register('name')} />
          {fieldError('name')}
        </div>
        <div className="lead-form__field">
          <label htmlFor={fid('last_name')}>Last Name</label>
          <input type="text" autoComplete="family-name" {...props('last_name')} {...register('last_name')} />
        </div>
      </div>
      <p className="lead-form__hint">Please give a mobile number or an email.</p>
      <div className="lead-form__row">
        <div className="lead-form__field">
          <label htmlFor={fid('phone')}>Mobile Number</label>
          <input type="tel" autoComplete="tel" {...props('phone')} {...register('phone')} />
          {fieldError('phone')}
        </div>
        <div className="lead-form__field">
          <label htmlFor={fid('email')}>Email</label>
          <input type="email" autoComplete="email" {...props('email')} {...register('email')} />
          {fieldError('email')}
        </div>
      </div>
      <div className="lead-form__row">
        <div className="lead-form__field">
          <label htmlFor={fid('postcode')}>Postcode</label>
          <input type="text" inputMode="numeric" autoComplete="postal-code" maxLength={4} {...props('postcode')} {...register('postcode')} />
          {fieldError('postcode')}
        </div>
        <div className="lead-form__field">
          <label htmlFor={fid('vehiclePriceBudget')}>Vehicle price budget ($)</label>
          <input type="text" inputMode="numeric" autoComplete="off" {...props('vehiclePriceBudget')} {...register('budget')} />
          {fieldError('vehiclePriceBudget')}
        </div>
      </div>
      {dealerships.length > 1 ? (
        <div className="lead-form__field">
          <label htmlFor={fid('dealership_slug')}>Dealership *</label>
          <select aria-required="true" {...props('dealership_slug')} {...register('dealership_slug')}>
            <option value="">{site.leads?.dealership_placeholder || 'Select a Preferred Dealership'}</option>
            {dealerships.map((d) => (
              <option key={d.slug} value={d.slug}>
                {d.name}
              </option>
            ))}
          </select>
          {fieldError('dealership_slug')}
        </div>
      ) : null}
      <fieldset className="finance-form__choice">
        <legend>Do you have a trade-in?</legend>
        <label>
          <input type="radio" value="Yes" {...register('has_trade_in')} /> Yes
        </label>
        <label>
          <input type="radio" value="No" {...register('has_trade_in')} /> No
        </label>
      </fieldset>
      <fieldset className="finance-form__choice">
        <legend>Preferred Contact Method</legend>
        {(['Phone', 'Email', 'SMS'] as const).map((m) => (
          <label key={m}>
            <input type="radio" value={m} {...register('preferred_contact_method')} /> {m}
          </label>
        ))}
      </fieldset>
      <div className="lead-form__field">
        <label htmlFor={fid('message')}>Message</label>
        <textarea rows={3} {...props('message')} {...register('message')} />
      </div>
      <div className="lead-form__check">
        <input type="checkbox" id={fid('opt_in')} {...register('opt_in')} />
        <label htmlFor={fid('opt_in')}>Keep me informed about offers and news</label>
      </div>
      {captcha ? <CaptchaField key={captchaRound} onPayload={onPayload} error={shown.altcha} errorId={`${fid('altcha')}-error`} /> : null}
      <button type="submit" className="button button--block" disabled={submitting} aria-busy={submitting}>
        {submitting ? <span className="lead-form__spinner" aria-hidden="true" /> : null}
        {submitting ? 'Sending…' : site.texts.submit_label}
      </button>
    </form>
  );
}
