// Spec 001 §2 "/cars/ | Our Stock, with a dynamic dropdown of stock" (issue
// 33): on a site whose menu entry says stock (Coastal, Riverside), the
// header's Our Stock opens the makes in its stock and All stock; the shopper
// follows a make to its listing. Northside's Our Stock stays a link. At
// 375 px with touch (in the menu drawer) and at 1366 px.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { horizontalOverflow, launch, tenantURL, waitForResults } from './browser.mjs';

const SHOTS = process.env.FORECOURT_E2E_SHOTS;
const VIEWPORTS = [
  { name: '375', width: 375, height: 740, mobile: true },
  { name: '1366', width: 1366, height: 900, mobile: false },
];

for (const vp of VIEWPORTS) {
  test(`at ${vp.name} px: Our Stock opens the makes in stock, and a make leads to its listing`, async () => {
    const b = await launch(vp);
    const press = (locator) => (vp.mobile ? locator.tap() : locator.click());
    try {
      const { page } = b;
      await page.goto(tenantURL('coastal-motor-group', '/'));
      const nav = page.getByRole('navigation', { name: 'Main' });
      if (vp.mobile) await press(page.getByRole('button', { name: 'Menu' }));
      const button = nav.getByRole('button', { name: 'Our Stock' });
      await press(button);
      const group = button.locator('xpath=..');
      await group.getByRole('link', { name: 'All stock' }).waitFor();
      // The makes come first, then the entry's links (All stock).
      const first = group.getByRole('link').first();
      await group.getByRole('link').nth(1).waitFor();
      const make = ((await first.textContent()) ?? '').trim();
      assert.ok(make, 'the dropdown lists a make in stock');
      assert.equal(await horizontalOverflow(page), 0, `the open dropdown fits ${vp.name} px`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/our-stock-dropdown-coastal-${vp.name}.png` });
      await press(first);
      await page.waitForURL((u) => decodeURIComponent(u.pathname) === `/search/${make}`);
      await waitForResults(page);
      const makes = await page.locator('ol.results article.car-card .car-card__title').allTextContents();
      assert.ok(makes.length > 0 && makes.every((t) => t.includes(make)), `the ${make} listing lists ${make} cars`);

      // Northside's menu entry is a plain link to /cars/.
      await page.goto(tenantURL('northside-used', '/'));
      if (vp.mobile) await press(page.getByRole('button', { name: 'Menu' }));
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Our Stock' }).waitFor();
    } finally {
      await b.close();
    }
  });
}
