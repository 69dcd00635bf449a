import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { LeadError } from '../../../lib/leads/submitLead';
import type { TradeInQuestion } from '../../../lib/types';
import type { TradeInDraft } from '../hooks/useTradeIn';
import { validateTradeIn } from '../rules';
import { FieldError, fieldProps, FormErrors, SubmitButton } from './FormErrors';

interface ConditionValues {
  km: string;
  under_finance: '' | 'Yes' | 'No';
  answers: Record<string, string>;
}

export interface ConditionStepProps {
  draft: TradeInDraft;
  questions: TradeInQuestion[];
  submitting: boolean;
  error?: LeadError;
  onNext: (next: TradeInDraft) => void;
  onBack: () => void;
}

/**
 * ConditionStep is the trade-in's second step: the odometer, the site's
 * condition questions (their answers are the lead's adjustmentAnswers,
 * spec 001 §7 valuation adjustments) and 'Is your car currently under
 * finance?' (spec 001 §3). Its Next updates the lead.
 */
export function ConditionStep({ draft, questions, submitting, error, onNext, onBack }: ConditionStepProps) {
  const id = useId();
  const fid = (f: string) => `${id}-${f.replace(/\W/g, '_')}`;
  const [errs, setErrs] = useState<Record<string, string>>({});
  const { register, handleSubmit } = useForm<ConditionValues>({
    defaultValues: { km: draft.km, under_finance: draft.underFinance, answers: { ...draft.answers } },
  });
  const labels: Record<string, string> = { 'trade_in_vehicle.km': 'Odometer', under_finance: 'Under finance' };
  for (const q of questions) labels[`adjustmentAnswers.${q.id}`] = q.label;
  const shown = { ...(error?.fields ?? {}), ...errs };

  const onValid = (v: ConditionValues) => {
    const e: Record<string, string> = {};
    const km = v.km.replace(/[\s,]/g, '');
    if (!km) e['trade_in_vehicle.km'] = 'Odometer is required';
    else if (!/^\d+$/.test(km)) e['trade_in_vehicle.km'] = 'Enter the odometer in km, up to 2,000,000';
    const answers = Object.fromEntries(Object.entries(v.answers ?? {}).filter(([, a]) => a));
    for (const q of questions) if (!answers[q.id]) e[`adjustmentAnswers.${q.id}`] = `${q.label}: choose an answer`;
    for (const [f, m] of Object.entries(validateTradeIn({ km: km ? Number(km) : 0 }, answers, questions))) e[f] ??= m;
    setErrs(e);
    if (Object.keys(e).length) return;
    onNext({ ...draft, km, answers, underFinance: v.under_finance });
  };

  return (
    <form className="lead-form" noValidate aria-busy={submitting} onSubmit={handleSubmit(onValid)}>
      <FormErrors fields={shown} labels={labels} error={error} />
      <div className="lead-form__field">
        <label htmlFor={fid('km')}>Odometer (km) *</label>
        <input type="text" inputMode="numeric" autoComplete="off" maxLength={9} {...fieldProps(fid('km'), shown['trade_in_vehicle.km'])} {...register('km')} />
        <FieldError id={fid('km')} message={shown['trade_in_vehicle.km']} />
      </div>
      {questions.map((q) => {
        const f = `adjustmentAnswers.${q.id}`;
        return (
          <fieldset key={q.id} className="choices" aria-invalid={shown[f] ? true : undefined} aria-describedby={shown[f] ? `${fid(f)}-error` : undefined}>
            <legend>{q.label} *</legend>
            {(q.options ?? []).map((o) => (
              <label key={o}>
                <input type="radio" value={o} {...register(`answers.${q.id}` as const)} /> {o}
              </label>
            ))}
            <FieldError id={fid(f)} message={shown[f]} />
          </fieldset>
        );
      })}
      <fieldset className="choices">
        <legend>Is your car currently under finance?</legend>
        <label>
          <input type="radio" value="Yes" {...register('under_finance')} /> Yes
        </label>
        <label>
          <input type="radio" value="No" {...register('under_finance')} /> No
        </label>
      </fieldset>
      <div className="trade-in__actions">
        <button type="button" className="button button--ghost" onClick={onBack} disabled={submitting}>
          Back
        </button>
        <SubmitButton submitting={submitting} label="Next" />
      </div>
    </form>
  );
}
