// Issue 12: a signed-out shopper opening the watchlist is sent to sign-in
// with type, redirect and back (spec 000 §2, spec 001 §4), and the sign-in
// page shows the lazily loaded Authenticator with the phone number as the
// sign-in name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sharedBrowser, tenantURL } from './browser.mjs';

const desktop = sharedBrowser();
const SITE = 'riverside-toyota';

test('signed out, the watchlist goes to sign-in with the Authenticator', async () => {
  const { page } = desktop;
  await page.goto(tenantURL(SITE, '/watchlist'));
  await page.waitForURL(/\/sign-in\?/);
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('type'), 'watchlist');
  assert.equal(url.searchParams.get('redirect'), '/watchlist');
  assert.equal(url.searchParams.get('back'), '/');
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  const phone = page.getByLabel('Phone Number', { exact: true });
  await phone.waitFor();
});
