import { describe, expect, it, vi } from 'vitest';
import { hostOf, withResultCache } from './searchClient';

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
});
