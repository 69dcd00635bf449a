import { useCallback, useEffect, useId, useState } from 'react';
import { useForm, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useSite } from '../../lib/siteContext';
import { sendEvent } from '../../lib/leads/sendEvent';
import type { LeadCreated, LeadRequest, LeadType } from '../../lib/types';
import { useSubmitLead, type LeadSubject, type SubmitState } from '../../lib/leads/submitLead';
import { POSTCODE_MESSAGE, validateLead } from '../../lib/leads/rules';
import { fieldOrder, FIELD_LABELS } from './labels';

/** CAPTCHA_MESSAGE is the server's message for a missing solution (functions/httpapi). */
export const CAPTCHA_MESSAGE = 'Please complete the captcha.';
/** TERMS_MESSAGE is the terms checkbox's error (spec 001 §5 terms note). */
export const TERMS_MESSAGE = 'You must agree to the terms of use before submitting the form';
/** CATEGORY_MESSAGE is the category select's error (spec 001 §5: required when shown). */
export const CATEGORY_MESSAGE = 'Select a category';
/** SUCCESS_PATH is the page a successful lead form goes to (spec 001 §2, §4). */
export const SUCCESS_PATH = '/success';

/** LeadFormValues are every field a lead form may show, by API name. */
export interface LeadFormValues {
  name: string;
  last_name: string;
  phone: string;
  email: string;
  postcode: string;
  location_id: string;
  distribution_location: string;
  dealership_slug: string;
  category: string;
  Rego: string;
  preferred_contact_method: string;
  under_finance: string;
  has_trade_in: string;
  appointment: string;
  message: string;
  opt_in: boolean;
  terms_conditions: boolean;
  /** the ticked check options (site leads.check_options), sent as additional_services */
  additional_services: string[];
  altcha: string;
}

/** LeadFieldName is a field of a lead form. */
export type LeadFieldName = keyof LeadFormValues;

/** Requirements a form adds to the shared rules (spec 001 §5), each off unless said. */
export interface LeadFormRequire {
  /** the contact field set's postcode: required (default true) */
  postcode?: boolean;
  /** the location select, required when shown */
  location?: boolean;
  /** the category select, required when shown */
  category?: boolean;
  /** the terms checkbox, required when shown */
  terms?: boolean;
}

export interface LeadFormOptions {
  type: LeadType;
  /** fields sent with every submit that the shopper does not edit (car_id, subcategory, page_id) */
  fixed?: Partial<LeadRequest>;
  /** starting values; opt_in as the site's leads.opt_in_checked and the contact method Phone unless given */
  defaults?: Partial<LeadFormValues>;
  require?: LeadFormRequire;
  /** lifts the message requirement of an enquiry (spec 001 §5 "the caller says it is optional") */
  messageOptional?: boolean;
  /** the dealership of the car or page, chosen in the dealership select */
  dealershipSlug?: string;
  /** dealership id for the conversion event */
  dealershipId?: string;
  /** what the lead is about (a car), named on the success page */
  subject?: LeadSubject;
  /** replaces the default success step (conversion event, marker, /success) */
  onSuccess?: (lead: LeadCreated, payload: LeadRequest) => void;
}

export interface ErrorItem {
  field: string;
  message: string;
}

export interface LeadForm {
  methods: UseFormReturn<LeadFormValues>;
  onSubmit: (e?: React.BaseSyntheticEvent) => Promise<void>;
  state: SubmitState;
  submitting: boolean;
  /** the "Please fix the following errors:" list, in field order */
  errorList: ErrorItem[];
  /** the form-level error: the server's text or 'An unexpected error occured' */
  formError: string;
  captcha: boolean;
  captchaRound: number;
  onCaptcha: (payload: string) => void;
  /** ids of a field's input and error text */
  ids: { field: (f: string) => string; error: (f: string) => string };
}

/**
 * useLeadForm is the engine of every lead form (issue 9 "one form engine"):
 * react-hook-form state validated on submit with the rules Go runs (rules.ts,
 * mirrored through shared vectors) plus the form's own requirements; the
 * submit with its Idempotency-Key and captcha; the server's field errors put
 * on their fields; and the states of spec 001 §4 — submitting, then on
 * success a conversion event, the success marker and /success, on failure
 * the error list and the destructive alert.
 */
