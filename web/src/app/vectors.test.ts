// Rules shared with Go run the same JSON cases (issue 5 "Rules shared with Go").
import { describe, expect, it } from 'vitest';
import budgetCases from '../../../shared/testdata/vectors/budget.json';
import priceCases from '../../../shared/testdata/vectors/price_display.json';
import promoCases from '../../../shared/testdata/vectors/promo.json';
import stockCases from '../../../shared/testdata/vectors/stock_count.json';
import tagCases from '../../../shared/testdata/vectors/tag_priority.json';
import reserveCases from '../../../shared/testdata/vectors/reserve_offer.json';
import similarCases from '../../../shared/testdata/vectors/similar_cars_path.json';
import carTitleCases from '../../../shared/testdata/vectors/car_title.json';
import themeCases from '../../../shared/testdata/vectors/theme_variables.json';
import headerMenuCases from '../../../shared/testdata/vectors/header_menu.json';
import numberCases from '../../../shared/testdata/vectors/number_format.json';
import { formatKm, formatNumber, formatPrice } from '../lib/format';
import { navigationOf } from './navigation';
import type { ConfiguredSite } from '../lib/siteConfig';
import { carTitle } from '../lib/carTitle';
import { themeVariables } from '../features/site/theme';
import { isActive, showsFor } from '../lib/search/promos';
import { stockCount } from '../lib/search/stockCount';
import { budgetAmount, budgetEstimate, type Frequency } from '../lib/budget';
import { priceDisplay } from '../lib/priceDisplay';
import { carTag } from '../lib/tagPriority';
import { reserveOffer, type ReserveSiteInput } from '../lib/reserveOffer';
import { similarPath } from '../lib/similarPath';
import type { Car, CarType, PromoTile, Theme } from '../lib/types';

describe('price display vectors (spec 001 §5, §9)', () => {
  it.each(priceCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const got = priceDisplay(c.input.car, c.input.site.texts.no_price);
    expect({
      text: got.text,
      has_price: got.hasPrice,
      was_text: got.wasText,
      price_type: got.priceType,
    }).toEqual({ ...c.want, below_market: undefined });
  });
});

describe('number format vectors (spec 001 §5, §9)', () => {
  it.each(numberCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const v = c.input.value;
    expect({ number: formatNumber(v), price: formatPrice(v), km: formatKm(v) }).toEqual(c.want);
  });
});

describe('tag priority vectors (spec 000 §4)', () => {
  it.each(tagCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const { site } = c.input;
    const got = carTag(
      c.input.car,
      {
        electricTag: site.features.electric_tag,
        certifiedProgramme: site.features.certified_programme,
        soldText: site.texts.sold_tag,
        newText: site.texts.new_tag,
      },
      new Date(c.input.now),
    );
    expect(got).toEqual(c.want);
  });
});

describe('stock count vectors (spec 000 §9)', () => {
  it.each(stockCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(stockCount(c.input.nb_hits, c.input.stock_count, c.input.facet_counts as Record<string, number>)).toBe(c.want.count);
  });
});

describe('budget vectors (spec 001 §5, §9)', () => {
  it.each(budgetCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const repayment = budgetAmount(c.input.repayment);
    const deposit = budgetAmount(c.input.deposit);
    expect({
      repayment,
      deposit,
      estimate: budgetEstimate(repayment, deposit, c.input.frequency as Frequency, c.input.term_years),
    }).toEqual(c.want);
  });
});

describe('promo tile vectors (spec 001 §3, §9)', () => {
  it.each(promoCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const tile = c.input.tile as PromoTile;
    expect({
      active: isActive(tile, new Date(c.input.now)),
      shows: showsFor(tile, c.input.refined as CarType[]),
    }).toEqual(c.want);
  });
});

describe('reserve offer vectors (issue 13, spec 001 §2, §3)', () => {
  it.each(reserveCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(reserveOffer(c.input.car, c.input.site as ReserveSiteInput)).toEqual(c.want);
  });
});

describe('similar cars path vectors (issue 17: Find Me Something Similar)', () => {
  it.each(similarCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(similarPath(c.input.car)).toBe(c.want);
  });
});

// Issue 14: the server paints a car page's title and the site's theme before
// the scripts run (Go shared.CarTitle, seo.ThemeVariables); the app shows the same.
describe('car title vectors', () => {
  it.each(carTitleCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(carTitle(c.input.car as unknown as Car, c.input.extended)).toBe(c.want);
  });
});

describe('theme variables vectors', () => {
  it.each(themeCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    // Cases from before the colour roles leave them out, as a theme from an old shell would.
    expect(themeVariables(c.input.theme as unknown as Theme)).toEqual(c.want);
  });
});

describe('header menu vectors (spec 001 §2; issue 14 painted header)', () => {
  it.each(headerMenuCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(navigationOf(c.input.site as unknown as ConfiguredSite)).toEqual(c.want);
  });
});
