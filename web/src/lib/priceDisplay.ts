// Price display (spec 001 §5 "Price display", §9 thresholds). The Go twin is
// shared/price.go (DisplayPrice); both run shared/testdata/vectors/price_display.json.
// The below-market badge is Go's alone (issue 17): the cards read the search
// record's below_market_sites, so below_market in the vectors pins Go only.
import { formatPrice } from './format';

/** PRICE_THRESHOLD: a price is shown only when greater than this. */
export const PRICE_THRESHOLD = 10;
export const PREORDER_TEXT = 'PREORDER';

export interface PriceInput {
  price?: number;
  price_type?: string;
  preorder?: boolean;
  before_price?: number;
}

export interface PriceDisplay {
  /** "$23,990", PREORDER, or the site's no-price text. */
  text: string;
  hasPrice: boolean;
  /** The earlier price, set only when before_price exceeds the price. */
  wasText: string;
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
    return { text, hasPrice: false, wasText: '', priceType: '' };
  }
  const before = car.before_price ?? 0;
  return {
    text: formatPrice(price),
    hasPrice: true,
    wasText: before > price ? formatPrice(before) : '',
    priceType: car.price_type ?? '',
  };
}
