import { getJSON } from '../../../lib/http';
import type { CarResponse } from '../../../lib/types';
import { useResource } from '../../../lib/useResource';

/** getCar fetches one car the requesting site shows, with the server's view of it; 404 when the site does not show it. */
export function getCar(slug: string, signal?: AbortSignal): Promise<CarResponse> {
  return getJSON<CarResponse>(`/api/cars/${encodeURIComponent(slug)}`, signal);
}

export function useCarQuery(slug: string) {
  return useResource(`car:${slug}`, (signal) => getCar(slug, signal));
}

/** getCarById fetches the car with this id the requesting site shows (GET /api/cars/{id}?by=id). */
export function getCarById(id: string, signal?: AbortSignal): Promise<CarResponse> {
  return getJSON<CarResponse>(`/api/cars/${encodeURIComponent(id)}?by=id`, signal);
}

export function useCarByIdQuery(id: string) {
  return useResource(`car-id:${id}`, (signal) => getCarById(id, signal));
}
