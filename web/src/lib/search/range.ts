// Range slider rules (spec 000 §4, §5, §9): bounds come from the facet stats,
// rounded to 1000 for price and km; without stats the maximum is 100000; the
// step is one hundredth of the range; values are clamped and min never passes max.

import { formatKm, formatPrice } from '../format';

export const DEFAULT_RANGE_MAX = 100000;
export const SLIDER_DEBOUNCE_MS = 400;
const ROUND_TO_THOUSAND = new Set(['price', 'km', 'subscription_price']);

export interface Bounds {
  min: number;
  max: number;
}

function roundsToThousand(attribute: string): boolean {
  return ROUND_TO_THOUSAND.has(attribute);
}

/**
 * sliderBounds: the slider's ends from the facet stats. For price and km the
 * ends widen to whole thousands so every car stays inside the range.
 */
export function sliderBounds(attribute: string, stats?: { min?: number; max?: number }): Bounds {
  const hasStats = stats && Number.isFinite(stats.min) && Number.isFinite(stats.max);
  let min = hasStats ? (stats.min as number) : 0;
  let max = hasStats ? (stats.max as number) : DEFAULT_RANGE_MAX;
  if (roundsToThousand(attribute)) {
    min = Math.floor(min / 1000) * 1000;
    max = Math.ceil(max / 1000) * 1000;
  } else {
    min = Math.floor(min);
    max = Math.ceil(max);
  }
  if (max < min) max = min;
  return { min, max };
}

/** sliderStep: one hundredth of the range, rounded, at least 1. */
export function sliderStep(bounds: Bounds): number {
  return Math.max(1, Math.round((bounds.max - bounds.min) / 100));
}

/** clampValue: clamps into the bounds and, for price and km, rounds to the nearest 1000. */
export function clampValue(attribute: string, value: number, bounds: Bounds): number {
  let v = Math.min(bounds.max, Math.max(bounds.min, value));
  if (roundsToThousand(attribute)) v = Math.min(bounds.max, Math.max(bounds.min, Math.round(v / 1000) * 1000));
  return v;
}

/**
 * nextRange applies a change of one thumb. A value that is not a finite number
 * is ignored and logged (spec 000 §4); the moved thumb stops at the other one
 * so min never exceeds max.
 */
export function nextRange(
  attribute: string,
  current: [number, number],
  thumb: 'min' | 'max',
  value: number,
  bounds: Bounds,
  log: (message: string) => void = console.warn,
): [number, number] {
  if (!Number.isFinite(value)) {
    log(`range ${attribute}: ignored value ${String(value)}`);
    return current;
  }
  const v = clampValue(attribute, value, bounds);
  const [lo, hi] = current;
  return thumb === 'min' ? [Math.min(v, hi), hi] : [lo, Math.max(v, lo)];
}

/**
 * refinementFor turns slider values into a refinement: an end at its bound is
 * left open (undefined) so the URL carries only what the shopper narrowed.
 */
export function refinementFor(values: [number, number], bounds: Bounds): [number | undefined, number | undefined] {
  return [values[0] > bounds.min ? values[0] : undefined, values[1] < bounds.max ? values[1] : undefined];
}

/** formatRangeValue shows a range end as the shopper reads it: "$10,000", "50,000 km", "2018". */
export function formatRangeValue(attribute: string, value: number): string {
  if (attribute === 'km') return formatKm(value);
  if (attribute === 'year') return String(value);
  return formatPrice(value);
}

/** rangeText describes a range with either end open: "$10,000 – $60,000", "from 2018", "up to 50,000 km". */
export function rangeText(attribute: string, min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `${formatRangeValue(attribute, min)} – ${formatRangeValue(attribute, max)}`;
  if (min !== undefined) return `from ${formatRangeValue(attribute, min)}`;
  return max !== undefined ? `up to ${formatRangeValue(attribute, max)}` : '';
}

/** parseRange reads the URL and UI state form "min:max" (either side may be empty). */
export function parseRange(value: string | undefined): { min?: number; max?: number } {
  const [lo, hi] = String(value ?? '').split(':');
  const num = (t: string | undefined) => (t && Number.isFinite(Number(t)) ? Number(t) : undefined);
  return { min: num(lo), max: num(hi) };
}
