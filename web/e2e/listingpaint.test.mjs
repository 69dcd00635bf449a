// Issue 14 first paint, the listing: the HTML paints the heading, toolbar
// and first cards (functions/seo ListingPaint) where the app, once it has
// its first results, shows them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boxes, launch, layoutShiftWhenSettled, tenantURL, trackLayoutShift, TENANTS, waitForResults } from './browser.mjs';

const PARTS = [
  '.site-header',
  '.listing__heading h1',
  '.listing__count',
  '.search-box input',
  '.sort-select select',
  '.listing__tiles',
  '.results__item:nth-child(1) .car-card__media',
  '.results__item:nth-child(1) .car-card__title',
  '.results__item:nth-child(1) .car-card__amount',
  '.results__item:nth-child(1) .car-card__actions',
  '.results__item:nth-child(2) .car-card__title',
  '.results__item:nth-child(3) .car-card__amount',
];

for (const [label, size] of [
  ['a phone', { width: 412, height: 823 }],
  ['1280 px', { width: 1280, height: 800 }],
]) {
  test(`the listing's painted heading, toolbar and first cards stand where the app shows them, on ${label}`, async () => {
    const noScript = await launch({ ...size, javaScriptEnabled: false });
    const app = await launch(size);
    try {
      for (const tenant of TENANTS) {
        const url = tenantURL(tenant, '/search/new-used-and-demo-cars/');
        await noScript.page.goto(url);
        const root = await noScript.page.evaluate(() => document.getElementById('root')?.dataset.paint);
        assert.equal(root, 'listing', `${tenant}: the listing is painted`);
        const painted = await boxes(noScript.page, PARTS);
        await app.page.goto(url);
        await waitForResults(app.page);
        await app.page.locator('footer').first().waitFor();
        const shown = await boxes(app.page, PARTS);
        assert.deepEqual(shown, painted, `${tenant}: the app shows the listing where the HTML painted it`);
      }
    } finally {
      await noScript.close();
      await app.close();
    }
  });
}

// The document is cached without its query string (CloudFront forwards
// none to documents), so a refined listing URL gets the plain listing's
// painted cards: the boot script (web/src/app/paintFirst.js) takes them out
// before they show, and the app searches for the URL itself. The app's
// scripts are held here, so what stays is the boot script's doing.
test('a listing URL with a query string shows none of the plain listing’s painted cards', async () => {
  const b = await launch({ width: 412, height: 823 });
  try {
    await b.page.route('**/assets/index-*.js', (route) => route.abort());
    const base = tenantURL('riverside-toyota', '/search/new-used-and-demo-cars/');
    const painted = async (url) => {
      await b.page.goto(url, { waitUntil: 'domcontentloaded' });
      await b.page.waitForLoadState('load');
      return b.page.evaluate(() => ({
        cards: document.querySelectorAll('#root .results .car-card').length,
        count: document.querySelector('#root .listing__count')?.textContent ?? null,
        heading: document.querySelector('#root .listing__heading h1')?.textContent ?? null,
      }));
    };
    const plain = await painted(base);
    assert.ok(plain.cards > 0 && plain.count, `the plain listing paints its cards and count: ${JSON.stringify(plain)}`);
    const refined = await painted(`${base}?make=Toyota`);
    assert.equal(refined.cards, 0, 'no painted card on the refined URL');
    assert.equal(refined.count, null, 'no painted count on the refined URL');
    assert.ok(refined.heading, 'the header and heading stay');
  } finally {
    await b.close();
  }
});

// Issue 34: the type listings the menus link are painted like the listing
// of all stock. Northside's own "Used cars" (/search/used-cars): with the
// app's scripts held its first card, heading and filter chip show; the app
// then shows them where the HTML painted them, and nothing shifts.
for (const [label, size] of [
  ['a phone', { width: 412, height: 823 }],
  ['1280 px', { width: 1280, height: 800 }],
]) {
  test(`Northside's /search/used-cars paints its first card before any script, and the app moves nothing, on ${label}`, async () => {
    const held = await launch(size);
    const app = await launch(size);
    try {
      const url = tenantURL('northside-used', '/search/used-cars');
      await held.page.route('**/assets/index-*.js', (route) => route.abort());
      await held.page.goto(url, { waitUntil: 'domcontentloaded' });
      await held.page.waitForLoadState('load');
      assert.equal(await held.page.evaluate(() => document.getElementById('root')?.dataset.paint), 'listing', 'the type listing is painted');
      await held.page.locator('#root .results__item:nth-child(1) .car-card__title').waitFor();
      assert.equal(await held.page.locator('#root .listing__heading h1').textContent(), 'Used cars');
      assert.equal(await held.page.locator('#root .current-filters .chip').first().textContent(), 'Condition: Used×');
      const parts = [...PARTS, '.current-filters'];
      const painted = await boxes(held.page, parts);
      for (const sel of [
        '.listing__heading h1',
        '.current-filters',
        '.results__item:nth-child(1) .car-card__media',
        '.results__item:nth-child(1) .car-card__title',
      ]) {
        assert.ok(painted[sel], `${sel} painted with the scripts held`);
      }

      await trackLayoutShift(app.page);
      await app.page.goto(url);
      await waitForResults(app.page);
      await app.page.locator('footer').first().waitFor();
      assert.deepEqual(await boxes(app.page, parts), painted, 'the app shows the type listing where the HTML painted it');
      const cls = await layoutShiftWhenSettled(app.page);
      assert.ok(cls <= 0.01, `layout shift when the app takes over: ${cls}`);
    } finally {
      await held.close();
      await app.close();
    }
  });
}
