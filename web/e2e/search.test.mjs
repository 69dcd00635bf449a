// Issue 2 item 10: open a demo tenant, search, refine by make, open a car.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cards, sharedBrowser, siteDealerships, tenantURL, waitForResults } from './browser.mjs';

const browser = sharedBrowser();

test('a shopper searches, refines by make and opens a car', async () => {
  const { page, errors } = browser;
  await page.goto(tenantURL('coastal-motor-group', '/search/new-used-and-demo-cars/'));
  await page.getByRole('link', { name: /Coastal Motor Group home/ }).waitFor();
  await waitForResults(page);
  assert.equal(await cards(page).count(), 21, '21 hits per page');

  const make = page.getByRole('region', { name: 'Make' }).getByRole('checkbox', { name: /^Mazda \d+ cars$/ });
  await make.check();
  await page.waitForURL(/\/search\/Mazda(\?|$)/);
  await waitForResults(page);
  for (const name of await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))) {
    assert.match(name, /Mazda/);
  }

  await page.getByRole('searchbox', { name: 'Search cars' }).fill('CX-5');
  await page.waitForURL(/query=CX-5/);
  await waitForResults(page);
  const first = cards(page).first();
  const title = await first.getAttribute('aria-label');
  assert.match(title, /Mazda CX-5/);

  await first.getByRole('heading').getByRole('link').click();
  await page.waitForURL(/\/cars\/[^/]+$/);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByRole('heading', { name: 'Key information' }).waitFor();
  assert.deepEqual(errors, []);
});

test('each tenant shows its own name and stock', async () => {
  const { page } = browser;
  for (const [slug, name] of [
    ['riverside-toyota', 'Riverside Toyota'],
    ['northside-used', 'Northside Used Cars'],
  ]) {
    await page.goto(tenantURL(slug, '/cars/'));
    await page.getByRole('link', { name: `${name} home` }).waitFor();
    await waitForResults(page);
    // Every listed car belongs to one of this site's dealerships (its /api/site).
    const own = new Set((await siteDealerships(page)).map((d) => d.slug));
    assert.ok(own.size > 0, `${slug}: /api/site lists its dealerships`);
    const hrefs = await cards(page).evaluateAll((els) => els.map((e) => e.querySelector('h2 a, h3 a')?.getAttribute('href')));
    assert.ok(hrefs.length > 0 && hrefs.every((h) => h?.startsWith('/cars/')), `${slug}: every card links its car page`);
    const owners = await page.evaluate(
      (hrefs) =>
        Promise.all(
          hrefs.map(async (href) => {
            const res = await fetch(`/api${href}`);
            return res.ok ? (await res.json()).car.dealership_slug : `HTTP ${res.status} for ${href}`;
          }),
        ),
      hrefs,
    );
    for (const owner of owners) assert.ok(own.has(owner), `${slug} lists a car of ${owner}, not one of ${[...own].join(', ')}`);
  }
  await page.goto(tenantURL('northside-used', '/search/new-cars'));
  await page.getByRole('link', { name: /Northside Used Cars home/ }).waitFor();
  // A used-only dealer shows no new cars whatever the path asks for.
  await page.getByRole('heading', { name: 'No cars match your search' }).waitFor();
});
