import { getJSON } from '../../../lib/http';
import type { Page } from '../../../lib/types';
import { useResource } from '../../../lib/useResource';

/** getPage fetches a content page of the requesting site by its URL path; a 404 ApiError when it has none. */
export function getPage(path: string, signal?: AbortSignal): Promise<Page> {
  const clean = path.replace(/^\/+|\/+$/g, '');
  return getJSON<Page>(`/api/pages/${clean.split('/').map(encodeURIComponent).join('/')}`, signal);
}

export function usePageQuery(path: string) {
  return useResource(`page:${path}`, (signal) => getPage(path, signal));
}
