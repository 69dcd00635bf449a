// Screenshots of every demo dealer's main pages at a phone's and a laptop's
// width (issue 32 "Done when"), for a person to look at: run by
// scripts/screenshots.sh (`make screenshots`), which starts the stack and
// sets FORECOURT_E2E_GATEWAY. Usage: node scripts/screenshots.mjs DIR
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { TENANTS, launch, nationalNumber, signedUpShopper, tenantURL, waitForResults } from '../web/e2e/browser.mjs';

const dest = path.resolve(process.argv[2] ?? 'screenshots');
const gateway = (process.env.FORECOURT_E2E_GATEWAY ?? 'http://localhost:8080').replace(/\/$/, '');

const WIDTHS = [
  { name: '375', width: 375, height: 812, mobile: true },
  { name: '1366', width: 1366, height: 900, mobile: false },
];

/** api reads a tenant's API answer through the gateway. */
async function api(slug, p) {
  const res = await fetch(`${gateway}${p}${p.includes('?') ? '&' : '?'}site=${slug}`);
  if (!res.ok) throw new Error(`${slug} ${p}: ${res.status}`);
  return res.json();
}

/** hits asks the tenant's own search access for the first n cars matching filters, in the default order. */
async function hits(page, filters, n) {
  return page.evaluate(
    async ({ filters, n }) => {
      const { search } = await (await fetch('/api/site')).json();
      const url = `${search.host}/1/indexes/${search.index}/query?x-algolia-application-id=${search.appId}&x-algolia-api-key=${encodeURIComponent(search.apiKey)}`;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ params: new URLSearchParams({ filters, hitsPerPage: String(n) }).toString() }),
      });
      return (await res.json()).hits ?? [];
    },
    { filters, n },
  );
}

/** settle scrolls the page through once, so lazy sections and images load, then returns to the top. */
async function settle(page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

async function shoot(page, file) {
  await settle(page);
  await page.screenshot({ path: path.join(dest, file), fullPage: true });
  console.log(file);
}

await mkdir(dest, { recursive: true });
let shopper = 0;
for (const slug of TENANTS) {
  const { locations } = await api(slug, '/api/locations');
  for (const w of WIDTHS) {
    const browser = await launch({ width: w.width, height: w.height, mobile: w.mobile });
    const { page } = browser;
    try {
      const name = (what) => `${slug}-${what}-${w.name}.png`;
      await page.goto(tenantURL(slug, '/'));
      await page.locator('footer').first().waitFor();
      await shoot(page, name('home'));

      await page.goto(tenantURL(slug, '/cars/'));
      await waitForResults(page);
      await shoot(page, name('listing'));

      const [first, ...more] = await hits(page, 'sold:false AND price > 0', 3);
      await page.goto(tenantURL(slug, `/cars/${first.slug}`));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await shoot(page, name('car'));

      await page.goto(tenantURL(slug, `/compare?cars=${[first, ...more].map((c) => c.objectID).join(',')}`));
      await page.getByRole('table').first().waitFor();
      await shoot(page, name('compare'));

      await page.goto(tenantURL(slug, '/finance'));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await shoot(page, name('finance'));

      await page.goto(tenantURL(slug, `/locations/${locations[0].slug}`));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await shoot(page, name('location'));

      await page.goto(tenantURL(slug, '/sign-in'));
      await page.locator('footer').first().waitFor();
      await shoot(page, name('sign-in'));

      // The saved cars as a shopper sees them once they have saved some:
      // signed in on a site with the watchlist, this device's favourites elsewhere.
      const { site, auth } = await page.evaluate(() => fetch('/api/site').then((r) => r.json()));
      const watchlist = Boolean(site.features.garage && auth);
      if (watchlist) {
        const who = await signedUpShopper(auth, shopper++);
        await page.getByLabel('Phone Number', { exact: true }).fill(nationalNumber(who.phone));
        await page.getByLabel('Password', { exact: true }).fill(who.password);
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await page.waitForURL((u) => u.pathname !== '/sign-in');
      }
      for (const car of [first, ...more]) {
        await page.goto(tenantURL(slug, `/cars/${car.slug}`));
        await page.getByRole('button', { name: 'Save this car', exact: true }).click();
        await page.getByRole('button', { name: 'Saved', exact: true }).waitFor();
      }
      await page.goto(tenantURL(slug, watchlist ? '/watchlist' : site.features.favourites_path));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await shoot(page, name('watchlist'));
    } finally {
      await browser.close();
    }
  }
}
console.log(`screenshots in ${dest}`);
