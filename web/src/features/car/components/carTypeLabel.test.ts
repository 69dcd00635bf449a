// Spec 001 §9 text defaults: the 'Used' keyword comes from the site's texts.
import { describe, expect, it } from 'vitest';
import { chipsOf } from '../../../components/search/CarCard';
import { keyDetails } from './keyDetails';
import { siteResponse } from '../../../test/fixtures';
import { carTypeLabel } from '../../../lib/format';
import type { Car } from '../../../lib/types';

const used = { id: 'c1', car_type: 'used', km: 1000 } as unknown as Car;

describe("the used keyword (spec 001 §9 'Used'; issue 17)", () => {
  it('names a used car with the site keyword and other types capitalised', () => {
    expect(carTypeLabel('used', 'Used')).toBe('Used');
    expect(carTypeLabel('used', 'Pre-owned')).toBe('Pre-owned');
    expect(carTypeLabel('demo', 'Pre-owned')).toBe('Demo');
    expect(carTypeLabel('new', '')).toBe('New');
  });

  it("reads the site's keyword on the card chips and the car page's condition", () => {
    const site = siteResponse({ texts: { used_keyword: 'Pre-owned' } } as Parameters<typeof siteResponse>[0]).site;
    expect(chipsOf(used, site)[0]).toBe('Pre-owned');
    expect(keyDetails(used, new Date('2026-11-23T00:00:00Z'), 'Pre-owned')[0]).toMatchObject({ value: 'Pre-owned' });
    expect(chipsOf(used, siteResponse().site)[0]).toBe('Used');
  });
});
