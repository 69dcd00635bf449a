import { getJSON } from '../../../lib/http';
import type { GeocodeResponse, LocationResponse, LocationsResponse } from '../../../lib/types';
import { useResource } from '../../../lib/useResource';

/** LocationQuery picks locations as spec 001 §2's filters do; the API applies them (shared.FilterLocations). */
export interface LocationQuery {
  /** primary, sales, service, parts, service-and-parts, all, or a location id. */
  type?: string;
  manufacturer?: string;
  subtype?: string;
}

function query(q: LocationQuery): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** getLocations fetches the site's locations with hours, open-now status and review summary, computed by the API at request time. */
export function getLocations(q: LocationQuery, signal?: AbortSignal): Promise<LocationsResponse> {
  return getJSON<LocationsResponse>(`/api/locations${query(q)}`, signal);
}

/** useLocations loads the locations a block shows. */
export function useLocations(q: LocationQuery = {}) {
  return useResource(`locations${query(q)}`, (signal) => getLocations(q, signal));
}

/** getLocation fetches one location (by its slug or its dealership's) with its departments and shown reviews. */
export function getLocation(slug: string, signal?: AbortSignal): Promise<LocationResponse> {
  return getJSON<LocationResponse>(`/api/locations/${encodeURIComponent(slug)}`, signal);
}

/** useLocation loads one location's page. */
export function useLocation(slug: string) {
  return useResource(`location/${slug}`, (signal) => getLocation(slug, signal));
}

/** geocode resolves a postcode (or, with a non-numeric input, a suburb) to a point and the site's locations nearest first. */
export function geocode(input: string, signal?: AbortSignal): Promise<GeocodeResponse> {
  const v = input.trim();
  const param = /^\d+$/.test(v) ? `postcode=${encodeURIComponent(v)}` : `q=${encodeURIComponent(v)}`;
  return getJSON<GeocodeResponse>(`/api/geocode?${param}`, signal);
}
