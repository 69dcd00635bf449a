import { carTitle, imageOf } from '../../lib/carTitle';
import { carPath } from '../../lib/listingUrl';
import type { Car } from '../../lib/types';
import type { LeadSubject } from './api/submitLead';

/** carSubject is a car as the success page names it: its title, photo (none for a placeholder) and page. */
export function carSubject(car: Car, extended = false): LeadSubject {
  return { title: carTitle(car, extended), image: imageOf(car), path: carPath(car.slug) };
}
