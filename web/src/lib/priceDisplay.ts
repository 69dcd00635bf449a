// Price display (spec 001 §5 "Price display", §9 thresholds). The Go twin is
// shared/price.go (DisplayPrice); both run shared/testdata/vectors/price_display.json.
import { formatPrice } from './format';

/** PRICE_THRESHOLD: a price is shown only when greater than this. */
export const PRICE_THRESHOLD = 10;
/** MARKET_THRESHOLD: the below-market badge needs the price more than this under an average. */
export const MARKET_THRESHOLD = 499;
export const PREORDER_TEXT = 'PREORDER';

export interface PriceInput {
  price?: number;
  price_type?: string;
  preorder?: boolean;
  before_price?: number;
  autograb_data?: { state_average_market_price?: number; average_market_price?: number };
}

export interface PriceDisplay {
  /** "$23,990", PREORDER, or the site's no-price text. */
  text: string;
  hasPrice: boolean;
  /** The earlier price, set only when before_price exceeds the price. */
  wasText: string;
  belowMarket: boolean;
  /** The car's price type ("Drive Away"), when priced. */
  priceType: string;
}

export function hasPrice(price: number | undefined): boolean {
  return (price ?? 0) > PRICE_THRESHOLD;
}

/** priceDisplay: noPriceText is the site's texts.no_price (GET /api/site applies its default). */
export function priceDisplay(car: PriceInput, noPriceText: string): PriceDisplay {
  const price = car.price ?? 0;
  if (!hasPrice(price)) {
    const text = car.preorder ? PREORDER_TEXT : noPriceText;
    return { text, hasPrice: false, wasText: '', belowMarket: false, priceType: '' };
  }
  const before = car.before_price ?? 0;
  const state = car.autograb_data?.state_average_market_price ?? 0;
  const national = car.autograb_data?.average_market_price ?? 0;
  const farBelow = (state > 0 && state - price > MARKET_THRESHOLD) || (national > 0 && national - price > MARKET_THRESHOLD);
  return {
    text: formatPrice(price),
    hasPrice: true,
    wasText: before > price ? formatPrice(before) : '',
    belowMarket: farBelow && state > 0 && price < state,
    priceType: car.price_type ?? '',
  };
}
