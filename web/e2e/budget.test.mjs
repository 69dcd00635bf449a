// Issue 18, a search budget per page: on every demo tenant the home page
// sends no search request before the shopper does anything (its stock
// counts come with the site; its budget finder, below the fold, counts once
// scrolled to: issue 34), the listing none on load (its page
// carries its first search's answer, issue 14) and one per change of state (a facet, the sort, a page, a typed query debounced as
// spec 000 §9 says), the car page none, and the manufacturer directory and
// dealerships page none (their counts come with the site too); scrolled to
// the end, the car page's similar cars (issue 17) cost one request, and the
// home page at most one, its budget finder's count: its latest arrivals come
// with the page (issue 32 item 10).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sharedBrowser, TENANTS } from './browser.mjs';
import { budget } from './searchBudget.mjs';

const browser = sharedBrowser();

for (const slug of TENANTS) {
  test(`${slug}: search requests per page and interaction`, async () => {
    const got = await budget(browser.page.context(), slug);
    const requests = (step) => got[step].requests;
    const detail = JSON.stringify(Object.fromEntries(Object.entries(got).map(([k, v]) => [k, v.requests])));
    assert.equal(requests('home: load'), 0, `home page on load (${detail})`);
    // The listing's page carries its first search's answer (issue 14): the
    // server searched for it, once per page render (cached at the edge).
    assert.equal(requests('listing: load'), 0, `listing on load (${detail})`);
    assert.equal(requests('listing: facet click'), 1, `a facet click (${detail})`);
    assert.equal(requests('listing: sort change'), 1, `a sort change (${detail})`);
    assert.equal(requests('listing: next page'), 1, `the next page (${detail})`);
    // Typing is one search, debounced; when it finds nothing (Coastal sells no
    // Corolla) the empty listing's nearest-matches lookup may add one more.
    const typed = got['listing: type "corolla"'];
    if (typed.empty)
      assert.ok(typed.requests >= 1 && typed.requests <= 2, `typing a query with no results: 1 search and at most 1 nearest-matches lookup (${detail})`);
    else assert.equal(typed.requests, 1, `typing a query, debounced 300 ms (${detail})`);
    assert.equal(requests('car page: load'), 0, `car page on load (${detail})`);
    // Issue 17's widgets: one secondary lookup each, once scrolled into view.
    assert.ok(
      requests('home: scroll to the end') <= 1,
      `home page scrolled: at most the budget finder's count, latest arrivals came with the page (${detail})`,
    );
    assert.equal(requests('car page: scroll to the end'), 1, `car page scrolled: similar cars in one request (${detail})`);
    assert.equal(requests('manufacturers: load'), 0, `manufacturer directory on load: counts shipped (${detail})`);
    assert.equal(requests('dealerships: load'), 0, `dealerships page on load: counts shipped (${detail})`);
  });
}
