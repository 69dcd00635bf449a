// The twin of Go's shared.SimilarCarsPath for the car page's own fallbacks;
// a listing card reads the record's similar_path instead, so this module stays
// out of the listing's initial script (its budget: web/scripts/bundle-size.mjs).
import { LISTING_PATH } from './listingUrl';
import { hasPrice } from './priceDisplay';

/** PRICE_BAND_BOUNDS are the price_range buckets' lower bounds (Go shared.PriceBand). */
const PRICE_BAND_BOUNDS = [0, 10000, 20000, 30000, 40000, 50000, 75000, 100000];

/** priceBand is the price_range bucket a price falls in, the top one up to 1,000,000; undefined without a price. */
function priceBand(price: number | undefined): [number, number] | undefined {
  if (!hasPrice(price)) return undefined;
  for (let i = PRICE_BAND_BOUNDS.length - 1; i >= 0; i--) {
    if ((price ?? 0) >= PRICE_BAND_BOUNDS[i]) {
      return [PRICE_BAND_BOUNDS[i], i === PRICE_BAND_BOUNDS.length - 1 ? 1_000_000 : PRICE_BAND_BOUNDS[i + 1] - 1];
    }
  }
  return undefined;
}

/** pathSegment escapes as Go's url.PathEscape does, so both sides write the same link. */
function pathSegment(s: string): string {
  return encodeURIComponent(s)
    .replace(/%(24|26|2B|3A|3D|40)/g, (m) => decodeURIComponent(m))
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * similarPath is the listing of cars like a given one (spec 000 §4, 001 §2
 * "Find Me Something Similar"; issue 17): the same make and model, else the
 * same body type and price band, else the make, else every car. The twin of
 * Go's shared.SimilarCarsPath, which the car page's action carries; both run
 * shared/testdata/vectors/similar_cars_path.json.
 */
export function similarPath(car: { make?: string; model?: string; simple_body?: string; price?: number }): string {
  const make = (car.make ?? '').trim();
  const model = (car.model ?? '').trim();
  if (make && model) return `/search/${pathSegment(make)}/${pathSegment(model)}`;
  const params = new URLSearchParams();
  const body = (car.simple_body ?? '').trim();
  if (body) params.set('body', body);
  const band = priceBand(car.price);
  if (band) params.set('price', `${band[0]}:${band[1]}`);
  if (params.toString() === '') return make ? `/search/${pathSegment(make)}` : LISTING_PATH;
  return `${LISTING_PATH}?${params.toString().replace(/%3A/gi, ':')}`;
}
