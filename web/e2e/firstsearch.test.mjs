// Issue 14 "First paint without a round trip": the listing's page carries
// its first search's answer, so the app shows the first cars without asking
// the search host; refining afterwards searches as before.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cards, launch, tenantURL, waitForResults } from './browser.mjs';

const isSearch = (url) => new URL(url).pathname.startsWith('/1/indexes/');

for (const path of ['/search/new-used-and-demo-cars/', '/search/used-cars']) {
  test(`${path} shows its first cars with the search host blocked, then refining searches`, async () => {
    const browser = await launch();
    try {
      const { page } = browser;
      let blocked = 0;
      let blocking = true;
      await page.route(isSearch, (route) => {
        if (!blocking) return route.continue();
        blocked += 1;
        return route.abort('internetdisconnected');
      });
      await page.goto(tenantURL('riverside-toyota', path));
      await waitForResults(page);
      assert.equal(blocked, 0, 'no search request before the first cars show');
      assert.ok((await cards(page).count()) > 0, 'the first cars show');
      assert.equal(await page.getByRole('alert').count(), 0, 'no failed-search alert');

      blocking = false;
      const option = page.getByRole('region', { name: 'Make' }).locator('label.refinement').last();
      const make = (await option.locator('.refinement__label').innerText()).trim();
      const searched = page.waitForRequest((r) => isSearch(r.url()));
      await option.getByRole('checkbox').check();
      await searched;
      await page.waitForFunction((want) => {
        const names = [...document.querySelectorAll('ol.results article.car-card')].map((a) => a.getAttribute('aria-label') ?? '');
        return names.length > 0 && names.every((n) => n.includes(want));
      }, make);
      await waitForResults(page);
    } finally {
      await browser.close();
    }
  });
}
