import { useCallback, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CaptchaField } from '../../../components/forms/CaptchaField';
import type { LeadError } from '../../../lib/leads/submitLead';
import type { RegoVehicle } from '../../../lib/types';
import { lookupRego, REGO_STATES } from '../api/lookupRego';
import type { TradeInDraft } from '../hooks/useTradeIn';
import { validateTradeIn } from '../rules';
import { FieldError, fieldProps, FormErrors, SubmitButton } from './FormErrors';

interface VehicleValues {
  mode: 'rego' | 'manual';
  rego: string;
  regoState: string;
  year: string;
  make: string;
  model: string;
  badge: string;
  dealership_slug: string;
}

export const VEHICLE_LABELS: Record<string, string> = {
  rego: 'Rego',
  regoState: 'State',
  'trade_in_vehicle.year': 'Year',
  'trade_in_vehicle.make': 'Make',
  'trade_in_vehicle.model': 'Model',
  dealership_slug: 'Dealership',
  altcha: 'Captcha',
};

export interface VehicleStepProps {
  draft: TradeInDraft;
  dealerships: { slug: string; name: string }[];
  /** chooseDealership shows the dealership select (a group site, no car chosen). */
  chooseDealership: boolean;
  dealershipPlaceholder: string;
  captcha: boolean;
  /** regoLookup offers finding the car by its rego: the deployment has a registration provider (issue 35). */
  regoLookup: boolean;
  submitting: boolean;
  error?: LeadError;
  onNext: (next: TradeInDraft, altcha?: string) => void;
}

/** vehicleName is how the found car is shown: "2018 Mazda CX-5 Maxx Sport". */
export function vehicleName(v: { year?: number; make?: string; model?: string; badge?: string }): string {
  return [v.year || '', v.make, v.model, v.badge].filter(Boolean).join(' ');
}

/**
 * VehicleStep is the trade-in's first step: the shopper's car, found by its
 * rego and state (POST /api/leads/rego-lookup) or typed in as year, make and
 * model. An unknown plate switches to typing it in. Its Next creates the lead.
 */
