import type { LeadError } from '../../../lib/leads/submitLead';

/**
 * FormErrors is the failure state of spec 001 §4 and §8: the invalid fields
 * listed under 'Please fix the following errors:' (each message named by its
 * field's label) and a form-level error from the server as a destructive alert.
 */
export function FormErrors({ fields, labels, error }: { fields: Record<string, string>; labels: Record<string, string>; error?: LeadError }) {
  const entries = Object.entries(fields);
  const formError = error && Object.keys(error.fields).length === 0 ? error.message : '';
  return (
    <>
      {entries.length > 0 ? (
        <div className="lead-form__errors" role="alert">
          <p>Please fix the following errors:</p>
          <ul>
            {entries.map(([f, m]) => (
              <li key={f}>{labels[f] && !m.startsWith(labels[f]) ? `${labels[f]}: ${m}` : m}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {formError ? (
        <div className="alert alert--destructive" role="alert">
          {formError}
        </div>
      ) : null}
    </>
  );
}

/** fieldProps links an input to its error message for assistive technology. */
export function fieldProps(id: string, error?: string) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined } as const;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={`${id}-error`} className="lead-form__error">
      {message}
    </p>
  ) : null;
}

/** SubmitButton is the step's submit with the submitting state of spec 001 §4 (disabled, spinner). */
export function SubmitButton({ submitting, label }: { submitting: boolean; label: string }) {
  return (
    <button type="submit" className="button" disabled={submitting} aria-busy={submitting}>
      {submitting ? <span className="lead-form__spinner" aria-hidden="true" /> : null}
      {submitting ? 'Sending…' : label}
    </button>
  );
}
