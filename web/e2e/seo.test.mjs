// Issue 14 "Done when": a crawler that runs no JavaScript reads a car's
// title, price and VIN, finds the car through the sitemap and gets a 404 for
// a car that does not exist; the browser paints a car page with GET
// /api/site blocked (the page carries the site config).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findCar, sharedBrowser, tenantURL } from './browser.mjs';

const browser = sharedBrowser();
const slug = 'riverside-toyota';

/** crawl fetches a path as a crawler would, from Node (which resolves no *.localhost: the gateway's ?site= names the tenant). */
function crawl(pathname) {
  const url = new URL(tenantURL(slug, pathname));
  url.hostname = 'localhost';
  url.searchParams.set('site', slug);
  return fetch(url);
}

test('a crawler reads the car page, the listing, the sitemap and the 404 without JavaScript', async () => {
  const { page } = browser;
  await page.goto(tenantURL(slug, '/'));
  const car = await findCar(page, 'sold:false AND price > 0');
  assert.ok(car, 'the demo tenant has a priced car');

  const res = await crawl(`/cars/${car.slug}`);
  const html = await res.text();
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /^text\/html/);
  const title = html.match(/<title>(.*?)<\/title>/)?.[1] ?? '';
  assert.ok(title.includes(`${car.make} ${car.model}`) && title.includes('$'), `title "${title}" names the car and its price`);
  if (car.vin) assert.ok(html.includes(`"vehicleIdentificationNumber":"${car.vin}"`), 'the JSON-LD carries the VIN');
  assert.match(html, /<meta property="og:image" content="[^"]+"/);
  assert.match(html, /<link rel="canonical" href="[^"]+\/cars\//);

  const listing = await crawl(`/search/${encodeURIComponent(car.make)}/`);
  assert.equal(listing.status, 200);
  assert.match(await listing.text(), /\d+ cars? in stock at Riverside Toyota/);

  const missing = await crawl('/cars/no-such-car-000000');
  assert.equal(missing.status, 404);
  assert.match(await missing.text(), /<div id="root">/);

  const robots = await crawl('/robots.txt');
  assert.match(robots.headers.get('content-type'), /^text\/plain/);
  assert.match(await robots.text(), /Sitemap: .*\/sitemap\.xml/);
  const cars = await (await crawl('/sitemap-cars-1.xml')).text();
  assert.ok(cars.includes(`/cars/${car.slug}</loc>`), 'the sitemap lists the car');
});

test('a car page renders its title and price with /api/site blocked', async () => {
  const { page } = browser;
  await page.goto(tenantURL(slug, '/'));
  const car = await findCar(page, 'sold:false AND price > 0');
  let asked = 0;
  await page.route('**/api/site', (route) => {
    asked += 1;
    return route.abort();
  });
  await page.goto(tenantURL(slug, `/cars/${car.slug}`));
  await page.getByRole('heading', { level: 1 }).filter({ hasText: car.model }).first().waitFor();
  assert.ok((await page.title()).includes(car.model), 'the title names the car');
  assert.equal(asked, 0, 'no request to /api/site');
  await page.unroute('**/api/site');
});
