import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_VISITED, recordVisit, recordVisitSoon, visitedPages } from './visitedPages';

afterEach(() => window.sessionStorage.clear());

describe('visited pages (spec 001 §3 trade-in lead_attributes.visited_pages)', () => {
  it('keeps the paths in order, a repeated last path once, at most the latest MAX_VISITED', () => {
    recordVisit('/');
    recordVisit('/cars/kia-rio');
    recordVisit('/cars/kia-rio');
    recordVisit('/trade-in');
    expect(visitedPages()).toEqual(['/', '/cars/kia-rio', '/trade-in']);
    for (let i = 0; i < 30; i++) recordVisit(`/p${i}`);
    expect(visitedPages()).toHaveLength(MAX_VISITED);
    expect(visitedPages().at(-1)).toBe('/p29');
  });

  it('records a visit in a task of its own, in the order the visits were made', async () => {
    vi.useFakeTimers();
    try {
      recordVisitSoon('/');
      recordVisitSoon('/search/new-used-and-demo-cars/');
      expect(visitedPages()).toEqual([]);
      await vi.runAllTimersAsync();
      expect(visitedPages()).toEqual(['/', '/search/new-used-and-demo-cars/']);
    } finally {
      vi.useRealTimers();
    }
  });
});
