import { capitalise, formatKm } from '../../../lib/format';
import type { Car } from '../../../lib/types';

export interface DetailRow {
  label: string;
  value: string;
}

function present(v: unknown): v is string | number {
  if (v === undefined || v === null) return false;
  const s = String(v).trim();
  return s !== '' && s !== 'null' && s !== '0';
}

/** regoShown: an expired registration shows nothing (spec 001 §5). */
export function regoShown(expiry: string | undefined, now: Date): string | undefined {
  if (!expiry) return undefined;
  const t = Date.parse(expiry);
  if (Number.isNaN(t) || t < now.getTime()) return undefined;
  return expiry;
}

function rows(pairs: Array<[string, unknown]>): DetailRow[] {
  return pairs.filter(([, v]) => present(v)).map(([label, v]) => ({ label, value: String(v) }));
}

/** keyDetails lists the car's key facts; rows with empty, null or "null" values are left out (spec 001 §5). */
export function keyDetails(car: Car, now: Date): DetailRow[] {
  return rows([
    ['Condition', car.car_type ? capitalise(car.car_type) : undefined],
    ['Year', car.year],
    ['Kilometres', typeof car.km === 'number' && car.km > 0 ? formatKm(car.km) : undefined],
    ['Body', car.simple_body || car.body],
    ['Transmission', car.simple_transmission || car.trans],
    ['Fuel', car.simple_fuel || car.fuel],
    ['Drive', car.drive],
    ['Colour', car.colour],
    ['Seats', car.seats],
    ['Doors', car.doors],
    ['Engine', car.engine_size],
    ['Stock number', car.stocknum],
    ['VIN', car.vin],
    ['Registration', car.regplate],
    ['Registration expiry', regoShown(car.rego_expiry, now)],
    ['Location', car.location_name || car.location?.name],
  ]);
}

/** specifications lists the variant's technical rows (spec 001 §2: first 4, then Show more). */
export function specifications(car: Car): DetailRow[] {
  const v = car.variant ?? {};
  return rows([
    ['Cylinders', v.cylinders],
    ['Engine size', v.enginesize_litres ? `${v.enginesize_litres} L` : v.enginesize ? `${v.enginesize} cc` : undefined],
    ['Induction', v.induction],
    ['Gears', v.geartype],
    ['Body configuration', v.bodyconfiguration],
  ]);
}
