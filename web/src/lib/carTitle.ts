import type { Car } from './types';

/** carTitle: "2021 Toyota Corolla"; the extended title adds name, colour, gears, transmission and body configuration. */
export function carTitle(car: Car, extended = false): string {
  const base = [car.year || '', car.make, car.model].filter(Boolean).join(' ');
  if (!extended) return base;
  const gears = car.variant?.geartype;
  const extra = [car.name && car.name !== base ? car.name : '', car.colour, gears, car.simple_transmission, car.variant?.bodyconfiguration]
    .map((s) => (s ?? '').toString().trim())
    .filter(Boolean);
  return extra.length > 0 ? `${base} ${extra.join(' ')}` : base;
}

const PLACEHOLDER = /(placeholder|coming[-_ ]?soon|no[-_ ]?image|default[-_ ]?image)/i;

/** imageOf: the card's image, or undefined when the car has only a placeholder (spec 000 §2). */
export function imageOf(car: Car): string | undefined {
  const url = car.primary_image_url || car.images?.[0]?.url || car.thumbnails?.[0];
  if (!url || PLACEHOLDER.test(url)) return undefined;
  return url;
}
