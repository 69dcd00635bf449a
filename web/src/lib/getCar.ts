import { useState } from 'react';
import { getJSON, type ApiError } from './http';
import { inlinedJSON } from './inlined';
import type { CarResponse } from './types';
import { useResource, type Resource } from './useResource';

/** getCar fetches one car the requesting site shows, with the server's view of it; 404 when the site does not show it. */
export function getCar(slug: string, signal?: AbortSignal): Promise<CarResponse> {
  return getJSON<CarResponse>(`/api/cars/${encodeURIComponent(slug)}`, signal);
}

/** INLINED_CAR_ID is the script a car page's shell carries GET /api/cars/{slug}'s body in (functions/seo). */
export const INLINED_CAR_ID = 'forecourt-car';

/**
 * inlinedCar reads the car the server rendered into the page (issue 14:
 * first paint without a round trip) when it is the car with this slug, or
 * undefined (another page, another car after navigating, no valid JSON).
 */
export function inlinedCar(slug: string, doc: Document = document): CarResponse | undefined {
  return inlinedJSON<CarResponse>(INLINED_CAR_ID, (body) => body.car?.slug === slug && body.view, doc);
}

/**
 * useCarQuery is the car with this slug: ready at the first render when the
 * page carries it, and always fetched, because the page may come from the
 * edge cache a few minutes old while a reservation or a sale shows at once
 * in GET /api/cars (no-cache). The answer replaces the inlined car; a car
 * gone since (404, 410) shows as gone; a failed fetch keeps the inlined car.
 */
export function useCarQuery(slug: string): Resource<CarResponse> {
  const [inlined] = useState(() => inlinedCar(slug));
  const fetched = useResource(`car:${slug}`, (signal) => getCar(slug, signal));
  const shown = inlined?.car.slug === slug ? inlined : undefined;
  if (!shown || fetched.status === 'ready') return fetched;
  // An ApiError under 500 is the server's word on the car; a network
  // error (no status) or a 5xx keeps the inlined car.
  if (fetched.status === 'error' && (fetched.error as ApiError).status < 500) return fetched;
  return { status: 'ready', data: shown };
}

/** getCarById fetches the car with this id the requesting site shows (GET /api/cars/{id}?by=id). */
export function getCarById(id: string, signal?: AbortSignal): Promise<CarResponse> {
  return getJSON<CarResponse>(`/api/cars/${encodeURIComponent(id)}?by=id`, signal);
}

export function useCarByIdQuery(id: string) {
  return useResource(`car-id:${id}`, (signal) => getCarById(id, signal));
}
