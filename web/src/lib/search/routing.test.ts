import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRouting, routeToState, stateToRoute, type RoutingConfig } from './routing';
import { routeToURL, urlToRoute, type RouteState } from '../listingUrl';

const cfg: RoutingConfig = {
  indexName: 'cars',
  sortIndices: { relevance: 'cars', latest: 'cars_latest', price_asc: 'cars_price_asc', price_desc: 'cars_price_desc' },
};

describe('search URL state (spec 000 §2, §4)', () => {
  it('writes readable parameters by spec name and leaves page 1 out', () => {
    const route = stateToRoute(
      {
        cars: {
          query: 'hilux',
          page: 1,
          sortBy: 'cars_price_asc',
          refinementList: { make: ['Toyota', 'Mazda'], simple_body: ['SUV'] },
          range: { price: '10000:30000' },
        },
      },
      cfg,
    );
    expect(route).toEqual({
      query: 'hilux',
      sortBy: 'price_asc',
      lists: { make: ['Toyota', 'Mazda'], body: ['SUV'] },
      ranges: { price: '10000:30000' },
    });
    expect(routeToURL(route)).toBe('/search/new-used-and-demo-cars/?query=hilux&make=Toyota&make=Mazda&price=10000:30000&body=SUV&sortBy=price_asc');
  });

  it('carries later pages in the page parameter', () => {
    const route = stateToRoute({ cars: { page: 2 } }, cfg);
    expect(routeToURL(route)).toBe('/search/new-used-and-demo-cars/?page=2');
  });

  it('omits relevance (the main index) from the URL', () => {
    expect(stateToRoute({ cars: { sortBy: 'cars' } }, cfg)).toEqual({});
  });

  it('puts one make and model in the path', () => {
    expect(routeToURL({ lists: { make: ['Toyota'], model: ['Corolla'] } })).toBe('/search/Toyota/Corolla');
    expect(routeToURL({ lists: { make: ['Land Rover'] }, page: 3 })).toBe('/search/Land%20Rover?page=3');
    expect(routeToURL({ lists: { make: ['Toyota', 'Kia'] } })).toBe('/search/new-used-and-demo-cars/?make=Toyota&make=Kia');
  });

  it('uses the car-type path presets', () => {
    expect(routeToURL({ lists: { car_type: ['used'], make: ['Kia'] } })).toBe('/search/used-cars?make=Kia');
    expect(routeToURL({ lists: { car_type: ['new', 'demo'] } })).toBe('/search/new-and-demo-cars');
  });

  it.each([
    ['/search/new-used-and-demo-cars/', '', {}],
    ['/search/new-used-and-demo-cars', '', {}],
    ['/cars/', '', {}],
    ['/search/new-cars', '', { lists: { car_type: ['new'] } }],
    ['/search/used-cars', '', { lists: { car_type: ['used'] } }],
    ['/search/demo-cars', '', { lists: { car_type: ['demo'] } }],
    ['/search/new-and-demo-cars', '', { lists: { car_type: ['demo', 'new'] } }],
    ['/search/Toyota', '', { lists: { make: ['Toyota'] } }],
    ['/search/Land%20Rover/Range%20Rover', '', { lists: { make: ['Land Rover'], model: ['Range Rover'] } }],
  ] as Array<[string, string, RouteState]>)('reads the preset of %s', (path, search, want) => {
    expect(urlToRoute(path, search)).toEqual(want);
  });

  it('parses query, page, sort, lists and ranges and ignores junk', () => {
    expect(urlToRoute('/search/used-cars', '?query=ute&make=Ford&price=10000:30000&km=:50000&year=abc&sortBy=nope&page=2&foo=1')).toEqual({
      query: 'ute',
      page: 2,
      lists: { make: ['Ford'], car_type: ['used'] },
      ranges: { price: '10000:30000', km: ':50000' },
    });
    expect(urlToRoute('/search/new-used-and-demo-cars/', '?page=1&sortBy=relevance')).toEqual({});
  });

  it('round-trips URL -> state -> URL', () => {
    const urls = [
      '/search/used-cars?price=10000:30000&sortBy=price_asc&page=2',
      '/search/Toyota/Corolla?body=SUV&body=Hatch',
      '/search/new-used-and-demo-cars/?query=4x4&make=Ford&make=Isuzu&year=2018:2024&km=0:80000',
    ];
    for (const url of urls) {
      const [path, search = ''] = url.split('?');
      const state = routeToState(urlToRoute(path, search ? `?${search}` : ''), cfg);
      expect(routeToURL(stateToRoute(state, cfg))).toBe(url);
    }
  });

  it('maps sort keys to replica names and drops unknown facets', () => {
    expect(routeToState({ sortBy: 'latest', lists: { body: ['Ute'], nope: ['x'] }, ranges: { km: '0:1000', price: 'x' } }, cfg)).toEqual({
      cars: { sortBy: 'cars_latest', refinementList: { simple_body: ['Ute'] }, range: { km: '0:1000' } },
    });
  });
});

describe('the router writes the URL after a pause, never over a navigation made meanwhile', () => {
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  it('writes a refinement as a new history entry', () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/search/new-used-and-demo-cars/');
    const { router } = createRouting(cfg);
    const entries = window.history.length;
    router.write({ lists: { make: ['Toyota'] } });
    vi.advanceTimersByTime(400);
    expect(window.location.pathname).toBe('/search/Toyota');
    expect(window.history.length).toBe(entries + 1);
    router.dispose();
  });

  it('writes nothing when the state is the URL already (no second entry on mount)', () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/search/new-used-and-demo-cars/?query=RT1');
    const { router } = createRouting(cfg);
    const entries = window.history.length;
    router.write({ query: 'RT1' });
    vi.advanceTimersByTime(400);
    expect(window.history.length).toBe(entries);
    router.dispose();
  });

  it('drops a pending write when the app navigates first, to a car page or to another listing', () => {
    for (const elsewhere of ['/cars/2021-toyota-hiace-x1', '/search/Toyota/HiAce?body=Van']) {
      vi.useFakeTimers();
      window.history.replaceState(null, '', '/search/new-used-and-demo-cars/?query=RT1');
      const { router } = createRouting(cfg);
      router.write({ query: 'RT1', page: 2 });
      window.history.pushState(null, '', elsewhere); // a link click, before the write fires
      vi.advanceTimersByTime(400);
      expect(window.location.pathname + window.location.search).toBe(elsewhere);
      router.dispose();
      vi.useRealTimers();
    }
  });
});
