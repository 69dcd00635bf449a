// Numbers are written by hand, not with Intl.NumberFormat: the first
// NumberFormat a page builds loads ICU's number data, 12-20 ms of the
// listing's boot on a fast machine (issue 14), for what is a digit grouping.
// Go's shared.FormatNumber writes the same (vectors/number_format.json).

/** formatNumber writes a whole number with thousands separators: 1234567.5 -> "1,234,568" (half away from zero). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const rounded = Math.round(Math.abs(value));
  const digits = String(rounded);
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return value < 0 && rounded !== 0 ? `-${out}` : out;
}

/** formatPrice renders whole dollars: 23990 -> "$23,990". */
export function formatPrice(value: number): string {
  const n = formatNumber(value);
  return n.startsWith('-') ? `-$${n.slice(1)}` : `$${n}`;
}

/** formatKm renders an odometer reading: 45210 -> "45,210 km". */
export function formatKm(value: number): string {
  return `${formatNumber(value)} km`;
}

/** capitalise turns a stored value such as "used" into a label ("Used"). */
export function capitalise(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : value;
}

/**
 * carTypeLabel names a car type for shoppers: the site's used keyword
 * (texts.used_keyword, 'Used' by default, spec 001 §9) for used cars,
 * otherwise the type capitalised ('New', 'Demo').
 */
export function carTypeLabel(type: string, usedKeyword: string): string {
  return type === 'used' && usedKeyword ? usedKeyword : capitalise(type);
}
