import { getJSON } from '../http';
import type { TestDriveSlots } from '../types';
import { useResource, type Resource } from '../useResource';

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
