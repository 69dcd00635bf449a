import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { INLINED_SITE_ID, inlinedSite, useSiteQuery } from './getSite';

function inline(text: string) {
  const script = document.createElement('script');
  script.id = INLINED_SITE_ID;
  script.type = 'application/json';
  script.textContent = text;
  document.head.append(script);
}

const body = { site: { slug: 'riverside', name: 'Riverside Toyota' }, search: { host: 'https://search.example' } };

afterEach(() => {
  document.getElementById(INLINED_SITE_ID)?.remove();
  vi.unstubAllGlobals();
});

// Issue 14 "first paint without a round trip": the shell carries GET
// /api/site's body, so the app renders from it without fetching.
describe('the inlined site', () => {
  it('is ready at the first render, without a request to /api/site', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    inline(JSON.stringify(body));
    const { result } = renderHook(() => useSiteQuery());
    expect(result.current).toEqual({ status: 'ready', data: body });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('is ignored when missing or broken, so the app fetches it', () => {
    expect(inlinedSite()).toBeUndefined();
    inline('{not json');
    expect(inlinedSite()).toBeUndefined();
    document.getElementById(INLINED_SITE_ID)?.remove();
    inline('{"other": 1}');
    expect(inlinedSite()).toBeUndefined();
  });
});
