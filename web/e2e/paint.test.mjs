// Issue 14 "First paint without a round trip" and issue 17 home layout
// shift: the pages paint from what their HTML carries (no GET /api/site; a
// car page's car before GET /api/cars answers; the gallery's photo is the
// one the head preloads), and the home page's latest-arrivals row moves
// nothing in view when it is scrolled to on a phone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findCar, launch, layoutShiftWhenSettled, sharedBrowser, tenantURL, trackLayoutShift, TENANTS, waitForResults } from './browser.mjs';

const browser = sharedBrowser();
const slug = 'riverside-toyota';

/** countSite counts the page's requests to GET /api/site from now on. */
async function countSite(page) {
  const seen = { n: 0 };
  await page.route('**/api/site', (route) => {
    seen.n += 1;
    return route.abort();
  });
  return seen;
}

test('home, listing and car page paint with no request to /api/site', async () => {
  const { page } = browser;
  await page.goto(tenantURL(slug, '/'));
  const car = await findCar(page, 'sold:false AND price > 0');
  assert.ok(car, 'the demo tenant has a priced car');
  const site = await countSite(page);
  try {
    await page.goto(tenantURL(slug, '/'));
    await page.getByRole('heading', { level: 1, name: 'Riverside Toyota' }).waitFor();
    await page.goto(tenantURL(slug, '/search/new-used-and-demo-cars/'));
    await waitForResults(page);
    await page.goto(tenantURL(slug, `/cars/${car.slug}`));
    await page.getByRole('heading', { level: 1 }).filter({ hasText: car.model }).first().waitFor();
  } finally {
    await page.unroute('**/api/site');
  }
  assert.equal(site.n, 0, 'no request to /api/site');
});

test('a car page shows its car, price and preloaded photo before GET /api/cars answers', async () => {
  const { page } = browser;
  await page.goto(tenantURL(slug, '/'));
  const car = await findCar(page, 'sold:false AND price > 0');
  // Hold the car's API answer until the page has painted the car.
  const held = [];
  await page.route('**/api/cars/**', (route) => {
    held.push(route);
  });
  try {
    await page.goto(tenantURL(slug, `/cars/${car.slug}`));
    await page.getByRole('heading', { level: 1 }).filter({ hasText: car.model }).first().waitFor();
    const text = await page.locator('main').innerText();
    assert.match(text, /\$[\d,]+/, 'the price shows');
    assert.ok(held.length >= 1, 'the page asked for the fresh car, and painted without its answer');
    const photo = await page.evaluate(() => ({
      preload: document.querySelector('link[rel="preload"][as="image"]')?.href,
      shown: document.querySelector('.gallery__stage img')?.src,
    }));
    assert.ok(photo.preload, 'the head preloads the gallery photo');
    assert.equal(photo.shown, photo.preload, 'the gallery shows the preloaded photo');
  } finally {
    await page.unroute('**/api/cars/**');
    for (const r of held) await r.continue().catch(() => {});
  }
});

test('on a phone, scrolling to the home page latest arrivals moves nothing in view (CLS <= 0.05)', async () => {
  const phone = await launch({ width: 412, height: 823 });
  try {
    await trackLayoutShift(phone.page);
    for (const tenant of TENANTS) {
      await phone.page.goto(tenantURL(tenant, '/'));
      await phone.page.getByRole('heading', { level: 1 }).first().waitFor();
      const load = await layoutShiftWhenSettled(phone.page);
      assert.ok(load <= 0.05, `${tenant}: home CLS on load ${load.toFixed(3)} over 0.05`);
      const row = phone.page.locator('section.car-strip#latest-arrivals');
      if ((await row.count()) === 0) continue;
      // As a shopper scrolling down: the row's top comes into view first.
      await row.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - window.innerHeight + 120));
      await phone.page.waitForFunction(() => {
        const s = document.getElementById('latest-arrivals');
        return !s || s.dataset.state === 'ready' || s.dataset.state === 'error';
      });
      const after = await layoutShiftWhenSettled(phone.page);
      assert.ok(after <= 0.05, `${tenant}: home CLS after scrolling to latest arrivals ${after.toFixed(3)} over 0.05`);
    }
  } finally {
    await phone.close();
  }
});
