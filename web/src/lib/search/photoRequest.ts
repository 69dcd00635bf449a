// Request Photos (spec 000 §2 "Forms in this area", §5): an optional message
// and a hidden field defaulting to "Please send photos for this car". There
// is no leads API yet, so the request goes out as an email (or a call) the
// shopper sends themselves; nothing here pretends to submit it.
import type { Car, Location, Site } from '../types';

export const PHOTO_REQUEST_DEFAULT = 'Please send photos for this car';

export interface PhotoContact {
  email?: string;
  phone?: string;
  /** Who answers: the location or the site name. */
  name: string;
}

const isSales = (l: Location) => !l.location_type || l.location_type === 'sales';

/**
 * photoContact picks who receives a photo request: the car's dealership's
 * sales location (then any of its locations), then the site's lead email and
 * primary location. A phone is the fallback when no email is configured.
 */
export function photoContact(site: Site, car: Pick<Car, 'dealership_slug' | 'car_type' | 'location'>): PhotoContact | undefined {
  const locations = (site.locations ?? []).filter((l) => l.visible !== false);
  const own = locations.filter((l) => car.dealership_slug && l.dealership_slug === car.dealership_slug);
  const ordered = [
    ...own.filter(isSales),
    ...own.filter((l) => !isSales(l)),
    ...locations.filter((l) => l.primary),
    ...locations.filter(isSales),
  ];
  const withEmail = ordered.find((l) => l.contact_detail?.email);
  const email = withEmail?.contact_detail?.email || site.leads?.email;
  if (email) return { email, name: withEmail ? stripDepartment(withEmail.name) : site.name };
  const phones = site.phones ?? {};
  const phone =
    phones.override ||
    phones[car.car_type] ||
    phones.new ||
    phones.used ||
    car.location?.phone ||
    ordered.map((l) => l.contact_detail?.phone || l.contact_detail?.landline_phone).find(Boolean);
  return phone ? { phone, name: site.name } : undefined;
}

/** stripDepartment: "Coastal Kia - Sales" -> "Coastal Kia" (spec 001 §2 location names). */
function stripDepartment(name: string): string {
  return name.replace(/ - (Sales|Service|Parts)$/, '');
}

/** photoRequestMailto is the mailto: link carrying the request: the hidden default, the shopper's message, the car. */
export function photoRequestMailto(email: string, carTitle: string, carURL: string, stocknum: string | undefined, message: string): string {
  const subject = `Photo request: ${carTitle}${stocknum ? ` (Stock #${stocknum})` : ''}`;
  const body = [PHOTO_REQUEST_DEFAULT, message.trim(), carURL].filter(Boolean).join('\n\n');
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
