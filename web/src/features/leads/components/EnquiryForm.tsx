import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useSite } from '../../../lib/siteContext';
import { useSubmitLead, type LeadPayload } from '../api/submitLead';
import { validateLead } from '../rules';
import { CaptchaField } from './CaptchaField';
import '../leads.css';

/** CAPTCHA_MESSAGE is the server's message for a missing solution (functions/httpapi). */
export const CAPTCHA_MESSAGE = 'Please complete the captcha.';

interface EnquiryValues {
  name: string;
  last_name: string;
  phone: string;
  email: string;
  postcode: string;
  message: string;
  opt_in: boolean;
  dealership_slug: string;
  altcha: string;
}

// The labels of the fields, also naming a server error about a field the form has no input for.
const LABELS: Record<string, string> = {
  name: 'First Name',
  last_name: 'Last Name',
  phone: 'Mobile Number',
  email: 'Email',
  postcode: 'Postcode',
  message: 'Message',
  dealership_slug: 'Dealership',
  altcha: 'Captcha',
};

const FIELD_ORDER = ['name', 'last_name', 'phone', 'email', 'postcode', 'message', 'dealership_slug', 'altcha'];

/**
 * EnquiryForm is the generic enquiry (spec 001 §3, §5) about a car when
 * carId is given: first name, last name, mobile, email (a phone or an email),
 * postcode, message, opt-in, and a dealership select when the site has
 * several (the car's chosen). It validates on submit with the rules Go runs,
 * posts to /api/leads and shows the states of spec 001 §4.
 */
