// Issue 13 "Done when" in a browser: a shopper presses Reserve Now ($200)
// on a listing card, signs in (the checkout is gated, spec 001 §5), pays on
// the dev gateway's local stand-in of Stripe Checkout (a signed webhook, as
// Stripe sends), reads the confirmation with the hold's end, and the car's
// card then shows RESERVED without Reserve Now; /online-payment lists it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sharedBrowser, tenantURL } from './browser.mjs';

const desktop = sharedBrowser();
const SITE = 'northside-used';
const LISTING = '/search/new-used-and-demo-cars/';

/** cognito calls cognito-local's API directly (the test's stand-in for reading the code from its log). */
async function cognito(endpoint, action, body) {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
    body: JSON.stringify(body),
  });
  assert.ok(res.ok, `${action}: ${res.status} ${await res.text()}`);
}

test('Reserve Now → sign-in → checkout → local pay → confirmation → the card shows RESERVED', async () => {
  const { page } = desktop;
  await page.goto(tenantURL(SITE, LISTING));
  const { auth } = await page.evaluate(() => fetch('/api/site').then((r) => r.json()));
  assert.ok(auth?.endpoint, 'GET /api/site carries the local auth settings');
  const phone = `+1555${String(Date.now()).slice(-7)}`;
  const password = 'Forecourt-e2e-1';
  await cognito(auth.endpoint, 'SignUp', {
    ClientId: auth.userPoolClientId,
    Username: phone,
    Password: password,
    UserAttributes: [{ Name: 'phone_number', Value: phone }],
  });
  await cognito(auth.endpoint, 'AdminConfirmSignUp', { UserPoolId: auth.userPoolId, Username: phone });
  await cognito(auth.endpoint, 'AdminUpdateUserAttributes', {
    UserPoolId: auth.userPoolId,
    Username: phone,
    UserAttributes: [
      { Name: 'phone_number', Value: phone },
      { Name: 'phone_number_verified', Value: 'true' },
    ],
  });

  // The first card offering Reserve Now, with the deposit in its label.
  const reserveName = /^Reserve .* with a \$200 deposit$/;
  const card = page.locator('article.car-card').filter({ has: page.getByRole('link', { name: reserveName }) }).first();
  const reserve = card.getByRole('link', { name: reserveName });
  await reserve.waitFor();
  const title = await card.getAttribute('aria-label');
  assert.equal((await reserve.textContent()).trim(), 'Reserve Now $200');
  const checkoutPath = await reserve.getAttribute('href');
  const slug = checkoutPath.split('/')[2];
  await reserve.click();

  // Gated: signed out, to sign-in (on /checkout-journey, which routes.tsx
  // does not wrap in Gated, only once Pay is pressed), then back.
  await page.waitForURL(/\/sign-in\?|\/checkout-journey/);
  if (!page.url().includes('/sign-in?')) {
    await page.getByRole('button', { name: 'Pay $200 deposit' }).click();
    await page.waitForURL(/\/sign-in\?/);
  }
  assert.equal(new URL(page.url()).searchParams.get('redirect'), checkoutPath);
  await page.getByLabel('Phone Number', { exact: true }).fill(phone.slice(2));
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((u) => u.pathname + u.search === checkoutPath);

  await page.getByRole('heading', { name: 'Refundable deposit: $200' }).waitFor();
  await page.getByRole('button', { name: 'Pay $200 deposit' }).click();

  // The dev gateway's clearly labelled stand-in of Stripe's hosted checkout.
  await page.waitForURL(/\/_local\/stripe-checkout\//);
  await page.getByText('This page exists only in the dev gateway', { exact: false }).waitFor();
  await page.getByRole('button', { name: /^Pay / }).click();

  // The confirmation, with the hold's end in the dealership's time zone.
  await page.waitForURL(/\/reservations\/res_/);
  await page.getByRole('heading', { name: 'Reserved for you' }).waitFor();
  const held = await page.getByText('We hold this car for you until').textContent();
  assert.match(held, /until \w+day \d+ \w+ \d{4}, \d+:\d\d [ap]m [A-Z]+/);

  // The car's card shows RESERVED and no longer offers Reserve Now.
  await page.goto(tenantURL(SITE, LISTING));
  const reserved = page.locator('article.car-card').filter({ has: page.locator(`a[href="/cars/${slug}"]`) }).first();
  await reserved.getByText('RESERVED', { exact: true }).waitFor();
  assert.equal(await reserved.getByRole('link', { name: /^Reserve / }).count(), 0);

  // The gated /online-payment page lists the reservation.
  await page.goto(tenantURL(SITE, '/online-payment'));
  await page.getByRole('link', { name: title }).waitFor();
});
