// Issue 12, spec 000 §4 (favourites and compare): a shopper ticks Compare on
// three cars of the listing, the compare bar links to /compare?cars=… and
// the page shows them side by side with the rows they differ in marked; the
// same link opened in a fresh browser shows the same comparison (shared).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cards, launch, sharedBrowser, tenantURL, waitForResults } from './browser.mjs';

const desktop = sharedBrowser();
const SITE = 'riverside-toyota';
const LISTING = '/search/new-used-and-demo-cars/';

test('compare three cars from the listing, then open the shared link elsewhere', async () => {
  const { page } = desktop;
  await page.goto(tenantURL(SITE, LISTING));
  await waitForResults(page);
  const titles = [];
  for (let i = 0; i < 3; i++) {
    const box = cards(page).nth(i).getByRole('checkbox', { name: /^Compare / });
    titles.push((await box.getAttribute('aria-label')).replace(/^Compare /, ''));
    await box.check();
  }
  const bar = page.getByRole('complementary', { name: 'Cars to compare' });
  await bar.waitFor();
  assert.match(await bar.textContent(), /3 of 4 cars picked/, 'a wide screen picks up to four');
  await bar.getByRole('link', { name: 'Compare 3 cars' }).click();
  await page.waitForURL(/\/compare\?cars=/);
  const ids = new URL(page.url()).searchParams.get('cars').split(',');
  assert.equal(ids.length, 3);

  const table = page.getByRole('table');
  await table.getByRole('columnheader').nth(3).waitFor();
  const headings = await table.locator('thead th').allTextContents();
  // The comparison's titles add the badge to the card's "year make model".
  assert.equal(headings.length, 3);
  headings.forEach((h, i) => assert.ok(h.startsWith(titles[i]), `column ${i + 1} is ${titles[i]}, the order picked; got ${h}`));
  for (const label of ['Price', 'Year', 'Kilometres', 'Body', 'Transmission', 'Fuel']) {
    await table.locator('tbody th', { hasText: label }).first().waitFor();
  }
  const priceRow = table.locator('tr', { has: page.locator('th', { hasText: /^Price/ }) });
  assert.equal(await priceRow.locator('td').count(), 3);
  assert.ok((await table.locator('tr.compare__row--differs').count()) > 0, 'rows the cars differ in are highlighted');
  assert.equal(await page.getByRole('complementary', { name: 'Cars to compare' }).count(), 0, 'no bar on the comparison itself');

  // The link is the comparison: another browser, with nothing picked, shows the same cars.
  const other = await launch({ width: 390, height: 844 });
  try {
    await other.page.goto(page.url());
    await other.page.getByRole('table').locator('thead th').nth(2).waitFor();
    assert.deepEqual(await other.page.getByRole('table').locator('thead th').allTextContents(), headings);
  } finally {
    await other.close();
  }
});
