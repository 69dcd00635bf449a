import type { Car, PhonesByCarType } from './types';

/**
 * carPhone is the number to call about a car by spec 001 §8's fallback order:
 * the site's override, the number for the car's type (demo falling back to
 * new), new, used, then the car's location phone; "" when there is none.
 *
 * The car page renders the server's answer (view.phone, shared.CarPhone); a
 * listing card reads the index record, which every site shares, so it runs
 * this twin. Both run shared/testdata/vectors/car_phone.json.
 */
export function carPhone(car: Pick<Car, 'car_type' | 'location'>, phones: PhonesByCarType): string {
  const byType: Array<string | undefined> =
    car.car_type === 'new' ? [phones.new] : car.car_type === 'used' ? [phones.used] : car.car_type === 'demo' ? [phones.demo, phones.new] : [];
  const candidates = [phones.override, ...byType, phones.new, phones.used, car.location?.phone];
  for (const n of candidates) {
    const t = (n ?? '').trim();
    if (t !== '') return t;
  }
  return '';
}

const warned = new Set<string>();

/**
 * warnNoPhone is spec 001 §8's "No phone available for a car": a console
 * warning only, once per car per page load (a card re-renders often), and
 * the page shows no Call button.
 */
export function warnNoPhone(carId: string): void {
  if (warned.has(carId)) return;
  warned.add(carId);
  console.warn(`No phone available for car ${carId}`);
}

/** telHref is the tel: link of a displayed number: digits and a leading +, nothing else. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^\d]/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/**
 * maskPhone hides all but the first four digits of a number until the
 * shopper reveals it (spec 000 §4), keeping its spacing: "07 3000 0002"
 * becomes "07 30XX XXXX".
 */
export function maskPhone(phone: string): string {
  let seen = 0;
  return phone.trim().replace(/\d/g, (d) => (++seen <= 4 ? d : 'X'));
}
