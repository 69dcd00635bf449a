import type { Car, Site, SiteResponse } from '../lib/types';

/**
 * Fixture is a test's fragment of a generated API type. The API sends every
 * required field (Go applies the site defaults); a test names only the
 * fields it exercises.
 */
export type Fixture<T> = T extends (infer E)[] ? Fixture<E>[] : T extends object ? { [K in keyof T]?: Fixture<T[K]> } : T;

/** fixture types a test's fragment as the whole API type. */
export function fixture<T>(v: Fixture<T>): T {
  return v as unknown as T;
}

export function siteResponse(overrides: Fixture<Site> = {}): SiteResponse {
  return {
    site: fixture<Site>({
      slug: 'riverside-toyota',
      name: 'Riverside Toyota',
      template: 'classic',
      logo: { url: '/media/logos/riverside.svg' },
      theme: { primary_color: '#c00000' },
      dealerships: [{ id: 'd1', slug: 'riverside-toyota', name: 'Riverside Toyota' }],
      texts: { no_price: 'Enquire for price.', sold_tag: 'JUST SOLD', new_tag: 'New', new_arrival: 'New Arrival' },
      features: { favourites: true },
      search: { facets: ['make', 'model', 'car_type', 'price', 'body'] },
      stock: { car_types: ['new', 'used', 'demo'] },
      ...overrides,
    }),
    search: {
      appId: 'FORECOURTLOCAL',
      apiKey: 'secured-key',
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
