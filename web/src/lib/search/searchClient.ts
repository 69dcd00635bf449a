// The search client: algoliasearch/lite pointed at the site's search host
// (from /api/site), with the spec's result cache of 10 queries, oldest evicted
// (spec 000 §7, §9).
import { liteClient, type LiteClient } from 'algoliasearch/lite';
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

export function createSearchClient(access: SearchAccess): LiteClient {
  const client = liteClient(access.appId, access.apiKey, { hosts: [hostOf(access.host)] });
  return withResultCache(client);
}
