import type { AuthSettings, ReservationCreated, ReservationList, ReservationResponse } from '../../../lib/types';
import { shopperRequest } from '../../../lib/shopper/shopperRequest';

const SIGNED_OUT = 'Sign in to reserve a car.';

// The reservation calls of issue 13. The shopper is who the token says.

/** createReservation holds the car for the shopper and answers where to pay the deposit. */
export function createReservation(auth: AuthSettings | undefined, carId: string) {
  return shopperRequest<ReservationCreated>(auth, 'POST', '/api/reservations', SIGNED_OUT, { car_id: carId });
}

/** fetchReservation reads the shopper's own reservation. */
export function fetchReservation(auth: AuthSettings | undefined, id: string) {
  return shopperRequest<ReservationResponse>(auth, 'GET', `/api/reservations/${encodeURIComponent(id)}`, SIGNED_OUT);
}

/** fetchMyReservations lists the signed-in shopper's reservations on this site, newest first. */
export function fetchMyReservations(auth: AuthSettings | undefined) {
  return shopperRequest<ReservationList>(auth, 'GET', '/api/reservations', SIGNED_OUT);
}
