import { describe, expect, it, vi } from 'vitest';
import type { LiteClient } from 'algoliasearch/lite';
import type { SearchAccess } from '../types';
import { hostOf, REFRESH_MARGIN_SECONDS, withKeyRefresh, withResultCache } from './searchClient';

describe('search client', () => {
  it('points at the site search host', () => {
    expect(hostOf('http://localhost:7700')).toEqual({ url: 'localhost:7700', protocol: 'http', accept: 'read' });
    expect(hostOf('https://abc-dsn.example.net')).toEqual({ url: 'abc-dsn.example.net', protocol: 'https', accept: 'read' });
  });

  it('caches 10 results and evicts the oldest (spec 000 §9)', async () => {
    const search = vi.fn(async (q: unknown) => ({ results: [q] }));
    const client = withResultCache({ search });
    for (let i = 0; i < 11; i++) await client.search([{ i }] as never);
    expect(search).toHaveBeenCalledTimes(11);
    await client.search([{ i: 10 }] as never);
    expect(search).toHaveBeenCalledTimes(11);
    await client.search([{ i: 0 }] as never);
    expect(search).toHaveBeenCalledTimes(12);
  });

  it('does not cache a failed search', async () => {
    const search = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue({ results: [] });
    const client = withResultCache({ search });
    await expect(client.search([{ q: 1 }] as never)).rejects.toThrow('down');
    await expect(client.search([{ q: 1 }] as never)).resolves.toEqual({ results: [] });
  });

  // Issue 15: the secured key expires after a day; a page left open fetches a
  // fresh one before its validUntil instead of failing with 403.
  it('replaces the search key before it expires', async () => {
    const access = (apiKey: string, validUntil: number): SearchAccess =>
      ({ appId: 'APP', apiKey, host: 'http://localhost:7700', index: 'cars', sortIndices: {}, validUntil }) as SearchAccess;
    const used: string[] = [];
    const make = (a: SearchAccess) => ({ search: async () => used.push(a.apiKey) }) as unknown as LiteClient;
    let now = 1_000_000;
    const refresh = vi.fn(async () => access('fresh', now + 86_400));
    const client = withKeyRefresh(access('first', now + 86_400), make, refresh, () => now);
    await client.search([] as never);
    now += 86_400 - REFRESH_MARGIN_SECONDS;
    await Promise.all([client.search([] as never), client.search([] as never)]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(used).toEqual(['first', 'fresh', 'fresh']);
  });
});
