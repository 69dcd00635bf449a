// Issue 32 item 1 "Pages open part-way down": a page reached by a link
// starts at its top; Back returns to where the shopper was; a filter click
// inside the listing keeps the place, while a new search (a header link to
// to the listing) is a new page and starts at the top. At 1366 px with a
// mouse and at 375 px with touch.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cards, launch, tenantURL, waitForResults } from './browser.mjs';

const SLUG = 'northside-used';

const VIEWS = [
  { name: '1366 px, mouse', options: { width: 1366, height: 900 } },
  { name: '375 px, touch', options: { width: 375, height: 740, touch: true } },
];

/** scrollY is the window's vertical scroll position in whole pixels. */
const scrollY = (page) => page.evaluate(() => Math.round(window.scrollY));

/** scrolledTo scrolls an element into the middle of the window and returns scrollY. */
async function scrolledTo(locator) {
  await locator.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  return scrollY(locator.page());
}

/** restored waits (up to 5 s) for scrollY to come within 3 px of y and returns where it ended. */
async function restored(page, y) {
  await page
    .waitForFunction((y) => Math.abs(window.scrollY - y) <= 3, y, { timeout: 5000, polling: 50 })
    .catch(() => {});
  return scrollY(page);
}

/** tapOrClick taps on a touch screen and clicks with a mouse. */
const tapOrClick = (locator, touch) => (touch ? locator.tap() : locator.click());

for (const { name, options } of VIEWS) {
  const touch = Boolean(options.touch);

  test(`a make tile opens the listing at its top and Back returns to the home page's place (${name})`, async () => {
    const b = await launch(options);
    try {
      const { page } = b;
      await page.goto(tenantURL(SLUG, '/'));
      const tile = page.locator('.facet-tiles .tile').last();
      await tile.waitFor();
      const was = await scrolledTo(tile);
      assert.ok(was > 200, `home page scrolled down to the tiles (scrollY ${was})`);
      await tapOrClick(tile, touch);
      await page.waitForURL((u) => u.pathname !== '/');
      await waitForResults(page);
      assert.equal(await scrollY(page), 0, 'the listing opens at its top');
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/');
      assert.ok(Math.abs((await restored(page, was)) - was) <= 3, `Back restores the home page at ${was}, not ${await scrollY(page)}`);
    } finally {
      await b.close();
    }
  });

  test(`a car card opens the car page at its top and Back returns to the listing's place (${name})`, async () => {
    const b = await launch(options);
    try {
      const { page } = b;
      await page.goto(tenantURL(SLUG, '/cars'));
      await waitForResults(page);
      const link = cards(page).nth(4).getByRole('link', { name: /^View details of/ });
      const was = await scrolledTo(link);
      assert.ok(was > 200, `listing scrolled down to the fifth card (scrollY ${was})`);
      await tapOrClick(link, touch);
      await page.waitForURL(/\/cars\/[^/?]+$/);
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.equal(await scrollY(page), 0, 'the car page opens at its top (title, price and photos in view)');
      await page.goBack();
      await waitForResults(page);
      assert.ok(Math.abs((await restored(page, was)) - was) <= 3, `Back restores the listing at ${was}, not ${await scrollY(page)}`);
    } finally {
      await b.close();
    }
  });
}

test('a filter click keeps the listing where it is; a header link to the listing starts at its top (1366 px)', async () => {
  const b = await launch({ width: 1366, height: 700 });
  try {
    const { page } = b;
    await page.goto(tenantURL(SLUG, '/cars'));
    await waitForResults(page);
    const filters = page.locator('#search-filters');
    const box = filters.getByRole('checkbox').nth(3);
    const was = await scrolledTo(box);
    assert.ok(was > 100, `listing scrolled down to a filter (scrollY ${was})`);
    const url = page.url();
    await box.check();
    await page.waitForURL((u) => u.href !== url);
    await waitForResults(page);
    assert.ok(Math.abs((await scrollY(page)) - was) <= 3, `a refinement keeps the place (${was}), not ${await scrollY(page)}`);

    // A link to another listing is a new search: a new page, at its top.
    const refined = page.url();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Our Stock' }).click();
    await page.waitForURL((u) => u.href !== refined);
    await waitForResults(page);
    assert.equal(await scrollY(page), 0, 'a new search starts at the top');
  } finally {
    await b.close();
  }
});
