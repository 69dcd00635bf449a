const currency = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  maximumFractionDigits: 0,
});
const integer = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });

/** formatPrice renders whole dollars: 23990 -> "$23,990". */
export function formatPrice(value: number): string {
  return currency.format(value);
}

/** formatKm renders an odometer reading: 45210 -> "45,210 km". */
export function formatKm(value: number): string {
  return `${integer.format(value)} km`;
}

export function formatNumber(value: number): string {
  return integer.format(value);
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
