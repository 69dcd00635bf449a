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
    const box = cards(page)
      .nth(i)
      .getByRole('checkbox', { name: /^Compare / });
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

// Issue 32 item 12, on a 375 px phone with touch: the comparison of three
// cars and of two fits the screen (the table scrolls sideways inside its own
// labelled region, never the page); a row is marked only where the cars'
// values differ; Remove takes a car out without a reload; Enquire opens
// that car's enquiry form.
const phone = sharedBrowser({ width: 375, height: 812, mobile: true });

/** rowsShown are the comparison's body rows: label, marked, values as shown. */
function rowsShown(page) {
  return page.locator('table tbody tr.compare__row').evaluateAll((trs) =>
    trs.map((tr) => ({
      label: tr.querySelector('th').firstChild.textContent,
      marked: tr.classList.contains('compare__row--differs'),
      feature: tr.closest('tbody').querySelector('.compare__group th').textContent === 'Features',
      values: [...tr.querySelectorAll('td')].map((td) => td.textContent.trim()),
    })),
  );
}

/** checkMarks: a marked row shows two different values; an unmarked one never does ("–" is a value the car does not list, except a feature's, which is No). */
function checkMarks(rows) {
  assert.ok(rows.length > 0);
  for (const r of rows) {
    const known = r.values.filter((v) => r.feature || v !== '–').map((v) => v.toLowerCase());
    const different = new Set(known).size > 1;
    assert.equal(r.marked, different, `row ${r.label} ${JSON.stringify(r.values)}: marked ${r.marked}`);
  }
}

async function pageWidth(page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test('compare on a phone: fits the screen with three cars and two, marks only differing rows, Remove and Enquire work', async () => {
  const { page } = phone;
  await page.goto(tenantURL(SITE, LISTING));
  await waitForResults(page);
  for (let i = 0; i < 3; i++)
    await cards(page)
      .nth(i)
      .getByRole('checkbox', { name: /^Compare / })
      .check();
  await page.getByRole('complementary', { name: 'Cars to compare' }).getByRole('link', { name: 'Compare 3 cars' }).click();
  await page.waitForURL(/\/compare\?cars=/);
  const table = page.getByRole('table');
  await table.locator('thead th').nth(2).waitFor();
  const region = page.getByRole('region', { name: 'Cars compared side by side' });
  assert.ok((await pageWidth(page)) <= 375, `three cars: the page is ${await pageWidth(page)} px wide on a 375 px screen`);
  assert.ok(await region.evaluate((el) => el.scrollWidth > el.clientWidth), 'the third car scrolls in inside the region');
  checkMarks(await rowsShown(page));

  // Remove: no reload (the marker set on this document survives), the URL, the table and the picks lose the car.
  await page.evaluate(() => (window.compareMarker = 'same document'));
  const ids = new URL(page.url()).searchParams.get('cars').split(',');
  const removed = (await table.locator('thead th').first().locator('a').first().textContent()).trim();
  // Two cars may share a title: each column's own controls.
  await table
    .locator('thead th')
    .first()
    .getByRole('button', { name: `Remove ${removed} from the comparison` })
    .tap();
  await page.waitForURL((u) => u.searchParams.get('cars') === ids.slice(1).join(','));
  await page.waitForFunction(() => document.querySelectorAll('table thead th').length === 2);
  await page.waitForLoadState('networkidle');
  assert.equal(await page.evaluate(() => window.compareMarker), 'same document', 'Remove does not reload the page');
  const picks = await page.evaluate((slug) => JSON.parse(localStorage.getItem(`forecourt:compare:${slug}`)).map((p) => p.id), SITE);
  assert.deepEqual(picks, ids.slice(1), 'the car left the compare picks too');
  assert.ok((await pageWidth(page)) <= 375, `two cars: the page is ${await pageWidth(page)} px wide on a 375 px screen`);
  checkMarks(await rowsShown(page));

  // Enquire: that car's page, with its enquiry form open.
  const column = table.locator('thead th').first();
  const first = (await column.locator('a').first().textContent()).trim();
  const carHref = await column.locator('a').first().getAttribute('href');
  await column.getByRole('link', { name: `Enquire about ${first}` }).tap();
  await page.waitForURL((u) => u.pathname === carHref && u.hash === '#enquire');
  const enquiry = page.getByRole('region', { name: 'Enquire about this car' });
  await enquiry.getByRole('button', { expanded: true }).waitFor();
  await enquiry.getByRole('textbox').first().waitFor();
});
