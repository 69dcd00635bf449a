import { createContext, useContext, type ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { useSite } from '../../lib/siteContext';
import { CaptchaField } from './CaptchaField';
import { FIELD_LABELS } from './labels';
import type { LeadForm as LeadFormEngine } from './useLeadForm';
import './leads.css';

const LeadFormContext = createContext<LeadFormEngine | null>(null);

/** useLeadFormContext is the engine of the enclosing LeadForm (its ids and errors). */
export function useLeadFormContext(): LeadFormEngine {
  const v = useContext(LeadFormContext);
  if (!v) throw new Error('lead form fields must be inside <LeadForm>');
  return v;
}

/**
 * LeadForm renders a form of the engine (useLeadForm) with the states of
 * spec 001 §4: the "Please fix the following errors:" list, the destructive
 * alert with the server's text, the fields given as children, the captcha
 * and a submit button that is disabled with a spinner while submitting.
 */
export function LeadForm({
  form,
  children,
  submitLabel,
  id,
  className,
  failureTitle,
}: {
  form: LeadFormEngine;
  children: ReactNode;
  /** what the button does ('Send enquiry'); a site's texts.submit_label, when set, replaces it */
  submitLabel: string;
  id?: string;
  className?: string;
  /** the alert's heading on a failed submit (spec 001 §8: the generic enquiry's) */
  failureTitle?: string;
}) {
  const { site } = useSite();
  const { methods, onSubmit, submitting, errorList, formError, captcha, captchaRound, onCaptcha, ids } = form;
  const captchaError = methods.formState.errors.altcha?.message;
  return (
    <LeadFormContext.Provider value={form}>
      <FormProvider {...methods}>
        <form id={id} className={['lead-form', className].filter(Boolean).join(' ')} noValidate aria-busy={submitting} onSubmit={onSubmit}>
          {errorList.length > 0 ? (
            <div className="lead-form__errors" role="alert">
              <p>Please fix the following errors:</p>
              <ul>
                {errorList.map((m) => (
                  <li key={m.field}>{m.field in FIELD_LABELS ? m.message : `${m.field}: ${m.message}`}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {formError ? (
            <div className="alert alert--destructive" role="alert">
              {failureTitle && failureTitle !== formError ? <strong className="alert__title">{failureTitle}</strong> : null}
              {formError}
            </div>
          ) : null}
          {children}
          {captcha ? <CaptchaField key={captchaRound} onPayload={onCaptcha} error={captchaError} errorId={ids.error('altcha')} /> : null}
          <button type="submit" className="button button--block lead-form__submit" disabled={submitting} aria-busy={submitting}>
            {submitting ? <span className="lead-form__spinner" aria-hidden="true" /> : null}
            {submitting ? 'Sending…' : site.texts.submit_label || submitLabel}
          </button>
        </form>
      </FormProvider>
    </LeadFormContext.Provider>
  );
}
