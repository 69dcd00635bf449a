// Issue 34 "Every page painted": the offers, an offer, a content page, the
// 404 and the app's own pages (finance with its calculator, trade-in, contact, enquiry, book a
// test drive, sign-in, dealerships, manufacturers, compare, a location's
// contact page, a dealership's cars) paint their header and heading from
// the HTML before any script runs, and nothing moves when the app takes
// over (CLS < 0.01 at 375 and 1366 px), the heading staying where it was
// painted.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { boxes, launch, layoutShiftWhenSettled, tenantURL, trackLayoutShift, TENANTS } from './browser.mjs';

const SHOTS = process.env.FORECOURT_SHOTS_DIR;
const PARTS = ['.site-header', 'main h1'];
// Parts a page paints beyond its heading, held in place the same way: each was its page's LCP element when the app drew it.
const MORE_PARTS = {
  finance: ['.calculator', '.calculator__fine'],
  dealerships: ['.dealerships', '.nearest'],
  'dealership-cars': ['.listing__toolbar', '.results__item'],
};
const ENTRY = /\/assets\/index-[^/]+\.js$/;

/** pagesOf are the tenant's painted pages: [paint route, path]. */
async function pagesOf(page, tenant) {
  await page.goto(tenantURL(tenant, '/robots.txt'));
  const { site, offers, locations } = await page.evaluate(async () => ({
    site: (await (await fetch('/api/site')).json()).site,
    offers: (await (await fetch('/api/offers')).json()).offers ?? [],
    locations: (await (await fetch('/api/locations')).json()).locations ?? [],
  }));
  const out = [
    ['offers', '/special-offers'],
    ['content', '/privacy-policy'],
    ['content', '/no-such-page-here'],
    ['finance', '/finance'],
    ['contact', '/contact-us'],
    ['enquiry', '/enquiry'],
    ['book-test-drive', '/book-test-drive'],
    // The route waits for the Authenticator's chunk, so the form replaces the painted page at once
    // (it came after "Loading sign-in…" once: CLS 0.378 at 375 px).
    ['sign-in', '/sign-in'],
    ['dealerships', '/dealerships'],
    ['manufacturers', '/manufacturers'],
    ['compare', '/compare'],
  ];
  if (offers[0]) out.push(['offer', offers[0].path]);
  if (site.features.trade_in) out.push(['trade-in', site.features.trade_in_path]);
  const contact = locations.find((l) => l.contact_path);
  if (contact) out.push(['contact-location', contact.contact_path]);
  // A dealership's cars: on phones its filters come after the cards, which its search's first answer
  // fills once the app has taken over (filters above them grew and pushed them: CLS 0.228 at 375 px).
  const dealership = site.dealerships?.[0];
  if (dealership) out.push(['dealership-cars', `/dealerships/${dealership.slug}/cars`]);
  return out;
}

test('each demo tenant’s pages are painted before their scripts run and do not move when the app takes over (CLS < 0.01 at 375 and 1366 px)', async () => {
  for (const width of [375, 1366]) {
    const b = await launch({ width, height: width < 900 ? 812 : 900 });
    try {
      await trackLayoutShift(b.page);
      for (const tenant of TENANTS) {
        for (const [route, path] of await pagesOf(b.page, tenant)) {
          const where = `${tenant} ${path} at ${width} px`;
          // Hold the app's entry until the painted page has been looked at.
          let release;
          const released = new Promise((r) => (release = r));
          await b.page.route(ENTRY, async (r) => {
            await released;
            // The route may have gone with the page (unroute); nothing is left to let through then.
            await r.continue().catch(() => {});
          });
          try {
            // Not the app's wait (browser.mjs waitsForApp): the app is held.
            await b.page.goto(tenantURL(tenant, path), { waitUntil: 'domcontentloaded' });
            assert.equal(await b.page.evaluate(() => document.querySelector('#root')?.dataset.paint), route, `${where}: painted as ${route}, the app held`);
            const parts = [...PARTS, ...(MORE_PARTS[route] ?? [])];
            const painted = await boxes(b.page, parts);
            for (const [sel, box] of Object.entries(painted)) assert.ok(box && box[2] > 0 && box[3] > 0, `${where}: ${sel} painted`);
            const heading = await b.page.locator('main h1').first().innerText();
            assert.ok(heading.trim(), `${where}: the painted heading has text`);
            const name = `${tenant}-${path.replace(/[^a-z0-9]+/gi, '_')}-${width}`;
            if (SHOTS) {
              mkdirSync(SHOTS, { recursive: true });
              await b.page.screenshot({ path: `${SHOTS}/${name}-painted.png` });
            }
            release();
            // The app has taken over once #root's data-paint is gone and its footer is there.
            await b.page.waitForFunction(() => !document.querySelector('#root[data-paint]'));
            await b.page.locator('footer').first().waitFor();
            const cls = await layoutShiftWhenSettled(b.page);
            assert.ok(cls < 0.01, `${where}: CLS ${cls.toFixed(3)}`);
            assert.equal(await b.page.locator('main h1').first().innerText(), heading, `${where}: the app's heading is the painted one`);
            assert.deepEqual(await boxes(b.page, parts), painted, `${where}: the app shows ${parts.slice(1).join(', ')} where the HTML painted it`);
            if (SHOTS) await b.page.screenshot({ path: `${SHOTS}/${name}-app.png` });
          } finally {
            release();
            await b.page.unroute(ENTRY);
          }
        }
      }
    } finally {
      await b.close();
    }
  }
});
