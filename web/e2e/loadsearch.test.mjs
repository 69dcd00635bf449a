// Issue 34 "No page sends a search request on load that the shopper did not
// ask for": every page type of the page table, opened on one demo tenant,
// sends nothing to the search engine (the dev gateway's, `/1/indexes/`)
// until the shopper acts. The listings and the car page start from the
// search the server inlined (issue 14); the stock counts of the header and
// the home page come with the site (issue 18). A page that sends one is
// named with what it sent. (The home page's budget finder, below the fold,
// counts its range once it is scrolled to: BudgetFinder.test.tsx.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sharedBrowser, tenantURL } from './browser.mjs';
import { QUIET_MS } from './searchBudget.mjs';

/** isSearch is a request to the search engine's REST API. */
const isSearch = (request) => new URL(request.url()).pathname.startsWith('/1/indexes/');

const SLUG = 'coastal-motor-group';
const browser = sharedBrowser();

/** crawl fetches a page from Node, which resolves no *.localhost: the gateway's ?site= names the tenant (as seo.test.mjs). */
function crawl(pathname) {
  const url = new URL(tenantURL(SLUG, pathname));
  url.hostname = 'localhost';
  url.searchParams.set('site', SLUG);
  return fetch(url, { redirect: 'manual' });
}

/** pages are the page types of the page table and one path of each on the tenant. */
async function pages() {
  const sitemap = async (name) => [...(await (await crawl(name)).text()).matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]);
  const car = (await sitemap('/sitemap-cars-1.xml')).find((p) => p.startsWith('/cars/'));
  const { locations = [] } = await (await crawl('/api/locations')).json();
  const location = locations.find((l) => l.slug);
  const { site } = await (await crawl('/api/site')).json();
  const dealership = site.dealerships?.[0];
  let typeListing;
  for (const p of ['/search/used-cars', '/search/new-cars', '/search/demo-cars', '/search/new-and-demo-cars']) {
    if ((await crawl(p)).status === 200) {
      typeListing = p;
      break;
    }
  }
  const fixed = ['/', '/search/new-used-and-demo-cars/', '/special-offers', '/finance', '/sign-in', '/compare', '/trade-in'];
  const content = (await sitemap('/sitemap-pages.xml')).find(
    (p) => p !== '/' && !fixed.some((f) => f.replace(/\/$/, '') === p.replace(/\/$/, '')) && !p.startsWith('/search/') && !p.startsWith('/locations/'),
  );
  const found = [
    ['home', '/'],
    ['listing', '/search/new-used-and-demo-cars/'],
    ['type listing', typeListing],
    ['car', car],
    ['location', location && `/locations/${location.slug}`],
    ['offers', '/special-offers'],
    ['finance', '/finance'],
    ['content', content],
    ['sign-in', '/sign-in'],
    ['compare', '/compare'],
    ['trade-in', '/trade-in'],
    ['404', '/no-such-page-loadsearch'],
    ['dealerships', '/dealerships'],
    // Its own search is inlined with its painted cards (issue 34), as the listing's.
    ['dealership cars', dealership && `/dealerships/${dealership.slug}/cars`],
  ];
  const missing = found.filter(([, p]) => !p).map(([name]) => name);
  assert.deepEqual(missing, [], `${SLUG} has a page of every type`);
  return found;
}

test(`${SLUG}: no page sends a search request on load`, async () => {
  const sent = [];
  for (const [name, path] of await pages()) {
    const page = await browser.page.context().newPage();
    const bodies = [];
    page.on('request', (r) => {
      if (!isSearch(r)) return;
      const body = r.postData() ?? '';
      try {
        bodies.push(decodeURIComponent(body));
      } catch {
        bodies.push(body); // not URL-encoded
      }
    });
    try {
      await page.goto(tenantURL(SLUG, path));
      // The page is the app's (a painted page once it has taken over: browser.mjs waitsForApp is on
      // the first tab only) and shows its heading; then no search starts for a quiet window longer
      // than every debounce (searchBudget.mjs QUIET_MS).
      await page.waitForFunction(() => !document.querySelector('#root[data-paint]'));
      await page.locator('h1').first().waitFor();
      for (;;) {
        try {
          await page.waitForEvent('request', { predicate: isSearch, timeout: QUIET_MS });
        } catch {
          break;
        }
      }
      if (bodies.length > 0) sent.push(`${name} (${path}): ${bodies.length} request(s): ${bodies.join(' | ')}`);
    } finally {
      await page.close();
    }
  }
  assert.deepEqual(sent, [], `pages that searched on load:\n${sent.join('\n')}`);
});
