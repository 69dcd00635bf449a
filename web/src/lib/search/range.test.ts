import { describe, expect, it, vi } from 'vitest';
import { clampValue, nextRange, refinementFor, sliderBounds, sliderStep } from './range';

describe('range sliders (spec 000 §4, §5, §9)', () => {
  it('takes the bounds from the facet stats, widened to whole thousands for price and km', () => {
    expect(sliderBounds('price', { min: 4990, max: 87450 })).toEqual({ min: 4000, max: 88000 });
    expect(sliderBounds('km', { min: 12, max: 199999 })).toEqual({ min: 0, max: 200000 });
    expect(sliderBounds('year', { min: 2009, max: 2025 })).toEqual({ min: 2009, max: 2025 });
  });

  it('defaults the maximum to 100000 without stats', () => {
    expect(sliderBounds('price', undefined)).toEqual({ min: 0, max: 100000 });
    expect(sliderBounds('price', {})).toEqual({ min: 0, max: 100000 });
  });

  it('steps by one hundredth of the range, rounded', () => {
    expect(sliderStep({ min: 0, max: 100000 })).toBe(1000);
    expect(sliderStep({ min: 4000, max: 88000 })).toBe(840);
    expect(sliderStep({ min: 2009, max: 2025 })).toBe(1);
  });

  it('clamps to the bounds and rounds price and km to the nearest 1000', () => {
    const b = { min: 4000, max: 88000 };
    expect(clampValue('price', 23499, b)).toBe(23000);
    expect(clampValue('price', 23500, b)).toBe(24000);
    expect(clampValue('price', 1, b)).toBe(4000);
    expect(clampValue('price', 1e9, b)).toBe(88000);
    expect(clampValue('year', 2030, { min: 2009, max: 2025 })).toBe(2025);
    expect(clampValue('year', 2015, { min: 2009, max: 2025 })).toBe(2015);
  });

  it('never lets min pass max or max fall below min', () => {
    const b = { min: 0, max: 100000 };
    expect(nextRange('price', [20000, 50000], 'min', 70000, b)).toEqual([50000, 50000]);
    expect(nextRange('price', [20000, 50000], 'max', 5000, b)).toEqual([20000, 20000]);
    expect(nextRange('price', [20000, 50000], 'max', 61200, b)).toEqual([20000, 61000]);
  });

  it('ignores and logs values that are not numbers', () => {
    const log = vi.fn();
    expect(nextRange('km', [0, 1000], 'min', Number.NaN, { min: 0, max: 1000 }, log)).toEqual([0, 1000]);
    expect(log).toHaveBeenCalledOnce();
  });

  it('leaves an end at its bound open', () => {
    expect(refinementFor([0, 30000], { min: 0, max: 100000 })).toEqual([undefined, 30000]);
    expect(refinementFor([10000, 100000], { min: 0, max: 100000 })).toEqual([10000, undefined]);
  });
});
