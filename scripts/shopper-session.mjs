// shopper-session plays one shopper's visit on each demo tenant (issue 34:
// the cost model's search requests come from a measured session, not an
// assumption) and prints the search requests each step sent:
//
//   home -> a type listing (the home page's car-type button) -> two
//   refinements (a make, then a body type or a second make) -> a car page
//   -> back -> a second car page -> an enquiry about it
//
// Browser side: every request the page sends to the search host's REST API
// (/1/indexes/...), and the queries inside (web/e2e/searchBudget.mjs).
// Server side: the searches the API ran for the documents the session
// loaded, read from what each document carries: a listing's first search
// (forecourt-search: one request, a query per answer) and the home page's
// latest arrivals (forecourt-latest: one request, one query). Locally every
// document is rendered; behind CloudFront a document cached at the edge
// (60 s) runs no search, so the server figure is an upper bound.
//
//   FORECOURT_E2E_GATEWAY=http://localhost:18290 node scripts/shopper-session.mjs
//   BENCH_SESSION_TENANTS (else BENCH_TENANTS)=coastal-motor-group ...   (a subset)
import { cards, launch, tenantURL, TENANTS, waitForResults } from '../web/e2e/browser.mjs';
import { counter } from '../web/e2e/searchBudget.mjs';

const only = process.env.BENCH_SESSION_TENANTS ?? process.env.BENCH_TENANTS;
const tenants = only ? only.split(',').filter(Boolean) : TENANTS;

/** serverSearches counts the searches the server ran for the documents the page loads, as they arrive. */
function serverSearches(page) {
  const seen = { requests: 0, queries: 0 };
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'document') return;
    const html = await res.text().catch(() => '');
    const first = html.match(/<script id="forecourt-search" type="application\/json">(.*?)<\/script>/s)?.[1];
    if (first) {
      seen.requests += 1;
      try {
        const { initialResults } = JSON.parse(first);
        seen.queries += Object.values(initialResults).reduce((n, r) => n + (r.results?.length ?? 0), 0);
      } catch {
        seen.queries += 1;
      }
    }
    if (html.includes('<script id="forecourt-latest"')) {
      seen.requests += 1;
      seen.queries += 1;
    }
  });
  return seen;
}

/** session plays the visit on one tenant and returns each step's figures. */
async function session(slug) {
  const b = await launch({ width: 1366, height: 900 });
  const { page } = b;
  const browser = counter(page);
  const server = serverSearches(page);
  const steps = [];
  const step = async (name, action) => {
    const before = { ...server };
    // Documents' responses are read asynchronously: settle with the quiet window the counter waits.
    const got = await browser.measure(action);
    steps.push({ name, browser: got, server: { requests: server.requests - before.requests, queries: server.queries - before.queries } });
  };
  try {
    await step('home', async () => {
      await page.goto(tenantURL(slug, '/'));
      await page.waitForFunction(() => !document.querySelector('#root[data-paint]'));
      await page.locator('footer').first().waitFor();
    });
    await step('a type listing', async () => {
      const type = page.locator('.home__actions a.button--ghost[href^="/search/"]').first();
      if ((await type.count()) > 0) await type.click();
      else await page.locator('.home__actions a.button').first().click();
      await waitForResults(page);
    });
    await step('refine: a make', async () => {
      await page.getByRole('region', { name: 'Make' }).getByRole('checkbox').first().check();
      await waitForResults(page);
    });
    await step('refine: a body type', async () => {
      const tile = page.getByRole('group', { name: 'Body type' }).getByRole('button');
      if ((await tile.count()) > 0) await tile.first().click();
      else await page.getByRole('region', { name: 'Make' }).getByRole('checkbox').nth(1).check();
      await waitForResults(page);
    });
    const open = async (i) => {
      const link = cards(page).nth(Math.min(i, (await cards(page).count()) - 1)).getByRole('heading').getByRole('link');
      await link.click();
      await page.getByRole('heading', { name: 'Key information' }).waitFor();
    };
    await step('car page 1', () => open(0));
    await step('back to the listing', async () => {
      await page.goBack();
      await waitForResults(page);
    });
    await step('car page 2', () => open(1));
    await step('an enquiry', async () => {
      const section = page.getByRole('region', { name: 'Enquire about this car' });
      const toggle = section.getByRole('button', { expanded: false });
      if ((await toggle.count()) > 0) await toggle.first().click();
      const form = section.locator('form');
      await form.waitFor();
      await form.getByLabel('First Name *').fill('Sam');
      await form.getByLabel('Mobile Number').fill('0491 570 110');
      const postcode = form.getByLabel('Postcode');
      if ((await postcode.count()) > 0) await postcode.fill('4032');
      const captcha = form.locator('altcha-widget');
      if ((await captcha.count()) > 0)
        await captcha.evaluate(
          (w) =>
            new Promise((resolve) => {
              if (w.getState?.() === 'verified') return resolve();
              w.addEventListener('statechange', (e) => e.detail?.state === 'verified' && resolve());
            }),
        );
      const posted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/leads' && r.request().method() === 'POST');
      await form.getByRole('button', { name: 'Send enquiry' }).click();
      const res = await posted;
      if (!res.ok()) throw new Error(`${slug}: the enquiry answered ${res.status()}`);
    });
  } finally {
    await b.close();
  }
  return steps;
}

const fmt = (c) => `${c.requests} (${c.queries})`;
const totals = [];
for (const slug of tenants) {
  const steps = await session(slug);
  const sum = (side, k) => steps.reduce((n, s) => n + s[side][k], 0);
  const total = { slug, browser: { requests: sum('browser', 'requests'), queries: sum('browser', 'queries') }, server: { requests: sum('server', 'requests'), queries: sum('server', 'queries') } };
  totals.push(total);
  console.log(`\nshopper session on ${slug}: search requests (queries inside them)`);
  console.log('| step | browser | server |');
  console.log('|---|---|---|');
  for (const s of steps) console.log(`| ${s.name} | ${fmt(s.browser)} | ${fmt(s.server)} |`);
  console.log(`| **session** | **${fmt(total.browser)}** | **${fmt(total.server)}** |`);
  if (process.env.SEARCH_BUDGET_VERBOSE) for (const s of steps) for (const u of s.browser.urls) console.log(`  ${s.name}: ${u}`);
}
console.log('\nshopper session totals: search requests (queries), browser + server');
for (const t of totals) console.log(`${t.slug}: ${t.browser.requests + t.server.requests} requests (${t.browser.queries + t.server.queries} queries)`);
