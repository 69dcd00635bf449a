import { LeadError, UNEXPECTED } from '../../../lib/leads/submitLead';
import type { ErrorBody, LeadRequest, LeadUpdated } from '../../../lib/types';

/** readLeadError turns a refused answer into a LeadError carrying the server's field messages. */
export async function readLeadError(res: Response): Promise<LeadError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // A non-JSON answer (a proxy's error page) keeps the generic message.
  }
  const err = (body as Partial<ErrorBody> | null)?.error;
  return new LeadError(res.status, err?.code ?? 'internal', err?.message || UNEXPECTED, err?.fields ?? (err?.field ? { [err.field]: err.message } : {}));
}

/**
 * updateLead sends a later step of a lead (docs/contracts.md "Leads": PATCH
 * /api/leads/{lead_id} with the lead token the create answer gave). The
 * server merges the fields into the one lead; form_completed true makes a
 * trade-in go to the dealer. A PATCH is idempotent, so a retry is safe.
 */
export async function updateLead(leadId: string, token: string, fields: Partial<LeadRequest>, signal?: AbortSignal): Promise<LeadUpdated> {
  let res: Response;
  try {
    res = await fetch(`/api/leads/${encodeURIComponent(leadId)}`, {
      method: 'PATCH',
      headers: { accept: 'application/json', 'content-type': 'application/json', 'X-Lead-Token': token },
      body: JSON.stringify(fields),
      signal,
    });
  } catch {
    throw new LeadError(0, 'network', UNEXPECTED);
  }
  if (!res.ok) throw await readLeadError(res);
  return (await res.json()) as LeadUpdated;
}
