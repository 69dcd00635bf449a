// Issue 32 "A site a dealer would launch": item 9, a used-only dealer does
// not advertise new and demo cars (titles, header and footer links, Browse
// all cars, the warranty page's copy) while a franchise still does; item 15,
// an empty search offers the nearest matches and an enquiry that carries
// the search into the general enquiry form.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sharedBrowser, tenantURL } from './browser.mjs';

const desktop = sharedBrowser();

/** NEW_OR_DEMO_LISTING is a listing of new or demo stock, or of every type. */
const NEW_OR_DEMO_LISTING = /^\/search\/(new-cars|demo-cars|new-and-demo-cars|new-used-and-demo-cars)\/?$/;

/** links are the hrefs (path and query) of the same-site links under selector. */
function links(page, selector) {
  return page.$$eval(`${selector} a[href]`, (as) =>
    as
      .map((a) => new URL(a.getAttribute('href'), location.href))
      .filter((u) => u.origin === location.origin)
      .map((u) => u.pathname + u.search),
  );
}

/** servedTitle is the <title> the server sends a crawler, fetched from Node (which resolves no *.localhost: ?site= names the tenant). */
async function servedTitle(slug) {
  const url = new URL(tenantURL(slug, '/'));
  url.hostname = 'localhost';
  url.searchParams.set('site', slug);
  const html = await (await fetch(url)).text();
  return html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
}

test('northside-used advertises only used cars; riverside-toyota still new and demo (issue 32 item 9)', { timeout: 300000 }, async () => {
  const { page } = desktop;
  const sites = [
    { slug: 'northside-used', usedOnly: true },
    { slug: 'riverside-toyota', usedOnly: false },
  ];
  for (const { slug, usedOnly } of sites) {
    await page.goto(tenantURL(slug, '/'));
    await page.locator('.site-footer').waitFor();
    const header = await links(page, '.site-header');
    const footer = await links(page, '.site-footer');
    const title = await servedTitle(slug);
    const browseAll = await page.getByRole('link', { name: 'Browse all cars' }).getAttribute('href');
    if (usedOnly) {
      assert.deepEqual(
        [...header, ...footer].filter((p) => NEW_OR_DEMO_LISTING.test(p.split('?')[0])),
        [],
        `${slug}: links to new or demo listings`,
      );
      assert.doesNotMatch(title, /new|demo/i, `${slug}: title ${title}`);
      assert.match(title, /used cars/i);
      assert.equal(browseAll, '/search/used-cars');
    } else {
      assert.ok(footer.includes('/search/new-cars') && footer.includes('/search/demo-cars'), `${slug}: footer ${footer.join(' ')}`);
      assert.match(title, /new, used and demo cars/);
      assert.equal(browseAll, '/search/new-used-and-demo-cars/');
    }
    const twice = footer.filter((p, i) => footer.indexOf(p) !== i);
    assert.deepEqual(twice, [], `${slug}: footer links twice`);

    // The shared warranty page is worded for the kind of dealer.
    await page.goto(tenantURL(slug, '/warranty'));
    await page.getByRole('heading', { level: 1, name: 'Warranty' }).waitFor();
    const warranty = await page.locator('main').innerText();
    if (usedOnly) {
      assert.match(warranty, /statutory warranty/i);
      assert.doesNotMatch(warranty, /new vehicle|new-car|manufacturer's warranty/i);
    } else {
      assert.match(warranty, /manufacturer's warranty/i);
    }
  }
});

test('an empty search offers the nearest matches and an enquiry with the search in it (issue 32 item 15)', { timeout: 300000 }, async () => {
  const { page } = desktop;
  // No HiLux costs $1,000 to $2,000 (cars without a price are $0); the same search at any price finds some.
  await page.goto(tenantURL('riverside-toyota', '/search/Toyota/HiLux?price=1000:2000'));
  const empty = page.locator('.no-results');
  await empty.getByRole('heading', { name: 'No cars match your search' }).waitFor();
  await empty.getByText('Try removing a filter.').waitFor();
  const nearest = empty.getByRole('navigation', { name: 'Nearest matches' });
  const anyPrice = nearest.getByRole('link', { name: /^\d+ cars? without the price limit$/ });
  assert.equal(await anyPrice.getAttribute('href'), '/search/Toyota/HiLux');
  await nearest.getByRole('link', { name: /^\d+ cars in stock, newest first$/ }).waitFor();

  await empty.getByRole('link', { name: 'Can’t find it? We’ll find it for you' }).click();
  await page.waitForURL((u) => u.pathname === '/enquiry');
  const message = page.getByLabel(/^Message/);
  await message.waitFor();
  const text = await message.inputValue();
  assert.match(text, /Toyota, HiLux, price \$1,000 to \$2,000/);
  assert.equal(await page.getByLabel(/^Category/).inputValue(), 'Sales Enquiry');

  // The nearest match leads to cars.
  await page.goBack();
  await anyPrice.click();
  await page.waitForURL((u) => u.pathname === '/search/Toyota/HiLux' && u.search === '');
  await page.locator('.results .results__item').first().waitFor();
});