export function useLeadForm(opts: LeadFormOptions): LeadForm {
  const { site } = useSite();
  const navigate = useNavigate();
  const dealerships = site.dealerships ?? [];
  const captcha = site.leads?.captcha ?? true;
  const messageOptional = opts.messageOptional || (site.leads?.message_optional ?? false);
  const req = { postcode: true, ...opts.require };
  const { state, submit, newAttempt } = useSubmitLead(site.slug);
  const [captchaRound, setCaptchaRound] = useState(0);
  const id = useId();

  const resolver: Resolver<LeadFormValues> = async (values) => {
    const errs = validateLead({ ...values, type: opts.type, car_id: opts.fixed?.car_id }, { leads: { message_optional: messageOptional }, dealerships });
    if (req.postcode && values.postcode.trim() === '') errs.postcode ??= POSTCODE_MESSAGE;
    if (req.location && !values.location_id) errs.location_id ??= site.leads?.location_placeholder || 'Please Select a Dealership Location';
    if (req.category && !values.category) errs.category ??= CATEGORY_MESSAGE;
    if (req.terms && !values.terms_conditions) errs.terms_conditions ??= TERMS_MESSAGE;
    if (captcha && !values.altcha) errs.altcha ??= CAPTCHA_MESSAGE;
    if (Object.keys(errs).length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(Object.entries(errs).map(([f, message]) => [f, { type: 'validate', message }]));
    return { values: {}, errors: errors as FieldErrors<LeadFormValues> };
  };

  const chosenDealership =
    opts.dealershipSlug && dealerships.some((d) => d.slug === opts.dealershipSlug) ? opts.dealershipSlug : dealerships.length === 1 ? dealerships[0].slug : '';
  const methods = useForm<LeadFormValues>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    resolver,
    defaultValues: {
      name: '',
      last_name: '',
      phone: '',
      email: '',
      postcode: '',
      location_id: '',
      distribution_location: '',
      dealership_slug: chosenDealership,
      category: '',
      Rego: '',
      preferred_contact_method: 'Phone',
      under_finance: '',
      has_trade_in: '',
      appointment: '',
      message: '',
      opt_in: site.leads?.opt_in_checked ?? true,
      terms_conditions: false,
      additional_services: [],
      altcha: '',
      ...opts.defaults,
    },
  });
  const { handleSubmit, setError, setValue, watch, formState } = methods;

  // A changed form is a new attempt: its submit gets a new Idempotency-Key.
  useEffect(() => {
    const sub = watch(() => newAttempt());
    return () => sub.unsubscribe();
  }, [watch, newAttempt]);

  const onCaptcha = useCallback((payload: string) => setValue('altcha', payload), [setValue]);

  const onValid = async (values: LeadFormValues) => {
    const payload = toPayload(opts.type, values, opts.fixed, captcha);
    const created = await submit(payload, opts.subject);
    if (!created) return;
    if (opts.onSuccess) {
      opts.onSuccess(created, payload);
      return;
    }
    const event = { car_id: payload.car_id, dealership_id: opts.dealershipId, website_id: site.id };
    sendEvent({ event_id: 'conversion', ...event });
    if (payload.car_id) sendEvent({ event_id: 'car_viewed', ...event });
    navigate(SUCCESS_PATH, { state: { type: opts.type, lead_id: created.lead_id, reference: created.reference, subject: opts.subject } });
  };

  // The server's field errors go on their fields; a refused captcha gets a fresh challenge.
  useEffect(() => {
    if (state.status !== 'error') return;
    Object.entries(state.error.fields).forEach(([f, message], i) =>
      setError(f as LeadFieldName, { type: 'server', message }, { shouldFocus: i === 0 && f in FIELD_LABELS && f !== 'altcha' }),
    );
    if (state.error.fields.altcha) {
      setValue('altcha', '');
      setCaptchaRound((n) => n + 1);
    }
  }, [state, setError, setValue]);

  const errors = formState.errors as Record<string, { message?: string } | undefined>;
  const errorList: ErrorItem[] =
    formState.submitCount === 0
      ? []
      : Object.entries(errors)
          .filter(([, e]) => e?.message)
          .sort(([a], [b]) => fieldOrder(a) - fieldOrder(b))
          .map(([field, e]) => ({ field, message: e?.message ?? '' }));
  const formError = state.status === 'error' && Object.keys(state.error.fields).length === 0 ? state.error.message : '';

  return {
    methods,
    onSubmit: handleSubmit(onValid),
    state,
    submitting: state.status === 'submitting',
    errorList,
    formError,
    captcha,
    captchaRound,
    onCaptcha,
    ids: { field: (f) => `${id}-${f}`, error: (f) => `${id}-${f}-error` },
  };
}

const TEXT_FIELDS = [
  'name',
  'last_name',
  'phone',
  'email',
  'postcode',
  'location_id',
  'distribution_location',
  'dealership_slug',
  'category',
  'Rego',
  'preferred_contact_method',
  'under_finance',
  'has_trade_in',
  'appointment',
  'message',
] as const;

/**
 * toPayload is the POST /api/leads body of a form: trimmed text fields, empty
 * ones left out (so the server's defaults apply), the fixed fields the form
 * does not show, and the captcha's payload.
 */
export function toPayload(type: LeadType, values: LeadFormValues, fixed: Partial<LeadRequest> = {}, captcha = true): LeadRequest {
  const lead: LeadRequest = { type, name: values.name.trim(), opt_in: values.opt_in };
  for (const f of TEXT_FIELDS) {
    const v = (values[f] ?? '').trim();
    if (v && f !== 'name') (lead as unknown as Record<string, string>)[f] = v;
  }
  if (values.terms_conditions) lead.terms_conditions = true;
  // Spec 001 §3: the check options fold into one additional_services list.
  const services = (values.additional_services ?? []).filter(Boolean);
  if (services.length > 0) lead.additional_services = services;
  const merged: LeadRequest = { ...fixed, ...lead };
  // A fixed message (Request Photos' hidden request) leads; the shopper's own follows it.
  if (fixed.message) merged.message = lead.message ? `${fixed.message}\n\n${lead.message}` : fixed.message;
  if (captcha && values.altcha) merged.altcha = values.altcha;
  return merged;
}
