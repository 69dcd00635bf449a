import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../http';
import type { ErrorBody, LeadCreated, LeadRequest, LeadType } from '../types';

/** LeadSubject is what a lead is about as the success page names it: a car's title, photo and page. */
export interface LeadSubject {
  title: string;
  image?: string;
  path?: string;
}

/** SuccessMarker is the local-storage record of the last lead sent (spec 001 §4 "Form submit"). */
export interface SuccessMarker {
  site: string;
  lead_id: string;
  reference?: string;
  type: LeadType;
  subject?: LeadSubject;
  at: string;
}

/** LeadError is a refused or failed submit; fields holds the server's message per invalid field. */
export class LeadError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(status, code, message);
    this.name = 'LeadError';
  }
}

/** UNEXPECTED is the form-level error when the server gives no text (spec 001 §8, its spelling). */
export const UNEXPECTED = 'An unexpected error occured';

/**
 * submitLead sends a lead. The Idempotency-Key makes a retry of the same
 * attempt return the first answer instead of storing the lead twice
 * (docs/contracts.md "HTTP API").
 */
export async function submitLead(lead: LeadRequest, idempotencyKey: string, signal?: AbortSignal): Promise<LeadCreated> {
  let res: Response;
  try {
    res = await fetch('/api/leads', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify(lead),
      signal,
    });
  } catch {
    // Offline or the connection dropped: the lead may or may not be stored.
    throw new LeadError(0, 'network', UNEXPECTED);
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // A non-JSON answer (a proxy's error page) keeps the generic message.
  }
  if (!res.ok) {
    const err = (body as Partial<ErrorBody> | null)?.error;
    throw new LeadError(res.status, err?.code ?? 'internal', err?.message || UNEXPECTED, err?.fields ?? (err?.field ? { [err.field]: err.message } : {}));
  }
  return body as LeadCreated;
}

/** newIdempotencyKey is 128 random bits in hex (crypto.randomUUID needs a secure context). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** SuccessKey is the local-storage key of the success marker (spec 001 §4 "Form submit"). */
export const SUCCESS_KEY = 'forecourt:lead-success';

export type SubmitState = { status: 'idle' } | { status: 'submitting' } | { status: 'success'; lead: LeadCreated } | { status: 'error'; error: LeadError };

/**
 * useSubmitLead submits a lead with the states of spec 001 §4. One key serves
 * one attempt: it is kept after a network failure or a 5xx, so submitting
 * again retries the same attempt (the server stores it once), and dropped
 * after any definite answer or when newAttempt says the form changed.
 */
export function useSubmitLead(site: string) {
  const [state, setState] = useState<SubmitState>({ status: 'idle' });
  const key = useRef<string | null>(null);
  const submit = useCallback(
    async (lead: LeadRequest, subject?: LeadSubject) => {
      key.current ??= newIdempotencyKey();
      setState({ status: 'submitting' });
      try {
        const created = await submitLead(lead, key.current);
        key.current = null;
        try {
          const marker: SuccessMarker = {
            site,
            lead_id: created.lead_id,
            reference: created.reference,
            type: lead.type,
            subject,
            at: new Date().toISOString(),
          };
          localStorage.setItem(SUCCESS_KEY, JSON.stringify(marker));
        } catch {
          // Storage full or disabled: the lead is sent all the same.
        }
        setState({ status: 'success', lead: created });
        return created;
      } catch (e) {
        const error = e instanceof LeadError ? e : new LeadError(0, 'internal', UNEXPECTED);
        if (error.status >= 400 && error.status < 500) key.current = null;
        setState({ status: 'error', error });
        return null;
      }
    },
    [site],
  );
  const newAttempt = useCallback(() => {
    key.current = null;
  }, []);
  return { state, submit, newAttempt };
}