export function EnquiryForm({
  carId,
  dealershipSlug,
  offer,
}: {
  carId?: string;
  dealershipSlug?: string;
  /** An offer the enquiry is about (issue 11): named in the message, its make and model sent with the lead. */
  offer?: { name: string; make?: string; model?: string };
}) {
  const { site } = useSite();
  const dealerships = site.dealerships ?? [];
  const captcha = site.leads?.captcha ?? true;
  const messageOptional = site.leads?.message_optional ?? false;
  const id = useId();
  const fid = (f: string) => `${id}-${f}`;
  const eid = (f: string) => `${id}-${f}-error`;
  const { state, submit, newAttempt } = useSubmitLead(site.slug);
  const [captchaRound, setCaptchaRound] = useState(0);
  const doneRef = useRef<HTMLDivElement>(null);

  const resolver: Resolver<EnquiryValues> = async (values) => {
    const errs = validateLead({ ...values, type: 'enquiry' }, { leads: { message_optional: messageOptional }, dealerships });
    if (captcha && !values.altcha) errs.altcha ??= CAPTCHA_MESSAGE;
    if (Object.keys(errs).length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(Object.entries(errs).map(([f, message]) => [f, { type: 'validate', message }]));
    return { values: {}, errors: errors as FieldErrors<EnquiryValues> };
  };
  const defaultDealership = dealershipSlug && dealerships.some((d) => d.slug === dealershipSlug) ? dealershipSlug : dealerships.length === 1 ? dealerships[0].slug : '';
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, submitCount },
  } = useForm<EnquiryValues>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    resolver,
    defaultValues: { name: '', last_name: '', phone: '', email: '', postcode: '', message: offer ? `I'm interested in the offer "${offer.name}".` : '', opt_in: true, dealership_slug: defaultDealership, altcha: '' },
  });

  // A changed form is a new attempt: its submit gets a new Idempotency-Key.
  useEffect(() => {
    const sub = watch(() => newAttempt());
    return () => sub.unsubscribe();
  }, [watch, newAttempt]);

  const onPayload = useCallback((payload: string) => setValue('altcha', payload), [setValue]);

  const onValid = async (values: EnquiryValues) => {
    const lead: LeadPayload = {
      type: 'enquiry',
      name: values.name.trim(),
      last_name: values.last_name.trim() || undefined,
      phone: values.phone.trim() || undefined,
      email: values.email.trim() || undefined,
      postcode: values.postcode || undefined,
      message: values.message.trim() || undefined,
      opt_in: values.opt_in,
      dealership_slug: values.dealership_slug || undefined,
      car_id: carId,
      'Vehicle Make': offer?.make || undefined,
      'Vehicle Model': offer?.model || undefined,
      altcha: captcha ? values.altcha : undefined,
    };
    await submit(lead);
  };

  // The server's field errors go on their fields; a refused captcha gets a fresh challenge.
  useEffect(() => {
    if (state.status !== 'error') return;
    const fields = Object.entries(state.error.fields);
    fields.forEach(([f, message], i) => setError(f as keyof EnquiryValues, { type: 'server', message }, { shouldFocus: i === 0 && f in LABELS && f !== 'altcha' }));
    if (state.error.fields.altcha) {
      setValue('altcha', '');
      setCaptchaRound((n) => n + 1);
    }
  }, [state, setError, setValue]);

  useEffect(() => {
    if (state.status === 'success') doneRef.current?.focus();
  }, [state.status]);

  if (state.status === 'success') {
    return (
      <div ref={doneRef} tabIndex={-1} className="lead-success" role="status">
        <h3>Thank you for your enquiry</h3>
        <p>We have received your message and the dealership will be in touch with you soon.</p>
      </div>
    );
  }

  const submitting = state.status === 'submitting';
  const messages = Object.entries(errors as Record<string, { message?: string } | undefined>)
    .filter(([, e]) => e?.message)
    .sort(([a], [b]) => order(a) - order(b))
    .map(([f, e]) => ({ field: f, message: e?.message ?? '' }));
  const formError = state.status === 'error' && Object.keys(state.error.fields).length === 0 ? state.error.message : '';
  const describe = (f: keyof EnquiryValues) => ({
    id: fid(f),
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f] ? eid(f) : undefined,
  });
  const fieldError = (f: keyof EnquiryValues) =>
    errors[f]?.message ? (
      <p id={eid(f)} className="lead-form__error">
        {errors[f]?.message}
      </p>
    ) : null;

  return (
    <form className="lead-form" noValidate aria-busy={submitting} onSubmit={handleSubmit(onValid)}>
      {messages.length > 0 && submitCount > 0 ? (
        <div className="lead-form__errors" role="alert">
          <p>Please fix the following errors:</p>
          <ul>
            {messages.map((m) => (
              <li key={m.field}>{m.field in LABELS ? m.message : `${m.field}: ${m.message}`}</li>
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
          <input type="text" autoComplete="given-name" aria-required="true" {...describe('name')} {...register('name')} />
          {fieldError('name')}
        </div>
        <div className="lead-form__field">
          <label htmlFor={fid('last_name')}>Last Name</label>
          <input type="text" autoComplete="family-name" {...describe('last_name')} {...register('last_name')} />
          {fieldError('last_name')}
        </div>
      </div>
      <p className="lead-form__hint">
        Please give a mobile number or an email.
      </p>
      <div className="lead-form__row">
        <div className="lead-form__field">
          <label htmlFor={fid('phone')}>Mobile Number</label>
          <input type="tel" autoComplete="tel" {...describe('phone')} {...register('phone')} />
          {fieldError('phone')}
        </div>
        <div className="lead-form__field">
          <label htmlFor={fid('email')}>Email</label>
          <input type="email" autoComplete="email" {...describe('email')} {...register('email')} />
          {fieldError('email')}
        </div>
      </div>
      <div className="lead-form__field">
        <label htmlFor={fid('postcode')}>Postcode</label>
        <input type="text" inputMode="numeric" autoComplete="postal-code" maxLength={4} {...describe('postcode')} {...register('postcode')} />
        {fieldError('postcode')}
      </div>
      {dealerships.length > 1 ? (
        <div className="lead-form__field">
          <label htmlFor={fid('dealership_slug')}>Dealership *</label>
          <select aria-required="true" {...describe('dealership_slug')} {...register('dealership_slug')}>
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
      <div className="lead-form__field">
        <label htmlFor={fid('message')}>Message{messageOptional ? '' : ' *'}</label>
        <textarea rows={4} aria-required={messageOptional ? undefined : true} {...describe('message')} {...register('message')} />
        {fieldError('message')}
      </div>
      <div className="lead-form__check">
        <input type="checkbox" id={fid('opt_in')} {...register('opt_in')} />
        <label htmlFor={fid('opt_in')}>Keep me informed about offers and news</label>
      </div>
      {captcha ? <CaptchaField key={captchaRound} onPayload={onPayload} error={errors.altcha?.message} errorId={eid('altcha')} /> : null}
      <button type="submit" className="button button--block" disabled={submitting} aria-busy={submitting}>
        {submitting ? <span className="lead-form__spinner" aria-hidden="true" /> : null}
        {submitting ? 'Sending…' : site.texts.submit_label}
      </button>
    </form>
  );
}

function order(field: string): number {
  const i = FIELD_ORDER.indexOf(field);
  return i < 0 ? FIELD_ORDER.length : i;
}
