// Spec 001 §9: caravan sizes a feed gave in feet arrive in metres (Go converts at 0.3048) and read with their unit.
import { describe, expect, it } from 'vitest';
import type { Car } from '../../../lib/types';
import { specifications } from './keyDetails';

const caravan = (specs: Record<string, unknown>) => ({ id: 'v1', specifications: specs }) as unknown as Car;

describe('caravan body sizes (spec 001 §3, §9; issue 17)', () => {
  it('shows metres with their unit', () => {
    const rows = specifications(caravan({ body_length: 6.4, body_width: 2.29, dimension_unit: 'm' }));
    expect(rows.filter((r) => r.label.startsWith('Body'))).toEqual([
      { label: 'Body length', value: '6.4 m' },
      { label: 'Body width', value: '2.29 m' },
    ]);
  });

  it('leaves a size without a unit as the feed gave it', () => {
    const rows = specifications(caravan({ body_length: 21 }));
    expect(rows.find((r) => r.label === 'Body length')).toEqual({ label: 'Body length', value: '21' });
  });
});
