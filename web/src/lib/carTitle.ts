import type { Car } from './types';

/**
 * carTitle: "2021 Toyota Corolla". The extended title (site.card.extended_title)
 * adds name, colour, gears, transmission and body configuration; a part the
 * title already says (a name that repeats year make model, "Automatic" twice)
 * is left out.
 */
export function carTitle(car: Car, extended = false): string {
  const base = [car.year || '', car.make, car.model].filter(Boolean).join(' ');
  if (!extended) return base;
  let title = base;
  const name = (car.name ?? '').trim();
  if (name) title = name.toLowerCase().startsWith(base.toLowerCase()) ? name : `${base} ${name}`;
  for (const part of [car.colour, car.variant?.geartype, car.simple_transmission, car.variant?.bodyconfiguration]) {
    const p = (part ?? '').toString().trim();
    if (p && !title.toLowerCase().includes(p.toLowerCase())) title += ` ${p}`;
  }
  return title;
}

const PLACEHOLDER = /(placeholder|coming[-_ ]?soon|no[-_ ]?image|default[-_ ]?image)/i;

/** imageOf: the card's image, or undefined when the car has only a placeholder (spec 000 §2). */
export function imageOf(car: Car): string | undefined {
  const url = car.primary_image_url || car.images?.[0]?.url || car.thumbnails?.[0];
  if (!url || PLACEHOLDER.test(url)) return undefined;
  return url;
}
