// Price display (spec 001 §5 "Price display", §9 thresholds). The Go twin is
// shared/price.go; both run shared/testdata/vectors/price_display.json.
import { formatPrice } from './format';

/** PRICE_THRESHOLD: a price is shown only when greater than this. */
export const PRICE_THRESHOLD = 10;
/** MARKET_THRESHOLD: the below-market badge needs the price this far under the average. */
export const MARKET_THRESHOLD = 499;
export const DEFAULT_NO_PRICE_TEXT = 'Enquire for price.';

export interface PriceInput {
  price?: number;
  preorder?: boolean;
  before_price?: number;
  autograb_data?: { state_average_market_price?: number; average_market_price?: number };
}

export type PriceKind = 'price' | 'preorder' | 'no_price';

export interface PriceDisplay {
  kind: PriceKind;
  /** The text in the price slot: "$23,990", "PREORDER" or the no-price text. */
  text: string;
  /** The struck-through earlier price, when before_price exceeds the price. */
  wasText?: string;
  belowMarket: boolean;
}

export function priceDisplay(car: PriceInput, noPriceText = DEFAULT_NO_PRICE_TEXT): PriceDisplay {
  const price = car.price ?? 0;
  if (!(price > PRICE_THRESHOLD)) {
    if (car.preorder) return { kind: 'preorder', text: 'PREORDER', belowMarket: false };
    return { kind: 'no_price', text: noPriceText || DEFAULT_NO_PRICE_TEXT, belowMarket: false };
  }
  const before = car.before_price ?? 0;
  return {
    kind: 'price',
    text: formatPrice(price),
    wasText: before > price ? formatPrice(before) : undefined,
    belowMarket: isBelowMarket(price, car.autograb_data),
  };
}

/**
 * isBelowMarket: more than 499 under the state or national average, and under
 * the state average.
 */
export function isBelowMarket(
  price: number,
  market?: { state_average_market_price?: number; average_market_price?: number },
): boolean {
  const state = market?.state_average_market_price ?? 0;
  const national = market?.average_market_price ?? 0;
  if (!(price > PRICE_THRESHOLD) || state <= 0) return false;
  const farBelow = state - price > MARKET_THRESHOLD || (national > 0 && national - price > MARKET_THRESHOLD);
  return farBelow && price < state;
}
