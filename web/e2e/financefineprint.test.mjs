// Spec 001 §1 "weekly finance estimates on listings … with disclaimers"
// (issue 33): a listing card that shows "$X per week*" has what the
// asterisk refers to on the same page, under the results, without opening
// the rate popup; the server-painted listing carries the same words before
// any script runs. At 375 px with touch and at 1366 px.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { horizontalOverflow, launch, TENANTS, tenantURL, waitForResults } from './browser.mjs';

const SHOTS = process.env.FORECOURT_E2E_SHOTS;
const VIEWPORTS = [
  { name: '375', width: 375, height: 740, mobile: true },
  { name: '1366', width: 1366, height: 900, mobile: false },
];

for (const vp of VIEWPORTS) {
  test(`at ${vp.name} px: a listing whose cards show a repayment says what the asterisk means under the results`, async () => {
    const b = await launch(vp);
    try {
      const { page } = b;
      let seen = 0;
      for (const slug of TENANTS) {
        const path = '/search/new-used-and-demo-cars/';
        await page.goto(tenantURL(slug, path));
        await waitForResults(page);
        // The painted page, before any script: the words are in its HTML.
        const html = await page.evaluate(async (p) => (await fetch(p)).text(), path);
        const { site } = await page.evaluate(async () => (await fetch('/api/site')).json());
        const words = `*${site.finance.indicative_disclaimer} ${site.finance.fine_print}`.trim();
        const note = page.locator('ol.results + p.results-fine-print');
        const figures = page.getByRole('list', { name: 'Cars' }).getByText(/per (week|month)\*/);
        if ((await figures.count()) === 0) {
          assert.equal(await note.isVisible(), false, `${slug}: no card shows a repayment, so no fine print`);
          continue;
        }
        seen++;
        // A listing is painted unless a promotion could take one of its first cards (seo.ListingPaint).
        if (html.includes('data-paint="listing"')) {
          assert.ok(
            html.includes(`<p class="results-fine-print">${words.replaceAll('&', '&amp;').replaceAll("'", '&#39;')}</p>`),
            `${slug}: the painted listing carries the fine print`,
          );
        }
        await note.scrollIntoViewIfNeeded();
        assert.ok(await note.isVisible(), `${slug}: the fine print shows under the results`);
        assert.equal((await note.innerText()).trim(), words, `${slug}: it says the site's disclaimer and fine print`);
        assert.equal(await horizontalOverflow(page), 0, `${slug}: the listing fits ${vp.name} px`);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/listing-fine-print-${slug}-${vp.name}.png` });
      }
      assert.ok(seen > 0, 'some demo tenant shows repayments on its listing cards');
    } finally {
      await b.close();
    }
  });
}
