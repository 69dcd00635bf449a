// Issue 13 "Done when" in a browser: a signed-in shopper on a site that lets
// shoppers reserve opens a reservable car, presses Reserve Now ($200), signs
// in (the checkout is gated, spec 001 §5), pays on the dev gateway's local
// stand-in of Stripe Checkout (its Pay sends the signed webhook Stripe would
// send), reads the confirmation with the hold's end, and the car then shows
// RESERVED on its page and on the listing without Reserve Now; a second
// shopper, on the checkout of the same car, is told it has just been reserved.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { launch, nationalNumber, sharedBrowser, signedUpShopper, tenantURL, waitForResults } from './browser.mjs';

const desktop = sharedBrowser();
const SITE = 'riverside-toyota';
const LISTING = '/search/new-used-and-demo-cars/';

/** signIn fills the sign-in page the browser is on and waits to be sent back to `back`. */
async function signIn(page, { phone, password }, back) {
  await page.getByLabel('Phone Number', { exact: true }).fill(nationalNumber(phone));
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((u) => u.pathname + u.search === back);
}

/** reachCheckout opens a gated checkout signed out, signs in and waits for Pay. */
async function reachCheckout(page, shopper, checkoutPath) {
  await page.waitForURL(/\/sign-in\?/);
  assert.equal(new URL(page.url()).searchParams.get('redirect'), checkoutPath);
  await signIn(page, shopper, checkoutPath);
  await page.getByRole('heading', { name: 'Refundable deposit: $200' }).waitFor();
  return page.getByRole('button', { name: 'Pay $200 deposit' });
}

test('Reserve Now → sign-in → checkout → local pay → confirmation → RESERVED on the car page and the listing; a second shopper is refused', async (t) => {
  const { page } = desktop;
  await page.goto(tenantURL(SITE, LISTING), { waitUntil: 'domcontentloaded' });
  await waitForResults(page);
  const { auth } = await page.evaluate(() => fetch('/api/site').then((r) => r.json()));
  assert.ok(auth?.endpoint, 'GET /api/site carries the local auth settings');
  const [first, second] = [await signedUpShopper(auth, 1), await signedUpShopper(auth, 2)];

  // A car whose listing card offers Reserve Now.
  const offering = page
    .locator('article.car-card')
    .filter({ has: page.locator('a.car-card__reserve') })
    .first();
  const carPath = await offering.locator('.car-card__title a').getAttribute('href');
  const checkoutPath = `${carPath}/checkout`;
  const { car } = await page.evaluate((p) => fetch(`/api${p}`).then((r) => r.json()), carPath);

  // The second shopper already has the same car's checkout open.
  const other = await launch();
  t.after(() => other.close());
  await other.page.goto(tenantURL(SITE, checkoutPath), { waitUntil: 'domcontentloaded' });
  const otherPay = await reachCheckout(other.page, second, checkoutPath);

  // The first shopper reserves it from the car's page.
  await page.goto(tenantURL(SITE, carPath), { waitUntil: 'domcontentloaded' });
  await page.getByRole('link', { name: 'Reserve Now $200' }).first().click();
  const pay = await reachCheckout(page, first, checkoutPath);
  await pay.click();

  // The dev gateway's clearly labelled stand-in of Stripe's hosted checkout, on the site's origin.
  await page.waitForURL(tenantURL(SITE, '/_local/stripe-checkout/**'));
  await page.getByText('This page exists only in the dev gateway', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'Pay $200' }).click();

  // The confirmation, with the hold's end in the dealership's time zone.
  await page.waitForURL(/\/reservations\/res_/);
  await page.getByRole('heading', { name: 'Reserved for you' }).waitFor();
  const held = await page.getByText('We hold this car for you until').textContent();
  assert.match(held, /until \w+day \d+ \w+ \d{4}, \d+:\d\d [ap]m [A-Z]+/);

  // RESERVED on the car's page, which no longer offers Reserve Now.
  await page.goto(tenantURL(SITE, carPath), { waitUntil: 'domcontentloaded' });
  await page.locator('.car-page__tag').getByText('RESERVED', { exact: true }).waitFor();
  assert.equal(await page.getByRole('link', { name: /^Reserve Now/ }).count(), 0);

  // RESERVED on its listing card, without Reserve Now.
  await page.goto(tenantURL(SITE, `${LISTING}?query=${encodeURIComponent(car.stocknum)}`), { waitUntil: 'domcontentloaded' });
  await waitForResults(page);
  const card = page.locator('article.car-card').filter({ has: page.locator(`a[href="${carPath}"]`) });
  await card.locator('.car-card__tag').getByText('RESERVED', { exact: true }).waitFor();
  assert.equal(await card.locator('a.car-card__reserve').count(), 0);

  // The second shopper's Pay is refused at once, with the words.
  await otherPay.click();
  await other.page.getByRole('alert').getByText('This car has just been reserved').waitFor();
  assert.equal(new URL(other.page.url()).pathname, checkoutPath);
  // sharedBrowser checks the first browser's content security policy; this one's too.
  assert.deepEqual(other.cspViolations, []);
  assert.deepEqual(other.errors, []);
});
