// Issue 32 item 6 on Coastal (the demo site with the watchlist on), at 375 px
// with touch and at 1366 px: a signed-out shopper's heart on a car page
// leads to sign-in first (the Sign In tab, Create Account one tap away) and
// back to the car with it saved; the header then says the shopper is signed
// in and links the saved cars with their count; /watchlist shows them as
// cards with photo, title, price and a link, and Remove leaves an empty
// state that links the stock.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findCar, horizontalOverflow, launch, nationalNumber, signedUpShopper, tenantURL } from './browser.mjs';

const SITE = 'coastal-motor-group';
const SHOTS = process.env.FORECOURT_E2E_SHOTS;
const VIEWPORTS = [
  { name: '375', width: 375, height: 740, mobile: true, n: 31 },
  { name: '1366', width: 1366, height: 900, mobile: false, n: 32 },
];

async function shot(page, name, fullPage = false) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

for (const vp of VIEWPORTS) {
  test(`at ${vp.name} px: heart signed out -> sign in -> back on the car, saved; the header links the saved cars; /watchlist shows and removes them`, async () => {
    const b = await launch(vp);
    const press = (locator) => (vp.mobile ? locator.tap() : locator.click());
    try {
      const { page } = b;
      await page.goto(tenantURL(SITE, '/'));
      const { auth } = await page.evaluate(() => fetch('/api/site').then((r) => r.json()));
      const who = await signedUpShopper(auth, vp.n);
      const car = await findCar(page, 'sold:false AND status:in_stock AND reserved:false AND make:Kia');
      assert.ok(car, 'Coastal has an in-stock Kia');
      const carPath = `/cars/${car.slug}`;
      await page.goto(tenantURL(SITE, carPath));
      assert.equal(await page.getByRole('link', { name: /^Saved cars/ }).count(), 0, 'signed out: no saved-cars link in the header');

      const headerHeight = async () => (await page.locator('.site-header').boundingBox()).height;
      const signedOutHeader = await headerHeight();
      const save = page.getByRole('button', { name: 'Save this car' });
      await save.scrollIntoViewIfNeeded();
      await press(save);
      await page.waitForURL((u) => u.pathname === '/sign-in');
      const signInTab = page.getByRole('tab', { name: 'Sign In' });
      await signInTab.waitFor();
      assert.equal(await signInTab.getAttribute('aria-selected'), 'true', 'the heart opens the Sign In tab');
      assert.equal(await page.getByRole('tab', { name: 'Create Account' }).isVisible(), true, 'Create Account is one tap away');
      await shot(page, `sign-in-from-heart-${vp.name}`);
      await page.getByLabel('Phone Number', { exact: true }).fill(nationalNumber(who.phone));
      await page.getByLabel('Password', { exact: true }).fill(who.password);
      await press(page.getByRole('button', { name: 'Sign in', exact: true }));

      // Back on the car, saved, and the header says so.
      await page.waitForURL((u) => u.pathname === carPath);
      await page.getByRole('button', { name: 'Saved' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Saved' }).getAttribute('aria-pressed'), 'true');
      const headerLink = page.getByRole('banner').getByRole('link', { name: 'Saved cars: 1' });
      await headerLink.waitFor();
      assert.equal(await headerHeight(), signedOutHeader, 'the saved-cars link does not make the header taller');
      await shot(page, `car-saved-header-${vp.name}`);

      await press(headerLink);
      await page.waitForURL((u) => u.pathname === '/watchlist');
      const list = page.getByRole('list', { name: 'Saved cars' });
      const card = list.getByRole('article');
      await card.first().waitFor();
      assert.equal(await card.count(), 1);
      const title = `${car.year} ${car.make} ${car.model}`;
      await card.getByRole('heading', { name: title }).waitFor();
      assert.ok((await card.locator('img').count()) + (await card.getByText('Photos coming soon').count()) > 0, 'a photo or the no-photo panel');
      assert.match(await card.textContent(), /\$[\d,]+/, 'the card shows the price');
      assert.equal(await card.getByRole('link', { name: `View details of ${title}` }).getAttribute('href'), carPath);
      assert.equal(await horizontalOverflow(page), 0, `/watchlist fits ${vp.name} px`);
      await shot(page, `watchlist-${vp.name}`, true);

      await press(card.getByRole('button', { name: `Remove ${title} from your watchlist` }));
      await page.getByRole('heading', { name: 'No saved cars yet' }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Browse our stock' }).getAttribute('href'), '/cars/');
      await page.getByRole('banner').getByRole('link', { name: 'Saved cars: 0' }).waitFor();
      await shot(page, `watchlist-empty-${vp.name}`);
    } finally {
      await b.close();
    }
  });
}
