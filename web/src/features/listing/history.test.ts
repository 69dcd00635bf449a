import { describe, expect, it } from 'vitest';
import { historyEntry, remember, type HistoryEntry } from './history';

const e = (path: string): HistoryEntry => ({ path, label: path });

describe('search history (spec 001 §3, §9)', () => {
  it('keeps five entries, newest first, without duplicates', () => {
    let list: HistoryEntry[] = [];
    for (const p of ['/a', '/b', '/c', '/d', '/e', '/f']) list = remember(list, e(p));
    expect(list.map((x) => x.path)).toEqual(['/f', '/e', '/d', '/c', '/b']);
    list = remember(list, e('/c'));
    expect(list.map((x) => x.path)).toEqual(['/c', '/f', '/e', '/d', '/b']);
  });

  it('records only searches with filters, without the page', () => {
    expect(historyEntry({ page: 3 })).toBeUndefined();
    expect(historyEntry({ lists: { make: ['Toyota'], car_type: ['used'] }, ranges: { price: '10000:30000' }, page: 2 })).toEqual({
      path: '/search/used-cars?make=Toyota&price=10000:30000',
      label: 'Toyota · Used · $10,000 – $30,000',
    });
    expect(historyEntry({ query: 'ute', ranges: { km: ':50000' } })?.label).toBe('“ute” · Kilometres up to 50,000 km');
  });
});
