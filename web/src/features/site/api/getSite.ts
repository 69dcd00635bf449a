import { getJSON } from '../../../lib/http';
import { inlinedJSON } from '../../../lib/inlined';
import type { ConfiguredSiteResponse } from '../../../lib/siteConfig';
import { useState } from 'react';
import { useResource, type Resource } from '../../../lib/useResource';

/** INLINED_SITE_ID is the script the page's shell carries GET /api/site's body in (functions/seo). */
export const INLINED_SITE_ID = 'forecourt-data';

/**
 * inlinedSite reads the site config the server rendered into the page (issue
 * 14: first paint without a round trip), or undefined when the page has none
 * or it does not parse (then the app fetches it).
 */
export function inlinedSite(doc: Document = document): ConfiguredSiteResponse | undefined {
  return inlinedJSON<ConfiguredSiteResponse>(INLINED_SITE_ID, (body) => body.site, doc);
}

/**
 * getSite fetches the requesting tenant's config and its tenant-scoped search
 * access, and starts connecting to the search host at once: the listing's
 * first search goes out only after a render, and on a phone the handshake
 * costs a round trip or two of the largest paint.
 */
export async function getSite(signal?: AbortSignal): Promise<ConfiguredSiteResponse> {
  // The API applies every default (shared.ApplyDefaults): the web keeps no copy.
  const site = await getJSON<ConfiguredSiteResponse>('/api/site', signal);
  preconnect(site.search?.host);
  return site;
}

/** preconnect adds <link rel="preconnect"> for another origin (anonymous, as the search client's requests are). */
function preconnect(host: string | undefined) {
  if (!host) return;
  let origin: string;
  try {
    origin = new URL(host.includes('://') ? host : `https://${host}`).origin;
  } catch {
    return; // The search client reports a bad host when it is used.
  }
  if (origin === window.location.origin) return;
  if ([...document.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')].some((l) => l.href.startsWith(origin))) return;
  const link = document.createElement('link');
  link.rel = 'preconnect';
  link.href = origin;
  link.crossOrigin = 'anonymous';
  document.head.append(link);
}

/**
 * useSiteQuery loads the site config once per page load: ready at the first
 * render when the page carries it, else fetched.
 */
export function useSiteQuery(): Resource<ConfiguredSiteResponse> {
  const [inlined] = useState(() => {
    const site = inlinedSite();
    preconnect(site?.search?.host);
    return site;
  });
  const fetched = useResource(inlined ? 'site-inlined' : 'site', inlined ? () => Promise.resolve(inlined) : getSite);
  return inlined ? { status: 'ready', data: inlined } : fetched;
}
