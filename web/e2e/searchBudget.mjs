// Counting what a page asks the search host (issue 18, a search budget per
// page): each request to the Algolia REST API (`/1/indexes/...`) and the
// queries inside it (a multi-query batches several). Shared by the browser
// test (web/e2e/budget.test.mjs) and the benchmark (scripts/search-budget.mjs).
import { cards, tenantURL, waitForResults } from './browser.mjs';

/** QUIET_MS: longer than every debounce on the pages (text 300 ms, sliders 400 ms; spec 000 §9). */
export const QUIET_MS = 700;

function isSearch(request) {
  return new URL(request.url()).pathname.startsWith('/1/indexes/');
}

function queriesIn(request) {
  try {
    const body = JSON.parse(request.postData() ?? '');
    return Array.isArray(body?.requests) ? body.requests.length : 1;
  } catch {
    return 1;
  }
}

/**
 * counter records the search requests a page makes. `measure(action)` runs
 * the action, then waits for further search requests until none starts for
 * QUIET_MS (debounced and lazy requests come after the action's own wait),
 * and returns {requests, queries, urls} sent meanwhile. Counting what did
 * not happen needs such a window; nothing here measures a duration.
 */
export function counter(page) {
  let log = [];
  page.on('request', (r) => {
    if (isSearch(r)) log.push({ url: r.url(), queries: queriesIn(r) });
  });
  return {
    async measure(action) {
      log = [];
      await action();
      for (;;) {
        try {
          await page.waitForEvent('request', { predicate: isSearch, timeout: QUIET_MS });
        } catch {
          break; // quiet
        }
      }
      const got = log;
      return { requests: got.length, queries: got.reduce((n, r) => n + r.queries, 0), urls: got.map((r) => r.url) };
    },
  };
}

/**
 * settled waits until a secondary-lookup widget (CarStrip) has its answer:
 * its data-state is ready or error, or it is gone (no car matched). Before
 * it scrolls into view it is idle and not busy, so "not busy" alone passed
 * at once and, on a loaded machine, the count closed before the lookup was
 * sent.
 */
async function settled(page, selector) {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return !el || el.dataset.state === 'ready' || el.dataset.state === 'error';
  }, selector);
}

/**
 * budget opens a tenant's home page, listing and a car page in a fresh tab
 * each and returns what each page and each listing interaction sent.
 */
export async function budget(context, slug) {
  const out = {};
  const open = async () => {
    const page = await context.newPage();
    return { page, count: counter(page) };
  };

  {
    const { page, count } = await open();
    out['home: load'] = await count.measure(async () => {
      await page.goto(tenantURL(slug, '/'));
      // The quick search is painted in the HTML (issue 32 item 10): the
      // load is the app's, once it has taken over.
      await page.waitForFunction(() => !document.querySelector('#root[data-paint]'));
      await page.getByRole('form', { name: 'Quick search' }).waitFor();
    });
    // Latest arrivals (issue 17) come with the page (issue 32 item 10): none on scrolling to them.
    out['home: scroll to the end'] = await count.measure(async () => {
      await page.keyboard.press('End');
      await settled(page, '#latest-arrivals');
    });
    await page.close();
  }

  for (const [name, path, heading] of [
    ['manufacturers', '/manufacturers', 'Manufacturers'],
    ['dealerships', '/dealerships', 'Our dealerships'],
  ]) {
    const { page, count } = await open();
    out[`${name}: load`] = await count.measure(async () => {
      await page.goto(tenantURL(slug, path));
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    });
    await page.close();
  }

  let carPath;
  {
    const { page, count } = await open();
    out['listing: load'] = await count.measure(async () => {
      await page.goto(tenantURL(slug, '/search/new-used-and-demo-cars/'));
      await waitForResults(page);
    });
    carPath = await cards(page).first().getByRole('heading').getByRole('link').getAttribute('href');
    out['listing: facet click'] = await count.measure(async () => {
      await page.getByRole('region', { name: 'Make' }).getByRole('checkbox').first().check();
      await waitForResults(page);
    });
    out['listing: sort change'] = await count.measure(async () => {
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ index: 1 });
      await waitForResults(page);
    });
    out['listing: next page'] = await count.measure(async () => {
      const next = page.locator('.pagination a[rel="next"]');
      if ((await next.count()) === 0) {
        // One page of results: clear the make so there is a second page.
        await page.getByRole('region', { name: 'Make' }).getByRole('checkbox').first().uncheck();
        await waitForResults(page);
      }
      await page.locator('.pagination a[rel="next"]').click();
      await waitForResults(page);
    });
    out['listing: type "corolla"'] = await count.measure(async () => {
      await page.getByRole('searchbox', { name: 'Search cars' }).pressSequentially('corolla', { delay: 60 });
    });
    // A search that finds nothing offers the nearest matches (issue 32 item
    // 15), one more request once its lazy component has loaded.
    out['listing: type "corolla"'].empty = (await page.getByRole('heading', { name: 'No cars match your search' }).count()) > 0;
    await page.close();
  }

  {
    const { page, count } = await open();
    out['car page: load'] = await count.measure(async () => {
      await page.goto(tenantURL(slug, carPath));
      await page.getByRole('heading', { name: 'Key information' }).waitFor();
    });
    out['car page: scroll to the end'] = await count.measure(async () => {
      await page.keyboard.press('End');
      await settled(page, '#similar-cars');
    });
    await page.close();
  }
  return out;
}
