import { getJSON } from '../http';
import { useResource, type Resource } from '../useResource';

/** Slot is one bookable start time (docs/contracts.md "Test-drive slots"). */
export interface Slot {
  /** RFC 3339 with the location's offset; sent as the lead's appointment */
  start: string;
  /** "9:00 am" */
  label: string;
}

/** SlotDay is one day's slots in the location's time zone. */
export interface SlotDay {
  date: string;
  /** "Tue 24 Nov" */
  label: string;
  slots: Slot[];
}

/** TestDriveSlots is the answer of GET /api/test-drive/slots. */
export interface TestDriveSlots {
  time_zone: string;
  days: SlotDay[];
}

/** slotsPath asks for the slots at the car's location, or a chosen location when there is no car. */
export function slotsPath(where: { carId?: string; locationId?: string }): string {
  const q = new URLSearchParams();
  if (where.carId) q.set('car_id', where.carId);
  else if (where.locationId) q.set('location_id', where.locationId);
  return `/api/test-drive/slots?${q}`;
}

/**
 * useTestDriveSlots loads the appointment times the server computes from the
 * location's opening hours (issue 9); the browser only shows them.
 */
export function useTestDriveSlots(where: { carId?: string; locationId?: string }): Resource<TestDriveSlots> {
  const path = slotsPath(where);
  return useResource(path, (signal) => getJSON<TestDriveSlots>(path, signal));
}
