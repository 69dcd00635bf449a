// Issue 33, spec 001 §2 "/teams/{location slug}": Riverside's About Us menu
// links its sales team, whose page lists the people (name, role, initials
// without a photo); a location without a team (Northside's) shows its
// location page. Screenshots at 375 and 1366 px go to FORECOURT_SHOTS when set.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { launch, tenantURL } from './browser.mjs';

const SHOTS = process.env.FORECOURT_SHOTS;

test('a tenant that lists a team shows it at /teams/{slug}; one that does not shows the location page', async () => {
  for (const width of [375, 1366]) {
    const b = await launch({ width, height: 900, mobile: width < 600 });
    try {
      const { page } = b;
      await page.goto(tenantURL('riverside-toyota', '/'));
      const link = page.locator('a[href="/teams/riverside-toyota-sales"]').first();
      assert.equal(await link.count(), 1, 'the site links its team page');
      await page.goto(tenantURL('riverside-toyota', '/teams/riverside-toyota-sales'));
      const list = page.getByRole('list', { name: 'Riverside Toyota - Sales team' });
      await list.waitFor();
      assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Meet the Riverside Toyota - Sales team');
      const names = await list.getByRole('heading', { level: 2 }).allInnerTexts();
      assert.deepEqual(names, ['Priya Raman', 'Tom Fletcher', 'Mei Chen']);
      assert.ok((await list.innerText()).includes('Dealer Principal'));
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `teams-riverside-${width}.png`), fullPage: true });

      await page.goto(tenantURL('northside-used', '/teams/northside-used-cars'));
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.equal(await page.getByRole('list', { name: /team$/ }).count(), 0);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `teams-northside-${width}.png`), fullPage: true });
    } finally {
      await b.close();
    }
  }
});
