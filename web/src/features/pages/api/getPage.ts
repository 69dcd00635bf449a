import { useEffect, useState } from 'react';
import { ApiError, getJSON } from '../../../lib/http';
import { inlinedJSON } from '../../../lib/inlined';
import type { Page } from '../../../lib/types';
import { useResource, type Resource } from '../../../lib/useResource';

/** INLINED_PAGE_ID is the script a painted content path carries its page in, null for its 404 (functions/httpapi ContentPageData). */
export const INLINED_PAGE_ID = 'forecourt-page';

/** getPage fetches a content page of the requesting site by its URL path; a 404 ApiError when it has none. */
export function getPage(path: string, signal?: AbortSignal): Promise<Page> {
  const clean = path.replace(/^\/+|\/+$/g, '');
  return getJSON<Page>(`/api/pages/${clean.split('/').map(encodeURIComponent).join('/')}`, signal);
}

const trimmed = (path: string) => `/${path.replace(/^\/+|\/+$/g, '')}`;

/**
 * usePageQuery loads the content page at path: for the document's own
 * first render from the page it came with (issue 34: the painted page or
 * 404 is the first render, with no request), else from the API.
 */
export function usePageQuery(path: string) {
  const [given] = useState((): Resource<Page> | undefined => {
    const d = inlinedJSON<{ path: string; page: Page | null }>(INLINED_PAGE_ID, (b) => typeof b.path === 'string');
    if (!d || trimmed(d.path) !== trimmed(path)) return undefined;
    return d.page ? { status: 'ready', data: d.page } : { status: 'error', error: new ApiError(404, 'not_found', 'page not found') };
  });
  useEffect(() => document.getElementById(INLINED_PAGE_ID)?.remove(), []);
  return useResource(`page:${path}`, (signal) => getPage(path, signal), given);
}
