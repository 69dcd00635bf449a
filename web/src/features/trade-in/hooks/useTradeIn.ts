import { useCallback, useState } from 'react';
import { LeadError, SUCCESS_KEY, submitLead, UNEXPECTED } from '../../../lib/leads/submitLead';
import { sendEvent } from '../../../lib/leads/sendEvent';
import { updateLead } from '../api/updateLead';
import { visitedPages } from '../../../lib/visitedPages';
import type { LeadRequest, TradeInVehicle } from '../../../lib/types';

/** TRADE_IN_CATEGORY is the trade-in lead's category; each step names itself in the subcategory. */
export const TRADE_IN_CATEGORY = 'Trade-In';
export const SUBCATEGORY = { vehicle: '1. Vehicle Details', condition: '2. Vehicle Condition', contact: '3. Contact Details' } as const;

export type Step = 1 | 2 | 3 | 'done';

/** TradeInDraft is what the shopper has entered so far and the one lead it builds. */
export interface TradeInDraft {
  step: Step;
  leadId?: string;
  /** the lead's short reference, shown on the success page (issue 32 item 14) */
  reference?: string;
  token?: string;
  /** idempotencyKey is the create attempt's key, kept so a reload mid-submit retries the same lead. */
  idempotencyKey?: string;
  mode: 'rego' | 'manual';
  rego: string;
  regoState: string;
  vehicle: TradeInVehicle;
  /** lookedUp is true when vehicle came from the rego lookup. */
  lookedUp: boolean;
  dealershipSlug: string;
  km: string;
  answers: Record<string, string>;
  underFinance: '' | 'Yes' | 'No';
}

export const emptyDraft = (dealershipSlug = ''): TradeInDraft => ({
  step: 1,
  mode: 'rego',
  rego: '',
  regoState: '',
  vehicle: {},
  lookedUp: false,
  dealershipSlug,
  km: '',
  answers: {},
  underFinance: '',
});

/** storageKey keeps one trade-in per site and car per browser tab. */
export const storageKey = (site: string, carId?: string) => `forecourt:trade-in:${site}:${carId ?? ''}`;

function load(key: string, fallback: TradeInDraft): TradeInDraft {
  try {
    const raw = sessionStorage.getItem(key);
    if (raw) return { ...fallback, ...(JSON.parse(raw) as Partial<TradeInDraft>) };
  } catch {
    // Storage disabled or a stale shape: start afresh.
  }
  return fallback;
}

function save(key: string, d: TradeInDraft) {
  try {
    if (d.step === 'done') sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(d));
  } catch {
    // Storage full or disabled: the steps work, only a reload starts again.
  }
}

function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** fullVehicle sends every vehicle field, so a PATCH (which merges) clears what an earlier answer set. */
function fullVehicle(v: TradeInVehicle): Required<TradeInVehicle> {
  return {
    year: v.year ?? 0,
    make: v.make ?? '',
    model: v.model ?? '',
    badge: v.badge ?? '',
    body: v.body ?? '',
    transmission: v.transmission ?? '',
    fuel: v.fuel ?? '',
    colour: v.colour ?? '',
    vin: v.vin ?? '',
    km: v.km ?? 0,
  };
}

export type SendState = { status: 'idle' } | { status: 'submitting' } | { status: 'error'; error: LeadError };

/** Context is what every step's lead carries about where it was sent from (spec 001 §3 "Trade-in lead"). */
export interface TradeInContext {
  site: string;
  carId?: string;
  /** query is the page's query string, kept as the lead's linked_query_params. */
  query: Record<string, string>;
  /** websiteId names the site in the conversion event. */
  websiteId?: string;
}

/**
 * useTradeIn runs the three trade-in steps as one lead (issue 9): the vehicle
 * step creates it (POST /api/leads with an Idempotency-Key), the condition
 * and contact steps PATCH it with its lead token, and the contact step sets
 * form_completed, which sends it to the dealer. The draft, lead id and token
 * live in sessionStorage, so a reload resumes at the same step.
 */
/** leadAttributes is the trade-in lead's browsing context; undefined when there is none. */
function leadAttributes(query: Record<string, string>, visited: string[]) {
  const a = {
    ...(Object.keys(query).length ? { linked_query_params: query } : {}),
    ...(visited.length ? { visited_pages: visited } : {}),
  };
  return Object.keys(a).length ? a : undefined;
}

