import type { ConfiguredSite, ConfiguredSiteResponse } from '../lib/siteConfig';
import type { Car } from '../lib/types';

/**
 * Fixture is a test's fragment of a generated API type: the API sends every
 * required field, a test names only the fields it exercises.
 */
export type Fixture<T> = T extends (infer E)[] ? Fixture<E>[] : T extends object ? { [K in keyof T]?: Fixture<T[K]> } : T;

/** fixture types a test's fragment as the whole API type. */
export function fixture<T>(v: Fixture<T>): T {
  return v as unknown as T;
}

/** SiteOverrides: fields to set; an object field is merged onto the defaults, a list replaces them. */
export type SiteOverrides = {
  [K in keyof ConfiguredSite]?: Fixture<ConfiguredSite[K]>;
};

/**
 * defaultedSite is a site as GET /api/site sends it: every default of
 * shared.ApplyDefaults and shared.DefaultSite (shared/siteconfig.go) applied.
 */
function defaultedSite(): ConfiguredSite {
  return fixture<ConfiguredSite>({
    slug: 'riverside-toyota',
    name: 'Riverside Toyota',
    template: 'classic',
    logo: { url: '/media/logos/riverside.svg' },
    theme: {
      primary_color: '#c00000',
      accent_color: '#f59e0b',
      header_bg: '#ffffff',
      header_text: '#111827',
      font_family: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      border_radius_px: 8,
    },
    dealerships: [{ id: 'd1', slug: 'riverside-toyota', name: 'Riverside Toyota' }],
    texts: {
      no_price: 'Enquire for price.',
      new_arrival: 'New Arrival',
      sold_tag: 'JUST SOLD',
      new_tag: 'New',
      call_text: 'Call the dealer',
      enquire_label: 'Enquire Now',
      submit_label: '',
      used_keyword: 'Used',
      find_similar: 'Find Me Something Similar',
      dealer_comments_title: 'Dealer Comments',
      dealer_comments_pending: 'Dealer comments are pending. Please check back here later.',
      sold_notice: 'Unfortunately this vehicle recently sold.',
      locations_title: 'Our Locations',
    },
    features: { favourites: true, favourites_path: '/favourites', watchlist_path: '/watchlist' },
    search: {
      facets: ['make', 'model', 'car_type', 'price', 'body'],
      sort_options: ['relevance', 'latest', 'price_desc', 'price_asc'],
      promo_positions: [8, 17],
      makes_collapsed: 7,
      location_filter: true,
      hits_per_page: 21,
    },
    card: { chips: ['car_type', 'simple_body', 'km', 'simple_transmission', 'stocknum'] },
    vdp_config: { show_map_section: false },
    stock: { car_types: ['new', 'used', 'demo'], listing_path: '/search/new-used-and-demo-cars/', sold_retention_days: 3 },
    finance: {
      interest_rate: 8.5,
      term_years: 5,
      hidden_makes: ['Suzuki'],
      weekly_on_card: false,
      default_rate_estimate: false,
      default_rate_label: 'Estimate at our standard rate',
      fine_print: 'Comparison rate is based on a 5-year secured loan of $30,000.',
      indicative_disclaimer:
        'Repayments are indicative only and are not a binding quote. They do not take your personal financial situation into account. Finance is available to approved applicants only. Terms, fees and lending criteria apply.',
      calculator_rate: 10,
      vehicle_type: 'Car',
      state: 'qld',
    },
    home: { slide_width: 1920, slide_height: 540, slide_seconds: 6, latest_arrivals: 4, our_dealerships: 'list' },
    budget: {
      frequency: 'monthly',
      monthly_repayment: 600,
      weekly_repayment: 200,
      deposit: 2000,
      term_years: 5,
      slider_min: 5000,
      slider_max: 250000,
      slider_step: 500,
      fallback_max_price: 100000,
    },
    footer: {
      vehicles: [
        { label: 'Our Stock', path: '/cars/' },
        { label: 'New Cars', path: '/search/new-cars' },
        { label: 'Demo Cars', path: '/search/demo-cars' },
        { label: 'Used Cars', path: '/search/used-cars' },
      ],
      buyer_tools: [
        { label: 'New Cars', path: '/search/new-cars' },
        { label: 'Demo Cars', path: '/search/demo-cars' },
        { label: 'Used Cars', path: '/search/used-cars' },
        { label: 'Current Offers', path: '/special-offers' },
        { label: 'Finance Enquiry', path: '/finance' },
        { label: 'Trade-In', path: '/trade-in' },
      ],
      service: [
        { label: 'Vehicle Service', path: '/service' },
        { label: 'Genuine Parts and Accessories', path: '/vehicle-parts-and-accessories' },
        { label: 'Warranty', path: '/warranty' },
        { label: 'Prepaid Maintenance Plan', path: '/prepaid-maintenance-plan' },
        { label: 'Roadside Assistance', path: '/roadside-assistance' },
      ],
      dealer: [
        { label: 'About Us', path: '/about' },
        { label: 'Contact Us', path: '/contact' },
        { label: 'Terms And Conditions', path: '/terms-and-conditions/' },
        { label: 'Privacy Policy', path: '/privacy-policy' },
        { label: 'FAQs', path: '/faqs' },
      ],
      payment_methods: ['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay'],
    },
  });
}

/**
 * siteResponse is the answer of GET /api/site for a test site. Overrides are
 * applied as the Go decoder reads a tenant file onto the defaults: an object
 * field keeps the defaults it does not name, a list replaces the default list.
 */
export function siteResponse(overrides: SiteOverrides = {}): ConfiguredSiteResponse {
  const site = defaultedSite() as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(overrides)) {
    const base = site[key];
    const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
    site[key] = isObject(base) && isObject(value) ? { ...(base as object), ...(value as object) } : value;
  }
  return {
    site: site as unknown as ConfiguredSite,
    header_locations: [],
    search: {
      appId: 'FORECOURTLOCAL',
      apiKey: 'secured-key',
      validUntil: 0,
      host: 'http://localhost:7700',
      index: 'cars',
      sortIndices: {
        relevance: 'cars',
        latest: 'cars_latest',
        price_desc: 'cars_price_desc',
        price_asc: 'cars_price_asc',
        km_desc: 'cars_km_desc',
        km_asc: 'cars_km_asc',
      },
    },
    stats: null,
    // The local stack has a registration provider (the demo plates).
    rego_lookup: true,
  };
}

const MAKES: Array<[string, string, string]> = [
  ['Toyota', 'Corolla', 'Hatch'],
  ['Toyota', 'HiLux', 'Ute'],
  ['Mazda', 'CX-5', 'SUV'],
  ['Ford', 'Ranger', 'Ute'],
  ['Kia', 'Sportage', 'SUV'],
];

/** stock builds n deterministic cars; car i has price 10000 + 1000*i. */
export function stock(n: number): Car[] {
  return Array.from({ length: n }, (_, i) => {
    const [make, model, body] = MAKES[i % MAKES.length];
    const type = (['used', 'new', 'demo'] as const)[i % 3];
    return fixture<Car>({
      id: `car-${i}`,
      slug: `car-${i}-${make.toLowerCase()}-${model.toLowerCase()}`,
      year: 2015 + (i % 10),
      make,
      model,
      car_type: type,
      status: 'in_stock',
      price: 10000 + 1000 * i,
      km: 1000 * i,
      simple_body: body,
      simple_transmission: 'Automatic',
      stocknum: `S${1000 + i}`,
      primary_image_url: `/media/demo/cars/${i}.svg`,
      created_at: '2020-01-01T00:00:00Z',
    });
  });
}
