import { describe, expect, it } from 'vitest';
import pathCases from '../../../shared/testdata/vectors/listing_paths.json';
import {
  type RouteState,
  carPath,
  carTypePath,
  dealershipListingPath,
  dealershipSearchPath,
  LISTING_PATH,
  pathPreset,
  routeToURL,
  urlToRoute,
  withPage,
} from './listingUrl';
import { similarPath } from './similarPath';

describe('links into the listing: one URL rule (spec 000 §2, §4; issue 5 "Paths")', () => {
  it('Find Me Something Similar: the same make and model; without a model, body or price, the make listing (spec 000 §4, issue 17; the rest in similar_cars_path.json)', () => {
    expect(similarPath({ make: 'Mazda', model: '', simple_body: undefined })).toBe('/search/Mazda');
    expect(similarPath({ make: 'Mazda', model: 'CX-5', simple_body: undefined })).toBe('/search/Mazda/CX-5');
    expect(similarPath({ make: 'Land Rover', model: 'Defender 110', simple_body: 'SUV' })).toBe('/search/Land%20Rover/Defender%20110');
  });

  it('a car type is its path preset, as the listing writes it', () => {
    expect(carTypePath('new')).toBe('/search/new-cars');
    expect(carTypePath('used')).toBe('/search/used-cars');
    expect(carTypePath('demo')).toBe('/search/demo-cars');
    expect(carTypePath('used')).toBe(routeToURL({ lists: { car_type: ['used'] } }));
  });

  it('a dealership has its own search page and a dealer-scoped link into the listing (spec 000 §2)', () => {
    expect(dealershipSearchPath('coastal-kia')).toBe('/dealerships/coastal-kia/cars');
    expect(dealershipListingPath('coastal-kia')).toBe(`${LISTING_PATH}?dealership=coastal-kia`);
  });

  it('a budget: the type preset and a price range in the query', () => {
    expect(routeToURL({ lists: { car_type: ['new'] }, ranges: { price: ':38000' } })).toBe('/search/new-cars?price=:38000');
    expect(routeToURL({ ranges: { price: '5000:38000' } })).toBe(`${LISTING_PATH}?price=5000:38000`);
  });

  it('car_type=all means every type (spec 001 §3; issue 17): no refinement, other types kept', () => {
    expect(urlToRoute(LISTING_PATH, '?car_type=all')).toEqual({});
    expect(urlToRoute(LISTING_PATH, '?car_type=all&price=:38000')).toEqual({ ranges: { price: ':38000' } });
    expect(urlToRoute(LISTING_PATH, '?car_type=all&car_type=used')).toEqual({ lists: { car_type: ['used'] } });
    expect(urlToRoute('/search/used-cars', '?car_type=all')).toEqual({ lists: { car_type: ['used'] } });
  });

  it('a car page is /cars/{slug}, the slug encoded', () => {
    expect(carPath('2020-mazda-cx-5-c9')).toBe('/cars/2020-mazda-cx-5-c9');
    expect(carPath('a b')).toBe('/cars/a%20b');
  });
});

describe('/search/{slug} (spec 001 §2 "Make and body facet tiles")', () => {
  it('a body tile path presets the body; anything else is a make', () => {
    expect(pathPreset('/search/suv')).toEqual({ body: ['SUV'] });
    expect(pathPreset('/search/cab-chassis')).toEqual({ body: ['Cab Chassis'] });
    expect(pathPreset('/search/People%20Mover')).toEqual({ body: ['People Mover'] });
    expect(pathPreset('/search/Mazda')).toEqual({ make: ['Mazda'] });
    expect(pathPreset('/search/Mazda/CX-5')).toEqual({ make: ['Mazda'], model: ['CX-5'] });
  });
});

// Spec 001 §2 "/search/{make_model} Make-model facet tile" (issue 33; the
// deviation in docs/spec-deviations.md): a make-model's page is the
// two-segment /search/{make}/{model}, so a two-word make is never read as a
// make plus the first word of its model, one-word or two-word alike.
describe('a make and model path, one-word and two-word makes (spec 001 §2 make-model tile)', () => {
  it.each([
    ['Toyota', 'Corolla', '/search/Toyota/Corolla'],
    ['Land Rover', 'Range Rover Sport', '/search/Land%20Rover/Range%20Rover%20Sport'],
    ['Alfa Romeo', 'Giulia', '/search/Alfa%20Romeo/Giulia'],
  ])('%s %s: %s, and back', (make, model, path) => {
    expect(routeToURL({ lists: { make: [make], model: [model] } })).toBe(path);
    expect(urlToRoute(path, '')).toEqual({ lists: { make: [make], model: [model] } });
  });
});

describe('listing paths read as Go reads them (shared vector listing_paths.json; Go TestListingPathVectors)', () => {
  it.each(pathCases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(pathPreset(c.input.path)).toEqual(c.want);
  });
});

describe('pagination links (spec 000 §4: every page a link of its own)', () => {
  it('writes the page last and leaves page 1 out', () => {
    expect(routeToURL({ lists: { car_type: ['used'] }, page: 1 })).toBe('/search/used-cars');
    expect(routeToURL({ lists: { car_type: ['used'] }, page: 2 })).toBe('/search/used-cars?page=2');
    expect(routeToURL({ lists: { car_type: ['used'] }, sortBy: 'price_asc', page: 3 })).toBe('/search/used-cars?sortBy=price_asc&page=3');
  });
  it.each<[RouteState, string | undefined]>([
    [{}, undefined],
    [{ lists: { car_type: ['used'] } }, undefined],
    [{ lists: { make: ['Toyota'], model: ['HiLux'] }, ranges: { price: '10000:30000' }, sortBy: 'price_asc' }, undefined],
    [{ query: 'ute 4x4', lists: { fuel: ['Diesel', 'Petrol'] } }, undefined],
    [{ lists: { categories: ['SUV'] } }, '/dealerships/riverside-toyota/search'],
  ])('withPage(page-1 URL) is routeToURL with the page, for %j', (route, basePath) => {
    const first = routeToURL(route, basePath);
    expect(withPage(first, 0)).toBe(first);
    for (const page of [1, 2, 9]) expect(withPage(first, page)).toBe(routeToURL({ ...route, page: page + 1 }, basePath));
  });
});
