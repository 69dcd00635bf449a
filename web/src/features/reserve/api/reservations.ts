import { ApiError } from '../../../lib/http';
import type { AuthSettings, ReservationCreated, ReservationResponse } from '../../../lib/types';
import { idToken } from '../../accounts/lib/amplify';

// The reservation calls of issue 13. The shopper is who the token says.

async function call<T>(auth: AuthSettings | undefined, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const token = await idToken(auth);
  if (!token) throw new ApiError(401, 'unauthorized', 'Sign in to reserve a car.');
  const res = await fetch(path, {
    method,
    headers: { accept: 'application/json', authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => ({}))) as T & { error?: { code?: string; message?: string } };
  if (!res.ok) {
    throw new ApiError(res.status, json.error?.code ?? 'internal', json.error?.message ?? `request failed (${res.status})`);
  }
  return json;
}

/** createReservation holds the car for the shopper and answers where to pay the deposit. */
export function createReservation(auth: AuthSettings | undefined, carId: string) {
  return call<ReservationCreated>(auth, 'POST', '/api/reservations', { car_id: carId });
}

/** fetchReservation reads the shopper's own reservation. */
export function fetchReservation(auth: AuthSettings | undefined, id: string) {
  return call<ReservationResponse>(auth, 'GET', `/api/reservations/${encodeURIComponent(id)}`);
}
