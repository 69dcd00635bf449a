// Issue 14 "First paint without a round trip": the listing's page carries
// its first search's answer, so the app shows the first cars without asking
// the search host; refining afterwards searches as before.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cards, launch, TENANTS, tenantURL, waitForResults } from './browser.mjs';

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

/** crawl fetches a page from Node, which resolves no *.localhost: the gateway's ?site= names the tenant (as seo.test.mjs). */
function crawl(slug, pathname) {
  const url = new URL(tenantURL(slug, pathname));
  url.hostname = 'localhost';
  url.searchParams.set('site', slug);
  return fetch(url);
}

// The server's first search is the one the browser's listing would send on
// every demo tenant (the vector covers chosen site configs): the engine
// echoes each query's parameters in its answer (`params`), and the page's
// inlined answer and the browser's own first search, with the inlined answer
// hidden from the app, echo the same.
for (const slug of TENANTS) {
  test(`${slug}: the inlined first search is the listing's own`, async () => {
    const browser = await launch();
    try {
      const { page } = browser;
      // Hide the inlined answer from the app as the parser adds it, so the
      // listing sends its own first search.
      await page.addInitScript(() => {
        new MutationObserver(() => {
          const el = document.getElementById('forecourt-search');
          if (el) el.id = 'forecourt-search-hidden';
        }).observe(document, { childList: true, subtree: true });
      });
      for (const path of ['/search/new-used-and-demo-cars/', '/search/used-cars']) {
        const html = await (await crawl(slug, path)).text();
        const text = html.match(/<script id="forecourt-search" type="application\/json">(.*?)<\/script>/s)?.[1];
        assert.ok(text, `${path} carries its first search's answer`);
        const inlined = JSON.parse(text);
        assert.equal(inlined.path, path);
        const [index] = Object.keys(inlined.initialResults);
        const server = inlined.initialResults[index].results.map((r) => r.params);
        assert.ok(server.length > 0 && server.every((p) => /hitsPerPage=/.test(p)), `the engine echoes the queries: ${server}`);

        const answered = page.waitForResponse((r) => isSearch(r.url()));
        await page.goto(tenantURL(slug, path));
        const browserSent = (await (await answered).json()).results.map((r) => r.params);
        assert.deepEqual(server, browserSent, `${path}: the same queries`);
        await waitForResults(page);
      }
    } finally {
      await browser.close();
    }
  });
}
