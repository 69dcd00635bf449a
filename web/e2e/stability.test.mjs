// Issue 5 target: CLS <= 0.05. On a phone, with the search engine and the
// car API answering late (so the page is drawn before its data), nothing
// already on screen moves when the data arrives: the refined listing's
// active-filter chips are drawn from the URL, and a loading page holds the
// footer below the fold.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TENANTS, cards, launch, layoutShiftWhenSettled, tenantURL, trackLayoutShift, waitForResults } from './browser.mjs';

const LATE_MS = 800;
const CLS_TARGET = 0.05;

let phone;
before(async () => {
  phone = await launch({ width: 412, height: 823 });
  const { page } = phone;
  await trackLayoutShift(page);
  const late = (route) => setTimeout(() => route.continue().catch(() => {}), LATE_MS);
  await page.route('**/1/indexes/**', late);
  await page.route('**/api/cars/**', late);
});
after(async () => {
  await phone?.close();
});

for (const slug of TENANTS) {
  test(`${slug}: a refined listing and a car page do not shift when their data arrives`, async () => {
    const { page } = phone;
    await page.goto(tenantURL(slug, '/search/used-cars?price=10000:60000'));
    await page.getByRole('list', { name: 'Active filters' }).getByRole('button', { name: 'Remove Price: $10,000 – $60,000' }).waitFor();
    await waitForResults(page);
    const listing = await layoutShiftWhenSettled(page);
    assert.ok(listing <= CLS_TARGET, `refined listing CLS ${listing.toFixed(3)} > ${CLS_TARGET}`);

    const href = await cards(page).first().getByRole('heading').getByRole('link').getAttribute('href');
    await page.goto(tenantURL(slug, href));
    await page.getByRole('heading', { name: 'Key information' }).waitFor();
    const car = await layoutShiftWhenSettled(page);
    assert.ok(car <= CLS_TARGET, `car page CLS ${car.toFixed(3)} > ${CLS_TARGET}`);
  });
}
