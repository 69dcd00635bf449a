import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { INLINED_CAR_ID, inlinedCar, useCarQuery } from './getCar';

function inline(text: string) {
  const script = document.createElement('script');
  script.id = INLINED_CAR_ID;
  script.type = 'application/json';
  script.textContent = text;
  document.head.append(script);
}

const body = { car: { id: 'c1', slug: 'car-a', make: 'Toyota', price: 24990 }, view: { available: true } };

function answer(status: number, json: unknown) {
  return vi.fn(() => Promise.resolve(new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } })));
}

afterEach(() => {
  document.getElementById(INLINED_CAR_ID)?.remove();
  vi.unstubAllGlobals();
});

// Issue 14 "first paint without a round trip": a car page's shell carries
// GET /api/cars/{slug}'s body, so the car renders at once; the app still
// asks, because the page may be an edge-cached copy older than a sale.
describe('the inlined car', () => {
  it('is ready at the first render, then replaced by the fresh answer', async () => {
    const fresh = { ...body, view: { available: false } };
    vi.stubGlobal('fetch', answer(200, fresh));
    inline(JSON.stringify(body));
    const { result } = renderHook(() => useCarQuery('car-a'));
    expect(result.current).toEqual({ status: 'ready', data: body });
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', data: fresh }));
  });

  it('gives way to a 410 for a car sold since the page was cached', async () => {
    vi.stubGlobal('fetch', answer(410, { error: { code: 'gone', message: 'sold' } }));
    inline(JSON.stringify(body));
    const { result } = renderHook(() => useCarQuery('car-a'));
    await waitFor(() => expect(result.current.status).toBe('error'));
  });

  it('stays shown when the refresh fails on the network', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('fetch', fetchSpy);
    inline(JSON.stringify(body));
    const { result } = renderHook(() => useCarQuery('car-a'));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    await Promise.resolve();
    expect(result.current).toEqual({ status: 'ready', data: body });
  });

  it('is only the car it names, and ignored when broken', () => {
    inline(JSON.stringify(body));
    expect(inlinedCar('car-b')).toBeUndefined();
    expect(inlinedCar('car-a')).toEqual(body);
    document.getElementById(INLINED_CAR_ID)?.remove();
    inline('{not json');
    expect(inlinedCar('car-a')).toBeUndefined();
  });
});
