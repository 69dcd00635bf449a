import { getJSON } from '../../../lib/http';
import type { Comparison } from '../../../lib/types';

/** getComparison fetches the site's cars side by side (GET /api/compare). */
export function getComparison(ids: readonly string[], signal?: AbortSignal): Promise<Comparison> {
  return getJSON<Comparison>(`/api/compare?cars=${ids.map(encodeURIComponent).join(',')}`, signal);
}