export function useTradeIn(ctx: TradeInContext, defaultDealership: string) {
  const key = storageKey(ctx.site, ctx.carId);
  const [draft, setDraft] = useState<TradeInDraft>(() => load(key, emptyDraft(defaultDealership)));
  const [send, setSend] = useState<SendState>({ status: 'idle' });

  const commit = useCallback(
    (d: TradeInDraft) => {
      save(key, d);
      setDraft(d);
    },
    [key],
  );

  const run = useCallback(
    async (next: TradeInDraft, call: (d: TradeInDraft) => Promise<TradeInDraft>) => {
      setSend({ status: 'submitting' });
      try {
        const done = await call(next);
        setSend({ status: 'idle' });
        commit(done);
        return true;
      } catch (e) {
        const error = e instanceof LeadError ? e : new LeadError(0, 'internal', UNEXPECTED);
        if (error.status === 403 || error.status === 404) {
          // The lead is gone or belongs to another tab: start again.
          commit(emptyDraft(next.dealershipSlug));
          setSend({ status: 'error', error: new LeadError(error.status, error.code, 'This trade-in has expired. Please start again.') });
          return false;
        }
        // A definite refusal ends the create attempt; after a network failure or a 5xx the
        // same Idempotency-Key retries it, so the server stores the lead once.
        commit(error.status >= 400 && error.status < 500 ? { ...next, idempotencyKey: undefined } : next);
        setSend({ status: 'error', error });
        return false;
      }
    },
    [commit],
  );

  /** sendVehicle creates the lead with the shopper's car, or updates the car of the lead already made. */
  const sendVehicle = useCallback(
    (next: TradeInDraft, altcha?: string) =>
      run(next.leadId ? next : { ...next, idempotencyKey: next.idempotencyKey ?? newKey() }, async (d) => {
        const vehicleFields = {
          subcategory: SUBCATEGORY.vehicle,
          Rego: d.mode === 'rego' ? d.rego : '',
          regoState: d.mode === 'rego' ? d.regoState : '',
          trade_in_vehicle: fullVehicle({ ...d.vehicle, km: d.km ? Number(d.km) : undefined }),
        };
        if (d.leadId && d.token) {
          await updateLead(d.leadId, d.token, vehicleFields);
          return { ...d, step: 2 };
        }
        // Kept before sending, so a reload mid-submit retries the same lead.
        save(key, d);
        const lead = {
          type: 'trade_in',
          category: TRADE_IN_CATEGORY,
          name: '',
          // Consent is the contact step's tick box, which the shopper has not seen yet.
          opt_in: false,
          car_id: ctx.carId,
          dealership_slug: d.dealershipSlug || undefined,
          source: 'Website',
          url: window.location.href,
          user_agent: navigator.userAgent,
          lead_attributes: leadAttributes(ctx.query, visitedPages()),
          altcha,
          ...vehicleFields,
        } as LeadRequest;
        const created = await submitLead(lead, d.idempotencyKey!);
        return { ...d, idempotencyKey: undefined, leadId: created.lead_id, reference: created.reference, token: created.lead_token, step: 2 };
      }),
    [run, key, ctx.carId, ctx.query],
  );

  /** sendCondition adds the odometer and the condition answers (spec 001 §7 valuation adjustments). */
  const sendCondition = useCallback(
    (next: TradeInDraft) =>
      run(next, async (d) => {
        await updateLead(d.leadId!, d.token!, {
          subcategory: SUBCATEGORY.condition,
          trade_in_vehicle: { km: Number(d.km) },
          adjustmentAnswers: d.answers,
          under_finance: d.underFinance || undefined,
        });
        return { ...d, step: 3 };
      }),
    [run],
  );

  /** sendContact adds the shopper's details and completes the lead: it goes to the dealer. */
  const sendContact = useCallback(
    (contact: Record<string, unknown>) =>
      run(draft, async (d) => {
        await updateLead(d.leadId!, d.token!, { ...contact, subcategory: SUBCATEGORY.contact, form_completed: true });
        try {
          localStorage.setItem(
            SUCCESS_KEY,
            JSON.stringify({ site: ctx.site, lead_id: d.leadId, reference: d.reference, type: 'trade_in', at: new Date().toISOString() }),
          );
        } catch {
          // Storage full or disabled: the lead is sent all the same.
        }
        sendEvent({ event_id: 'conversion', car_id: ctx.carId, website_id: ctx.websiteId });
        return { ...d, step: 'done' };
      }),
    [run, draft, ctx.site, ctx.carId, ctx.websiteId],
  );

  const back = useCallback(() => {
    setSend({ status: 'idle' });
    if (draft.step === 2 || draft.step === 3) commit({ ...draft, step: (draft.step - 1) as Step });
  }, [draft, commit]);

  return { draft, send, sendVehicle, sendCondition, sendContact, back };
}
