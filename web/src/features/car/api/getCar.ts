import { getJSON } from '../../../lib/http';
import type { Car } from '../../../lib/types';
import { useResource } from '../../../lib/useResource';

/** getCar fetches one car the requesting site shows; 404 when it does not. */
export function getCar(slug: string, signal?: AbortSignal): Promise<Car> {
  return getJSON<{ car: Car }>(`/api/cars/${encodeURIComponent(slug)}`, signal).then((r) => r.car);
}

export function useCarQuery(slug: string) {
  return useResource(`car:${slug}`, (signal) => getCar(slug, signal));
}
