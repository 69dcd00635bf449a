import { formatPrice } from './format';
import { hasPrice } from './priceDisplay';
import { isAvailable } from './tagPriority';
import type { CarType, ReserveConfig, ReserveOffer } from './types';

/** The car fields the rule reads: a search record or a car. */
export interface ReserveCarInput {
  slug: string;
  car_type: string;
  status?: string;
  sold?: boolean;
  reserved?: boolean;
  price?: number;
  dealership_slug?: string;
}

/** The site fields the rule reads. */
export interface ReserveSiteInput {
  features: { reserve: boolean; reserve_path: string; checkout_journey?: boolean };
  reserve: Pick<ReserveConfig, 'deposit' | 'hold_hours' | 'car_types' | 'dealerships'>;
}

/**
 * reserveOffer is the twin of shared.ReserveFor (vectors: reserve_offer.json):
 * the Reserve Now offer of a car the site lets shoppers reserve online, else
 * null. A listing card reads the shared index record, so it decides here.
 */
export function reserveOffer(car: ReserveCarInput, site: ReserveSiteInput): ReserveOffer | null {
  const r = site.reserve;
  const reservable = isAvailable(car) && car.status === 'in_stock' && !car.reserved && hasPrice(car.price);
  if (!site.features.reserve || !reservable) return null;
  if (r.car_types?.length && !r.car_types.includes(car.car_type as CarType)) return null;
  if (r.dealerships?.length && !r.dealerships.includes(car.dealership_slug ?? '')) return null;
  let path = `/cars/${encodeURIComponent(car.slug)}/${site.features.reserve_path}`;
  if (site.features.checkout_journey && car.car_type === 'used') {
    path = `/checkout-journey?${new URLSearchParams({ car_id: car.slug })}`;
  }
  return { deposit: r.deposit, price_text: r.deposit > 0 ? formatPrice(r.deposit) : '', path, hold_hours: r.hold_hours };
}
