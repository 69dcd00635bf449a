import { describe, expect, it } from 'vitest';
import { siteResponse, type SiteOverrides } from '../../test/fixtures';
import { andFilters, baseFilters, facetFilter } from './filters';

/** A site as /api/site sends it (every car type unless it says otherwise), with extra set. */
const site = (extra: SiteOverrides) => siteResponse(extra).site;

describe('base filters (spec 001 §7, spec 000 §5)', () => {
  it('is empty for a site selling every car type with no filter string', () => {
    expect(baseFilters(site({}), false)).toBe('');
    expect(baseFilters(site({ stock: { car_types: ['new', 'used', 'demo'] } }), false)).toBe('');
  });

  it('restricts to the car types the site sells', () => {
    expect(baseFilters(site({ stock: { car_types: ['used'] } }), false)).toBe('(car_type:"used")');
  });

  it('ANDs the site filter string', () => {
    expect(baseFilters(site({ search: { filters: 'show_on_dealer_website:true' }, stock: { car_types: ['new', 'demo'] } }), false)).toBe(
      '(show_on_dealer_website:true) AND (car_type:"new" OR car_type:"demo")',
    );
  });

  it('adds price > 0 to the price-ascending sort where the site says so', () => {
    const s = site({ search: { price_asc_excludes_zero: true } });
    expect(baseFilters(s, true)).toBe('price > 0');
    expect(baseFilters(s, false)).toBe('');
    expect(baseFilters(site({}), true)).toBe('');
  });
});

describe('facet conditions for the scoped searches (spec 000 §7)', () => {
  it('quotes values and joins the non-empty parts with AND', () => {
    expect(facetFilter('make', 'Land Rover')).toBe('make:"Land Rover"');
    expect(facetFilter('model', 'Say "hi" \\ there')).toBe('model:"Say \\"hi\\" \\\\ there"');
    expect(andFilters('', 'dealership_slug:"coastal-kia"')).toBe('dealership_slug:"coastal-kia"');
    expect(andFilters('(car_type:"used")', 'make:"Kia"')).toBe('(car_type:"used") AND make:"Kia"');
  });

  it('spec 000 §9: stock.max_age_years leaves out cars older than that, counted from today', () => {
    const s = site({ stock: { max_age_years: 12 } });
    expect(baseFilters(s, false, new Date(2026, 5, 1))).toBe('year >= 2014');
    expect(baseFilters(s, false, new Date(2027, 0, 1))).toBe('year >= 2015');
  });

  it("spec 001 §7: a manufacturer's site adds its manufacturer where it says so", () => {
    const toyota = { id: 'mfr-toyota', name: 'Toyota' };
    expect(baseFilters(site({ manufacturer: toyota, search: { manufacturer_filter: true } }), false)).toBe('make:"Toyota"');
    expect(baseFilters(site({ manufacturer: toyota }), false)).toBe('');
    expect(baseFilters(site({ search: { manufacturer_filter: true } }), false)).toBe('');
  });
});
