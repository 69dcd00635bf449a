// Issue 32 "model spelling": a lower-case listing path names the make and
// model as a link or a shopper typed them (/search/toyota/hilux); the page
// reads them as the stock spells them, "HiLux", in the heading the server
// paints and, once the app has taken over, in its heading, title and
// filter chip (the app spells the model from the make's models the page
// carries).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { launch, tenantURL, waitForResults } from './browser.mjs';

const slug = 'riverside-toyota';

for (const path of ['/search/toyota/hilux', '/search/TOYOTA/HILUX']) {
  test(`${path} on Riverside reads "HiLux" painted and hydrated`, async () => {
    const b = await launch({ width: 1366, height: 900 });
    try {
      const { page } = b;
      await page.goto(tenantURL(slug, path));
      // The document as the server sends it, before any script runs: its
      // title and its heading (the page without script's).
      const html = await page.evaluate(async (p) => (await fetch(p)).text(), path);
      assert.match(html.match(/<h1>([^<]*)<\/h1>/)?.[1] ?? '', /^Toyota HiLux cars\b/, 'the painted heading');
      assert.match(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '', /^Toyota HiLux cars\b/, 'the painted title');
      await waitForResults(page);
      const heading = page.getByRole('heading', { level: 1 });
      assert.equal(await heading.textContent(), 'Toyota HiLux', 'the hydrated heading');
      assert.match(await page.title(), /^Toyota HiLux\b/, 'the hydrated title');
      const chips = page.getByRole('list', { name: 'Active filters' });
      assert.equal(await chips.getByRole('button', { name: /^Remove Model: / }).textContent(), 'Model: HiLux×', 'the model chip');
    } finally {
      await b.close();
    }
  });
}
