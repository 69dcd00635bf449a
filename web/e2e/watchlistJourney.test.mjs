// Issue 12 "Done when", end to end on the demo tenant with the watchlist on:
// a shopper (signed up by phone number in cognito-local) saves three cars
// with the spec 000 §8 toasts, signs in on another browser and finds them on
// the watchlist page, compares them there, and another shopper can neither
// read nor change that list (spec 000 §6, DESIGN decision 11).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cards, cognito, launch, nationalNumber, sharedBrowser, signedUpShopper, tenantURL, waitForResults } from './browser.mjs';

const first = sharedBrowser();
const SITE = 'coastal-motor-group';
const LISTING = '/search/new-used-and-demo-cars/';
const gateway = new URL(process.env.FORECOURT_E2E_GATEWAY ?? 'http://localhost:8080');

async function shopper(auth, n) {
  const { phone, password } = await signedUpShopper(auth, n);
  const { AuthenticationResult } = await cognito(auth.endpoint, 'InitiateAuth', {
    ClientId: auth.userPoolClientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: phone, PASSWORD: password },
  });
  return { phone, password, token: AuthenticationResult.IdToken };
}

/** api calls the gateway as a client with a token (the site named by ?site=, as the gateway allows). */
async function api(method, path, token, body) {
  const u = new URL(path, gateway);
  u.searchParams.set('site', SITE);
  const res = await fetch(u, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

async function signIn(page, who) {
  await page.getByLabel('Phone Number', { exact: true }).fill(nationalNumber(who.phone));
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('save three cars, find them on another browser, compare them; nobody else reads or changes the list', async () => {
  const { page } = first;
  await page.goto(tenantURL(SITE, LISTING));
  await waitForResults(page);
  const { auth } = await page.evaluate(() => fetch('/api/site').then((r) => r.json()));
  const alice = await shopper(auth, 1);
  const mallory = await shopper(auth, 2);

  // Cards by position: two cars can share a title.
  const heartOf = (p, n) => cards(p).nth(n).locator('.car-card__heart');
  const names = [];
  for (let i = 0; i < 3; i++) names.push((await heartOf(page, i).getAttribute('aria-label')).replace(/^Save /, ''));
  await heartOf(page, 0).click();
  await page.waitForURL(/\/sign-in\?/);
  await signIn(page, alice);
  await page.waitForURL((u) => u.pathname === LISTING);
  for (let i = 0; i < 3; i++) {
    if (i > 0) await heartOf(page, i).click();
    const toast = page.getByRole('status').filter({ hasText: 'Car Saved In Watchlist' });
    await toast.getByText(`${names[i]} is now available in your watchlist`).waitFor();
    assert.equal(await heartOf(page, i).getAttribute('aria-pressed'), 'true');
  }

  // Another browser: the watchlist page sends to sign-in, then lists the three.
  const second = await launch();
  try {
    const p = second.page;
    await p.goto(tenantURL(SITE, '/watchlist'));
    await p.waitForURL(/\/sign-in\?/);
    await signIn(p, alice);
    await p.waitForURL((u) => u.pathname === '/watchlist');
    const list = p.getByRole('main').getByRole('list');
    for (const name of names) await list.getByRole('link', { name }).first().waitFor();
    assert.equal(await list.getByRole('listitem').count(), 3);

    // Compare them: tick the same three cards, follow the bar.
    await p.goto(tenantURL(SITE, LISTING));
    await waitForResults(p);
    for (let i = 0; i < 3; i++)
      await cards(p)
        .nth(i)
        .getByRole('checkbox', { name: /^Compare / })
        .check();
    await p.getByRole('complementary', { name: 'Cars to compare' }).getByRole('link', { name: 'Compare 3 cars' }).click();
    await p.waitForURL(/\/compare\?cars=/);
    const headings = await p.getByRole('table').locator('thead th').allTextContents();
    headings.forEach((h, i) => assert.ok(h.startsWith(names[i]), `compare column ${i + 1}: ${h}, want ${names[i]}`));
  } finally {
    await second.close();
  }

  // Mallory sees her own (empty) list, and naming Alice's phone changes nothing of Alice's.
  const ids = (await api('GET', '/api/watchlist', alice.token)).body.cars.map((c) => c.car_id);
  assert.equal(ids.length, 3);
  const theirs = await api('GET', '/api/watchlist', mallory.token);
  assert.deepEqual(theirs.body.cars, []);
  const removed = await api('POST', '/api/watchlist/remove-car', mallory.token, { car_id: ids[0], phone_number: alice.phone });
  assert.equal(removed.status, 200);
  assert.equal((await api('GET', '/api/watchlist', alice.token)).body.cars.length, 3);
  // A forged token is refused before the handler by the shopper routes'
  // authorizer, with API Gateway's own 403 (the gateway runs it as AWS does).
  const forged = await api('GET', '/api/watchlist', 'not-a-token');
  assert.equal(forged.status, 403);
  assert.deepEqual(forged.body, { message: 'Forbidden' });
});
