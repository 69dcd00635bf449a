import { vi } from 'vitest';

export type Answer = { status: number; body: unknown };

export function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * stubLeadsAPI stubs fetch at the network: POST /api/leads answers the next
 * answer (201 by default) and is recorded; GET /api/test-drive/slots answers
 * slots; POST /api/events is recorded; anything else is 404.
 */
export function stubLeadsAPI({ leads = [] as Answer[], slots }: { leads?: Answer[]; slots?: () => Promise<Response> | Response } = {}) {
  const posts: { body: Record<string, unknown>; headers: Record<string, string> }[] = [];
  const events: Record<string, unknown>[] = [];
  const slotURLs: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/leads' && init?.method === 'POST') {
        posts.push({ body: JSON.parse(String(init.body)), headers: init.headers as Record<string, string> });
        const a = leads.shift() ?? { status: 201, body: { lead_id: 'L1', lead_token: 't' } };
        return json(a.status, a.body);
      }
      if (url === '/api/events') {
        events.push(JSON.parse(String(init?.body)));
        return json(202, {});
      }
      if (url.startsWith('/api/test-drive/slots')) {
        slotURLs.push(url);
        return slots ? slots() : json(200, { time_zone: 'Australia/Brisbane', days: [] });
      }
      return json(404, { error: { code: 'not_found', message: 'not found' } });
    }),
  );
  return { posts, events, slotURLs };
}

/** SLOTS is a two-day answer of GET /api/test-drive/slots. */
export const SLOTS = {
  time_zone: 'Australia/Brisbane',
  days: [
    {
      date: '2026-11-24',
      label: 'Tue 24 Nov',
      slots: [
        { start: '2026-11-24T09:00:00+10:00', label: '9:00 am' },
        { start: '2026-11-24T09:30:00+10:00', label: '9:30 am' },
      ],
    },
    { date: '2026-11-25', label: 'Wed 25 Nov', slots: [{ start: '2026-11-25T10:00:00+10:00', label: '10:00 am' }] },
  ],
};
