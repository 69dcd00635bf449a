import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { LeadError } from '../../../lib/leads/submitLead';
import { TERMS_MESSAGE } from '../../../components/forms/useLeadForm';
import { POSTCODE_MESSAGE, validateLead } from '../../../lib/leads/rules';
import { FieldError, fieldProps, FormErrors, SubmitButton } from './FormErrors';

interface ContactValues {
  name: string;
  last_name: string;
  phone: string;
  email: string;
  postcode: string;
  preferred_contact_method: 'Phone' | 'Email' | 'SMS';
  message: string;
  opt_in: boolean;
  terms_conditions: boolean;
}

export const CONTACT_LABELS: Record<string, string> = {
  name: 'First Name',
  last_name: 'Last Name',
  phone: 'Mobile Number',
  email: 'Email',
  postcode: 'Postcode',
  preferred_contact_method: 'Preferred Contact Method',
  message: 'Message',
  terms_conditions: 'Terms and conditions',
};

export interface ContactStepProps {
  /** the dealer's terms (leads.terms): a checkbox the shopper must tick; "" for none */
  terms?: string;
  /** shows 'You must agree to the terms of use before submitting the form' (leads.terms_note) */
  termsNote?: boolean;
  /** the opt-in starts ticked (leads.opt_in_checked; default true, spec 001 §3) */
  optInChecked?: boolean;
  submitting: boolean;
  submitLabel: string;
  error?: LeadError;
  onSubmit: (contact: Record<string, unknown>) => void;
  onBack: () => void;
}

/**
 * ContactStep is the trade-in's last step: the contact field set of spec
 * 001 §3 (first name, last name, mobile, email, postcode), the preferred
 * contact method (Phone, Email, SMS; default Phone), an optional message and
 * the opt-in (checked by default). Its submit completes the lead.
 */
export function ContactStep({ terms = '', termsNote = false, optInChecked = true, submitting, submitLabel, error, onSubmit, onBack }: ContactStepProps) {
  const id = useId();
  const fid = (f: string) => `${id}-${f}`;
  const [errs, setErrs] = useState<Record<string, string>>({});
  const { register, handleSubmit } = useForm<ContactValues>({
    defaultValues: {
      name: '',
      last_name: '',
      phone: '',
      email: '',
      postcode: '',
      preferred_contact_method: 'Phone',
      message: '',
      opt_in: optInChecked,
      terms_conditions: false,
    },
  });
  const shown = { ...(error?.fields ?? {}), ...errs };

  const onValid = (v: ContactValues) => {
    // The trade-in's dealership was fixed by its first step; only the contact rules apply here.
    const e = validateLead({ type: 'trade_in', name: v.name, phone: v.phone, email: v.email, postcode: v.postcode }, {});
    // The contact field set's postcode is required (spec 001 §5 "Postcode").
    if (!v.postcode.trim()) e.postcode ??= POSTCODE_MESSAGE;
    if (terms && !v.terms_conditions) e.terms_conditions = TERMS_MESSAGE;
    setErrs(e);
    if (Object.keys(e).length) return;
    onSubmit({
      name: v.name.trim(),
      last_name: v.last_name.trim() || undefined,
      phone: v.phone.trim() || undefined,
      email: v.email.trim() || undefined,
      postcode: v.postcode || undefined,
      preferred_contact_method: v.preferred_contact_method,
      message: v.message.trim() || undefined,
      opt_in: v.opt_in,
      terms_conditions: terms ? true : undefined,
    });
  };
  const input = (f: keyof ContactValues, label: string, type: string, autoComplete: string, extra: object = {}) => (
    <div className="lead-form__field">
      <label htmlFor={fid(f)}>{label}</label>
      <input type={type} autoComplete={autoComplete} {...extra} {...fieldProps(fid(f), shown[f])} {...register(f)} />
      <FieldError id={fid(f)} message={shown[f]} />
    </div>
  );

  return (
    <form className="lead-form" noValidate aria-busy={submitting} onSubmit={handleSubmit(onValid)}>
      <FormErrors fields={shown} labels={CONTACT_LABELS} error={error} />
      <div className="lead-form__row">
        {input('name', 'First Name *', 'text', 'given-name', { 'aria-required': true })}
        {input('last_name', 'Last Name', 'text', 'family-name')}
      </div>
      <p className="lead-form__hint">Please give a mobile number or an email.</p>
      <div className="lead-form__row">
        {input('phone', 'Mobile Number', 'tel', 'tel')}
        {input('email', 'Email', 'email', 'email')}
      </div>
      {input('postcode', 'Postcode *', 'text', 'postal-code', { inputMode: 'numeric', maxLength: 4, 'aria-required': true })}
      <fieldset className="choices">
        <legend>Preferred Contact Method</legend>
        {(['Phone', 'Email', 'SMS'] as const).map((m) => (
          <label key={m}>
            <input type="radio" value={m} {...register('preferred_contact_method')} /> {m}
          </label>
        ))}
      </fieldset>
      <div className="lead-form__field">
        <label htmlFor={fid('message')}>Message</label>
        <textarea rows={3} {...fieldProps(fid('message'), shown.message)} {...register('message')} />
        <FieldError id={fid('message')} message={shown.message} />
      </div>
      <div className="lead-form__check">
        <input type="checkbox" id={fid('opt_in')} {...register('opt_in')} />
        <label htmlFor={fid('opt_in')}>Keep me informed about offers and news</label>
      </div>
      {terms ? (
        <div className="lead-form__field">
          <div className="lead-form__check">
            <input type="checkbox" aria-required="true" {...fieldProps(fid('terms_conditions'), shown.terms_conditions)} {...register('terms_conditions')} />
            <label htmlFor={fid('terms_conditions')}>{terms}</label>
          </div>
          <FieldError id={fid('terms_conditions')} message={shown.terms_conditions} />
        </div>
      ) : null}
      {termsNote ? <p className="lead-form__hint">You must agree to the terms of use before submitting the form</p> : null}
      <div className="trade-in__actions">
        <button type="button" className="button button--ghost" onClick={onBack} disabled={submitting}>
          Back
        </button>
        <SubmitButton submitting={submitting} label={submitLabel} />
      </div>
    </form>
  );
}
