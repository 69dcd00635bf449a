import { LeadError, UNEXPECTED } from '../../../lib/leads/submitLead';
import type { RegoRequest, RegoVehicle } from '../../../lib/types';
import { readLeadError } from './updateLead';

/** REGO_STATES are the states a registration belongs to (shared.RegoStates). */
export const REGO_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;

/**
 * lookupRego asks the server what car a plate belongs to; null when the
 * plate is unknown (404), so the shopper types the car in instead. A bad
 * plate or state is a LeadError naming the field (rego, regoState).
 */
export async function lookupRego(rego: string, regoState: string, signal?: AbortSignal): Promise<RegoVehicle | null> {
  let res: Response;
  try {
    res = await fetch('/api/leads/rego-lookup', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ rego, regoState } satisfies RegoRequest),
      signal,
    });
  } catch {
    throw new LeadError(0, 'network', UNEXPECTED);
  }
  if (res.status === 404) return null;
  if (!res.ok) throw await readLeadError(res);
  return (await res.json()) as RegoVehicle;
}
