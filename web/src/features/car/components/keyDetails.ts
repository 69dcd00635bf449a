import { carTypeLabel, formatKm, formatNumber } from '../../../lib/format';
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

/** unit appends a unit to a number the car has, leaving an absent one absent. */
function unit(v: number | undefined, suffix: string): string | undefined {
  return typeof v === 'number' && v > 0 ? `${formatNumber(v)} ${suffix}` : undefined;
}

/** decimal keeps a measured figure's decimals (fuel use, litres). */
function decimal(v: number | undefined, suffix: string): string | undefined {
  return typeof v === 'number' && v > 0 ? `${v} ${suffix}` : undefined;
}

/**
 * detailsPanel is the at-a-glance facts under the title (spec 001 §2
 * "Details panel"): odometer, transmission, fuel, body, drive, colour.
 */
export function detailsPanel(car: Car): DetailRow[] {
  return rows([
    ['Kilometres', typeof car.km === 'number' && car.km > 0 ? formatKm(car.km) : undefined],
    ['Transmission', car.simple_transmission || car.trans],
    ['Fuel', car.simple_fuel || car.fuel],
    ['Body', car.simple_body || car.body],
    ['Drive', car.drive],
    ['Colour', car.colour],
  ]);
}

/**
 * keyDetails is Key information; rows with empty, null or "null" values are
 * left out (spec 001 §5). A used car's condition reads the site's used keyword.
 */
export function keyDetails(car: Car, now: Date, usedKeyword = 'Used'): DetailRow[] {
  return rows([
    ['Condition', car.car_type ? carTypeLabel(car.car_type, usedKeyword) : undefined],
    ['Year', car.year],
    ['Kilometres', typeof car.km === 'number' && car.km > 0 ? formatKm(car.km) : undefined],
    ['Body', car.simple_body || car.body],
    ['Transmission', car.simple_transmission || car.trans],
    ['Fuel', car.simple_fuel || car.fuel],
    ['Drive', car.drive],
    ['Colour', car.colour],
    ['Interior colour', car.interior_colour],
    ['Seats', car.seats],
    ['Doors', car.doors],
    ['Engine', car.engine_size],
    ['Stock number', car.stocknum],
    ['VIN', car.vin],
    ['Registration', car.regplate],
    ['Registration expiry', regoShown(car.rego_expiry, now)],
    ['Build date', car.build_date],
    ['Compliance date', car.compliance_date],
    ['Location', car.location_name || car.location?.name],
  ]);
}

/**
 * specifications is All Specifications: every variant and caravan field
 * the car has (spec 000 §3 variant, spec 001 §3 caravan specifications);
 * the page shows the first 4, then Show more (spec 001 §2, §9).
 */
export function specifications(car: Car): DetailRow[] {
  const v = car.variant ?? {};
  const c = car.specifications ?? {};
  return rows([
    ['Cylinders', v.cylinders],
    ['Engine size', v.enginesize_litres ? `${v.enginesize_litres} L` : v.enginesize ? `${formatNumber(v.enginesize)} cc` : undefined],
    ['Induction', v.induction],
    ['Gears', v.geartype],
    ['Body configuration', v.bodyconfiguration],
    ['Fuel consumption (combined)', decimal(v.fuelconsumptioncombined, 'L/100 km')],
    ['Fuel capacity', decimal(v.fuelcapacity, 'L')],
    ['Torque', unit(v.torque, 'Nm')],
    ['Gross vehicle mass', unit(v.grossvehiclemass, 'kg')],
    ['Length', unit(v.vehiclelength, 'mm')],
    ['Width', unit(v.vehiclewidth, 'mm')],
    ['Height', unit(v.vehicleheight, 'mm')],
    ['ANCAP rating', typeof v.ancaprating === 'number' && v.ancaprating > 0 ? `${v.ancaprating} stars` : undefined],
    // Go stores sizes given in feet as metres (shared.NormalizeCaravanDimensions); no unit stays bare.
    ['Body length', c.body_length && c.dimension_unit === 'm' ? `${c.body_length} m` : c.body_length],
    ['Body width', c.body_width && c.dimension_unit === 'm' ? `${c.body_width} m` : c.body_width],
    ['Tare weight', unit(c.tare_weight, 'kg')],
    ['Aggregate trailer mass', unit(c.aggregate_trailer_mass, 'kg')],
    ['Axle type', c.axle_type],
    ['Sleeps', c.sleeps],
  ]);
}
