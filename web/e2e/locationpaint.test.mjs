// Issue 34: a location page paints its header, name, address, opening hours
// and a map box of fixed size from its HTML, before any script runs, and
// nothing moves when the app takes over (the issue measured CLS 0.751 on
// /locations/coastal-mazda-sales while the app drew the page).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { boxes, launch, layoutShiftWhenSettled, tenantURL, trackLayoutShift, TENANTS } from './browser.mjs';

const SHOTS = process.env.FORECOURT_SHOTS_DIR;
const PARTS = ['.site-header', 'main h1', '.location-map', '.location-page__info address', '.location-hours table.hours'];

/** firstLocation is the tenant's first location with a page of its own. */
async function firstLocation(page, tenant) {
  await page.goto(tenantURL(tenant, '/robots.txt'));
  const { locations } = await page.evaluate(async () => (await fetch('/api/locations')).json());
  const loc = locations.find((l) => l.slug);
  assert.ok(loc, `${tenant} has a location with a slug`);
  return loc;
}

test('each demo tenant’s location page is painted before its scripts run and does not move when the app takes over (CLS < 0.01 at 375 and 1366 px)', async () => {
  for (const width of [375, 1366]) {
    const b = await launch({ width, height: width < 900 ? 812 : 900 });
    try {
      await trackLayoutShift(b.page);
      for (const tenant of TENANTS) {
        const loc = await firstLocation(b.page, tenant);
        // Hold the app's entry until the painted page has been looked at.
        let release;
        const released = new Promise((r) => (release = r));
        await b.page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
          await released;
          // The route may have gone with the page (unroute); nothing is left to let through then.
          await route.continue().catch(() => {});
        });
        try {
          // Not the app's load (browser.mjs waitsForApp): the app is held.
          await b.page.goto(tenantURL(tenant, `/locations/${loc.slug}`), { waitUntil: 'domcontentloaded' });
          await b.page.waitForFunction(() => document.querySelector('#root')?.dataset.paint === 'location');
          const painted = await boxes(b.page, PARTS);
          for (const [sel, box] of Object.entries(painted))
            assert.ok(box && box[2] > 0 && box[3] > 0, `${tenant} at ${width} px: ${sel} painted with the app held`);
          assert.equal(await b.page.locator('main h1').innerText(), loc.name, `${tenant}: the painted heading is the location's name`);
          assert.equal(await b.page.evaluate(() => document.querySelector('#root')?.dataset.paint), 'location', `${tenant}: the app has not run yet`);
          if (SHOTS) {
            mkdirSync(SHOTS, { recursive: true });
            await b.page.screenshot({ path: `${SHOTS}/location-${tenant}-${width}-painted.png`, fullPage: true });
          }
          release();
          // The app has taken over once #root's data-paint is gone and its footer is there.
          await b.page.waitForFunction(() => !document.querySelector('#root[data-paint]'));
          await b.page.locator('footer').first().waitFor();
          const cls = await layoutShiftWhenSettled(b.page);
          assert.ok(cls < 0.01, `${tenant} at ${width} px: CLS ${cls.toFixed(3)} on /locations/${loc.slug}`);
          assert.deepEqual(await boxes(b.page, PARTS), painted, `${tenant} at ${width} px: the app shows the page where the HTML painted it`);
          if (SHOTS) await b.page.screenshot({ path: `${SHOTS}/location-${tenant}-${width}-app.png`, fullPage: true });
        } finally {
          release();
          await b.page.unroute(/\/assets\/index-[^/]+\.js$/);
        }
      }
    } finally {
      await b.close();
    }
  }
});
