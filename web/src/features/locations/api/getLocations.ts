import { useEffect, useState } from 'react';
import { getJSON } from '../../../lib/http';
import { inlinedJSON } from '../../../lib/inlined';
import type { GeocodeResponse, LocationPageData, LocationResponse, LocationsResponse } from '../../../lib/types';
import { useResource, type Resource } from '../../../lib/useResource';

/** INLINED_LOCATION_ID is the script a location page's HTML carries its data in (functions/httpapi LocationPageData). */
export const INLINED_LOCATION_ID = 'forecourt-location';

/** INLINED_LOCATIONS_ID is the script /dealerships' HTML carries GET /api/locations's answer in (issue 34). */
export const INLINED_LOCATIONS_ID = 'forecourt-locations';

/** inlinedLocations is the locations answer the server rendered into the page, or undefined. */
function inlinedLocations(doc: Document = document): LocationsResponse | undefined {
  return inlinedJSON<LocationsResponse>(INLINED_LOCATIONS_ID, (b) => b.locations === null || Array.isArray(b.locations), doc);
}

/** inlinedPage is the location page data the server rendered into the page, or undefined. */
function inlinedPage(doc: Document = document): LocationPageData | undefined {
  return inlinedJSON<LocationPageData>(
    INLINED_LOCATION_ID,
    (b) => typeof b.slug === 'string' && b.page?.location && Array.isArray(b.locations?.locations),
    doc,
  );
}

/**
 * useGiven is useResource that starts from data the page came with: ready
 * at the first render and not fetched (issue 32 item 11: the location page
 * showed "Loading location…", then moved everything under the reader).
 * The document's inlined data is used by its first render only (issue 34):
 * once that is on screen the script goes, so a later visit in the session
 * fetches the location's current open-now line and list.
 */
function useGiven<T>(key: string, given: T | undefined, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  useEffect(() => {
    if (given === undefined) return;
    document.getElementById(INLINED_LOCATION_ID)?.remove();
    document.getElementById(INLINED_LOCATIONS_ID)?.remove();
  }, [given]);
  return useResource(key, load, given === undefined ? undefined : { status: 'ready', data: given });
}

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

/** useLocations loads the locations a block shows (all of them: from the page's data when it carries them). */
export function useLocations(q: LocationQuery = {}) {
  const key = `locations${query(q)}`;
  const [given] = useState(() => (key === 'locations' ? (inlinedPage()?.locations ?? inlinedLocations()) : undefined));
  return useGiven(key, given, (signal) => getLocations(q, signal));
}

/** getLocation fetches one location (by its slug or its dealership's) with its departments and shown reviews. */
export function getLocation(slug: string, signal?: AbortSignal): Promise<LocationResponse> {
  return getJSON<LocationResponse>(`/api/locations/${encodeURIComponent(slug)}`, signal);
}

/**
 * useLocation loads one location's page: from loaded (a caller's answer for
 * this slug), else from the page's data when it is this location's page.
 */
export function useLocation(slug: string, loaded?: LocationResponse) {
  const [given] = useState(() => {
    if (loaded) return loaded;
    const d = inlinedPage();
    return d?.slug === slug ? d.page : undefined;
  });
  return useGiven(`location/${slug}`, given, (signal) => getLocation(slug, signal));
}

/** geocode resolves a postcode (or, with a non-numeric input, a suburb) to a point and the site's locations nearest first. */
export function geocode(input: string, signal?: AbortSignal): Promise<GeocodeResponse> {
  const v = input.trim();
  const param = /^\d+$/.test(v) ? `postcode=${encodeURIComponent(v)}` : `q=${encodeURIComponent(v)}`;
  return getJSON<GeocodeResponse>(`/api/geocode?${param}`, signal);
}
