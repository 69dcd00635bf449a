import { getJSON } from '../../../lib/http';
import type { SiteResponse } from '../../../lib/types';
import { useResource } from '../../../lib/useResource';

/** getSite fetches the requesting tenant's config and its tenant-scoped search access. */
export function getSite(signal?: AbortSignal): Promise<SiteResponse> {
  return getJSON<SiteResponse>('/api/site', signal);
}

/** useSiteQuery loads the site config once per page load. */
export function useSiteQuery() {
  return useResource('site', getSite);
}
