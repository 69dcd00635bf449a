// The inputs of the lead forms: each labelled, its error text tied to it by
// aria-describedby, registered with the enclosing LeadForm's react-hook-form.
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useLeadFormContext } from './LeadForm';
import type { LeadFieldName, LeadFormValues } from './useLeadForm';

/**
 * useField wires a field to the form. hint is a line under the label the
 * input is described by; sharedError names another field whose error this
 * input answers to as well (phone-or-email: one message on both inputs,
 * shown once by the caller under them; issue 32 item 14).
 */
function useField(name: LeadFieldName, { hint, sharedError }: { hint?: string; sharedError?: LeadFieldName } = {}) {
  const { ids } = useLeadFormContext();
  const { register, formState } = useFormContext<LeadFormValues>();
  const message = formState.errors[name]?.message;
  const shared = sharedError ? formState.errors[sharedError]?.message : undefined;
  const hintId = hint ? `${ids.field(name)}-hint` : undefined;
  const describedBy = [hintId, message ? ids.error(name) : undefined, shared ? ids.error(sharedError as string) : undefined].filter(Boolean).join(' ');
  return {
    register,
    message,
    inputProps: {
      id: ids.field(name),
      'aria-invalid': message || shared ? (true as const) : undefined,
      'aria-describedby': describedBy || undefined,
    },
    hint: hint ? (
      <p id={hintId} className="lead-form__hint lead-form__hint--field">
        {hint}
      </p>
    ) : null,
    error: message ? (
      <p id={ids.error(name)} className="lead-form__error">
        {message}
      </p>
    ) : null,
  };
}

/** label is the visible label, with " *" when required. */
const label = (text: string, required?: boolean) => (required ? `${text} *` : text);

export function TextField({
  name,
  text,
  required,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  hint,
  sharedError,
  ownError = true,
}: {
  name: LeadFieldName;
  text: string;
  required?: boolean;
  type?: 'text' | 'tel' | 'email';
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'tel' | 'email';
  maxLength?: number;
  /** a line under the label that says what the field is for */
  hint?: string;
  /** another field whose error this input answers to too (shown by the caller) */
  sharedError?: LeadFieldName;
  /** false when the caller shows this field's error (under a pair of fields) */
  ownError?: boolean;
}) {
  const f = useField(name, { hint, sharedError });
  return (
    <div className="lead-form__field">
      <label htmlFor={f.inputProps.id}>{label(text, required)}</label>
      {f.hint}
      <input
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-required={required || undefined}
        {...f.inputProps}
        {...f.register(name)}
      />
      {ownError ? f.error : null}
    </div>
  );
}

/** FieldError is a field's error text where its caller places it (under a pair of fields). */
export function FieldError({ name }: { name: LeadFieldName }) {
  const { ids } = useLeadFormContext();
  const { formState } = useFormContext<LeadFormValues>();
  const message = formState.errors[name]?.message;
  return message ? (
    <p id={ids.error(name)} className="lead-form__error">
      {message}
    </p>
  ) : null;
}

export function TextAreaField({ name, text, required, rows = 4 }: { name: LeadFieldName; text: string; required?: boolean; rows?: number }) {
  const f = useField(name);
  return (
    <div className="lead-form__field">
      <label htmlFor={f.inputProps.id}>{label(text, required)}</label>
      <textarea rows={rows} aria-required={required || undefined} {...f.inputProps} {...f.register(name)} />
      {f.error}
    </div>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField({
  name,
  text,
  required,
  placeholder,
  options,
  onChange,
}: {
  name: LeadFieldName;
  text: string;
  required?: boolean;
  /** the empty first option; none when every value is a real choice */
  placeholder?: string;
  options: Option[];
  onChange?: (value: string) => void;
}) {
  const f = useField(name);
  const reg = f.register(name, { onChange: onChange ? (e: { target: { value: string } }) => onChange(e.target.value) : undefined });
  return (
    <div className="lead-form__field">
      <label htmlFor={f.inputProps.id}>{label(text, required)}</label>
      <select aria-required={required || undefined} {...f.inputProps} {...reg}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {f.error}
    </div>
  );
}

export function CheckboxField({ name, children, required }: { name: LeadFieldName; children: ReactNode; required?: boolean }) {
  const f = useField(name);
  return (
    <div className="lead-form__field">
      <div className="lead-form__check">
        <input type="checkbox" aria-required={required || undefined} {...f.inputProps} {...f.register(name)} />
        <label htmlFor={f.inputProps.id}>{children}</label>
      </div>
      {f.error}
    </div>
  );
}

/** CheckOptionsField is a tick box per check option, all one field: the lead's additional_services (spec 001 §3). */
export function CheckOptionsField({ text, options }: { text: string; options: string[] }) {
  const f = useField('additional_services');
  return (
    <fieldset className="lead-form__field lead-form__options">
      <legend>{text}</legend>
      {options.map((o, i) => (
        <div className="lead-form__check" key={o}>
          <input type="checkbox" id={`${f.inputProps.id}-${i}`} value={o} {...f.register('additional_services')} />
          <label htmlFor={`${f.inputProps.id}-${i}`}>{o}</label>
        </div>
      ))}
      {f.error}
    </fieldset>
  );
}
