// The search client: algoliasearch/lite pointed at the site's search host
// (from /api/site), with the spec's result cache of 10 queries, oldest evicted
// (spec 000 §7, §9).
import { liteClient, type LiteClient } from 'algoliasearch/lite';
import { getJSON } from '../http';
import type { SearchAccess } from '../types';

export const RESULT_CACHE_SIZE = 10;

/** hostOf turns "http://localhost:7700" into the client's host form. */
export function hostOf(host: string): { url: string; protocol: 'http' | 'https'; accept: 'read' } {
  const u = new URL(host.includes('://') ? host : `https://${host}`);
  return { url: u.host, protocol: u.protocol === 'http:' ? 'http' : 'https', accept: 'read' };
}

type SearchFn = (...args: never[]) => Promise<unknown>;

/**
 * withResultCache keeps the last `size` responses by request. A failed search
 * is not cached, so the next attempt goes to the engine again.
 */
export function withResultCache<C extends { search: SearchFn }>(client: C, size = RESULT_CACHE_SIZE): C {
  const cache = new Map<string, Promise<unknown>>();
  const search = (...args: unknown[]) => {
    const key = JSON.stringify(args[0]);
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const pending = (client.search as (...a: unknown[]) => Promise<unknown>)(...args);
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
    while (cache.size > size) cache.delete(cache.keys().next().value as string);
    return pending;
  };
  return { ...client, search } as C;
}

/** REFRESH_MARGIN_SECONDS: a key this close to its validUntil is replaced before the next search. */
export const REFRESH_MARGIN_SECONDS = 60 * 60;

type AccessSource = () => Promise<SearchAccess>;

const fetchAccess: AccessSource = async () => (await getJSON<{ search: SearchAccess }>('/api/site')).search;

/**
 * withKeyRefresh searches with the site's secured key and, once the key is
 * within REFRESH_MARGIN_SECONDS of its validUntil, fetches a fresh one from
 * /api/site first (the key expires after a day; a tab left open keeps working).
 * A key without validUntil (0) never expires.
 */
export function withKeyRefresh(
  access: SearchAccess,
  make: (a: SearchAccess) => LiteClient,
  refresh: AccessSource = fetchAccess,
  nowSeconds: () => number = () => Date.now() / 1000,
): LiteClient {
  let current = access;
  let client = make(access);
  let pending: Promise<void> | null = null;
  const stale = () => current.validUntil > 0 && nowSeconds() >= current.validUntil - REFRESH_MARGIN_SECONDS;
  const ready = async () => {
    if (!stale()) return;
    pending ??= refresh()
      .then((next) => {
        current = next;
        client = make(next);
      })
      .finally(() => {
        pending = null;
      });
    await pending;
  };
  const search = async (...args: unknown[]) => {
    // A failed refresh still tries the old key: it may have minutes left.
    await ready().catch(() => undefined);
    return (client.search as (...a: unknown[]) => Promise<unknown>)(...args);
  };
  return new Proxy(client, {
    get(_target, prop) {
      if (prop === 'search') return search;
      return Reflect.get(client, prop);
    },
  });
}

/**
 * SEARCH_TIMEOUTS replace the browser client's 1 s "connect" timeout, which in
 * its XHR requester runs until the answer's headers arrive. Algolia's default
 * assumes several hosts to fail over to; a site has one search host, so a
 * timeout is a failed search, and a phone on a slow network often needs more
 * than a second for its first answer (TLS set-up included).
 */
export const SEARCH_TIMEOUTS = { connect: 6_000, read: 10_000, write: 30_000 };

export function createSearchClient(access: SearchAccess): LiteClient {
  const make = (a: SearchAccess) => liteClient(a.appId, a.apiKey, { hosts: [hostOf(a.host)], timeouts: SEARCH_TIMEOUTS });
  return withResultCache(withKeyRefresh(access, make));
}