export function VehicleStep({ draft, dealerships, chooseDealership, dealershipPlaceholder, captcha, regoLookup, submitting, error, onNext }: VehicleStepProps) {
  const id = useId();
  const fid = (f: string) => `${id}-${f}`;
  const [found, setFound] = useState<RegoVehicle | null>(
    draft.lookedUp ? ({ ...draft.vehicle, rego: draft.rego, regoState: draft.regoState } as RegoVehicle) : null,
  );
  const [lookup, setLookup] = useState<{ status: 'idle' | 'looking' | 'unknown' } | { status: 'error'; message: string }>({ status: 'idle' });
  const [altcha, setAltcha] = useState('');
  const [errs, setErrs] = useState<Record<string, string>>({});
  const onPayload = useCallback((p: string) => setAltcha(p), []);
  const { register, handleSubmit, watch, setValue, getValues } = useForm<VehicleValues>({
    defaultValues: {
      mode: regoLookup ? draft.mode : 'manual',
      rego: draft.rego,
      regoState: draft.regoState,
      year: draft.lookedUp || !draft.vehicle.year ? '' : String(draft.vehicle.year),
      make: draft.lookedUp ? '' : (draft.vehicle.make ?? ''),
      model: draft.lookedUp ? '' : (draft.vehicle.model ?? ''),
      badge: draft.lookedUp ? '' : (draft.vehicle.badge ?? ''),
      dealership_slug: draft.dealershipSlug,
    },
  });
  const mode = watch('mode');
  const serverFields = error?.fields ?? {};
  const shown = { ...serverFields, ...errs };
  const needCaptcha = captcha && !draft.leadId;
  // A refused captcha gets a fresh challenge.
  const [captchaRound, setCaptchaRound] = useState(0);
  useEffect(() => {
    if (error?.fields.altcha) {
      setAltcha('');
      setCaptchaRound((n) => n + 1);
    }
  }, [error]);

  const findCar = async () => {
    const { rego, regoState } = getValues();
    const e: Record<string, string> = {};
    if (!rego.trim()) e.rego = 'Rego is required';
    if (!regoState) e.regoState = 'State is required';
    setErrs(e);
    if (Object.keys(e).length) return;
    setLookup({ status: 'looking' });
    setFound(null);
    try {
      const v = await lookupRego(rego.trim(), regoState);
      if (v) {
        setFound(v);
        setLookup({ status: 'idle' });
      } else {
        setLookup({ status: 'unknown' });
        setValue('mode', 'manual');
      }
    } catch (err) {
      const le = err as LeadError;
      if (le.fields && Object.keys(le.fields).length) setErrs(le.fields);
      setLookup({ status: 'error', message: le.message });
    }
  };

  const onValid = (v: VehicleValues) => {
    const e: Record<string, string> = {};
    let vehicle = draft.vehicle;
    if (v.mode === 'rego') {
      // A plate changed since the lookup needs looking up again (the server normalises as plate).
      const plate = (r: string) => r.toUpperCase().replace(/[\s.-]+/g, '');
      if (!found || plate(found.rego) !== plate(v.rego) || found.regoState !== v.regoState) e.rego = 'Find your car by its rego, or enter its details yourself';
      else
        vehicle = {
          year: found.year,
          make: found.make,
          model: found.model,
          badge: found.badge,
          body: found.body,
          transmission: found.transmission,
          fuel: found.fuel,
          colour: found.colour,
          vin: found.vin,
        };
    } else {
      if (!v.make.trim()) e['trade_in_vehicle.make'] = 'Make is required';
      if (!v.model.trim()) e['trade_in_vehicle.model'] = 'Model is required';
      if (!v.year.trim()) e['trade_in_vehicle.year'] = 'Year is required';
      vehicle = { year: Number(v.year) || 0, make: v.make.trim(), model: v.model.trim(), badge: v.badge.trim() || undefined };
      if (v.year.trim() && !/^\d+$/.test(v.year.trim())) e['trade_in_vehicle.year'] = 'Enter the year the car was built, like 2018';
      for (const [f, m] of Object.entries(validateTradeIn(vehicle, undefined, []))) e[f] ??= m;
    }
    if (chooseDealership && !v.dealership_slug) e.dealership_slug = dealershipPlaceholder;
    if (needCaptcha && !altcha) e.altcha = 'Please complete the captcha.';
    setErrs(e);
    if (Object.keys(e).length) return;
    onNext(
      {
        ...draft,
        mode: v.mode,
        rego: v.mode === 'rego' ? v.rego.trim() : '',
        regoState: v.mode === 'rego' ? v.regoState : '',
        vehicle,
        lookedUp: v.mode === 'rego',
        dealershipSlug: v.dealership_slug,
      },
      needCaptcha ? altcha : undefined,
    );
  };

  return (
    <form className="lead-form" noValidate aria-busy={submitting} onSubmit={handleSubmit(onValid)}>
      <FormErrors fields={shown} labels={VEHICLE_LABELS} error={error} />
      {regoLookup ? (
        <fieldset className="choices">
          <legend>How would you like to find your car?</legend>
          <label>
            <input type="radio" value="rego" {...register('mode')} /> By rego
          </label>
          <label>
            <input type="radio" value="manual" {...register('mode')} /> By make and model
          </label>
        </fieldset>
      ) : null}
      {mode === 'rego' ? (
        <>
          <div className="lead-form__row">
            <div className="lead-form__field">
              <label htmlFor={fid('rego')}>Rego *</label>
              <input type="text" autoComplete="off" autoCapitalize="characters" maxLength={12} {...fieldProps(fid('rego'), shown.rego)} {...register('rego')} />
              <FieldError id={fid('rego')} message={shown.rego} />
            </div>
            <div className="lead-form__field">
              <label htmlFor={fid('regoState')}>State *</label>
              <select {...fieldProps(fid('regoState'), shown.regoState)} {...register('regoState')}>
                <option value="">Select a state</option>
                {REGO_STATES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
              <FieldError id={fid('regoState')} message={shown.regoState} />
            </div>
          </div>
          <button type="button" className="button button--ghost" onClick={findCar} disabled={lookup.status === 'looking'}>
            {lookup.status === 'looking' ? 'Finding your car…' : 'Find my car'}
          </button>
          <div aria-live="polite">
            {found ? (
              <p className="trade-in__found">
                We found: <strong>{vehicleName(found)}</strong>
                {[found.transmission, found.fuel, found.colour].filter(Boolean).length
                  ? ` (${[found.transmission, found.fuel, found.colour].filter(Boolean).join(', ')})`
                  : ''}
              </p>
            ) : null}
            {lookup.status === 'error' ? <p className="lead-form__error">{lookup.message}</p> : null}
          </div>
        </>
      ) : (
        <>
          {lookup.status === 'unknown' ? (
            <p className="trade-in__notice" role="status">
              We could not find that rego. Please enter your car's details.
            </p>
          ) : null}
          <div className="lead-form__row">
            <div className="lead-form__field">
              <label htmlFor={fid('year')}>Year *</label>
              <input type="text" inputMode="numeric" maxLength={4} {...fieldProps(fid('year'), shown['trade_in_vehicle.year'])} {...register('year')} />
              <FieldError id={fid('year')} message={shown['trade_in_vehicle.year']} />
            </div>
            <div className="lead-form__field">
              <label htmlFor={fid('make')}>Make *</label>
              <input type="text" {...fieldProps(fid('make'), shown['trade_in_vehicle.make'])} {...register('make')} />
              <FieldError id={fid('make')} message={shown['trade_in_vehicle.make']} />
            </div>
          </div>
          <div className="lead-form__row">
            <div className="lead-form__field">
              <label htmlFor={fid('model')}>Model *</label>
              <input type="text" {...fieldProps(fid('model'), shown['trade_in_vehicle.model'])} {...register('model')} />
              <FieldError id={fid('model')} message={shown['trade_in_vehicle.model']} />
            </div>
            <div className="lead-form__field">
              <label htmlFor={fid('badge')}>Badge or variant</label>
              <input type="text" {...fieldProps(fid('badge'))} {...register('badge')} />
            </div>
          </div>
        </>
      )}
      {chooseDealership ? (
        <div className="lead-form__field">
          <label htmlFor={fid('dealership_slug')}>Dealership *</label>
          <select {...fieldProps(fid('dealership_slug'), shown.dealership_slug)} {...register('dealership_slug')}>
            <option value="">{dealershipPlaceholder}</option>
            {dealerships.map((d) => (
              <option key={d.slug} value={d.slug}>
                {d.name}
              </option>
            ))}
          </select>
          <FieldError id={fid('dealership_slug')} message={shown.dealership_slug} />
        </div>
      ) : null}
      {needCaptcha ? <CaptchaField key={captchaRound} onPayload={onPayload} error={shown.altcha} errorId={`${fid('altcha')}-error`} /> : null}
      <div className="trade-in__actions">
        <SubmitButton submitting={submitting} label="Next" />
      </div>
    </form>
  );
}
