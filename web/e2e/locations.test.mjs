// Issue 11 "Locations", "Opening hours", "Reviews", "Geocoding": every demo
// tenant's location pages, the Holiday Opening Hours dialog, the nearest
// dealership for a postcode, and axe-core on the new pages.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axeViolations, horizontalOverflow, launch, sharedBrowser, tenantURL } from './browser.mjs';

const desktop = sharedBrowser();

const gateway = (process.env.FORECOURT_E2E_GATEWAY ?? 'http://localhost:8080').replace(/\/$/, '');

/** api reads a tenant's API answer through the gateway (?site=, as Node does not resolve *.localhost). */
async function api(slug, path) {
  const res = await fetch(`${gateway}${path}${path.includes('?') ? '&' : '?'}site=${slug}`);
  return { status: res.status, body: await res.json() };
}

for (const slug of ['riverside-toyota', 'northside-used', 'coastal-motor-group']) {
  test(`spec 001 §2: ${slug}'s first location page shows its card, hours and open-now line`, async () => {
    const { body } = await api(slug, '/api/locations');
    assert.ok(body.locations.length > 0, `${slug} has locations`);
    const first = body.locations[0];
    const { page, errors } = desktop;
    await page.goto(tenantURL(slug, `/locations/${first.slug}`));
    await page.getByRole('heading', { level: 1, name: first.name }).waitFor();
    // The detail block: the review summary "Based on {count} reviews" and the hours table.
    await page
      .getByText(/Based on \d+ reviews/)
      .first()
      .waitFor();
    const hours = page.getByRole('table', { name: 'Opening Hours' }).first();
    await hours.waitFor();
    assert.match(await hours.innerText(), /Mon-Fri|Monday/, 'hours list Monday first');
    // Open now is computed by the API for the time of the request.
    await page
      .getByText(/^(Open now|Closed now)/)
      .first()
      .waitFor();
    // Get Directions goes to the map place link.
    const directions = page.getByRole('link', { name: /Get Directions/ }).first();
    assert.ok((await directions.getAttribute('href'))?.startsWith('https://'), 'Get Directions links to a map');
    // Reviews: the seeded translated review is never shown.
    await page.getByRole('heading', { name: 'Reviews' }).waitFor();
    assert.equal(await page.getByText('Translated').count(), 0, 'reviews containing "Translated" are dropped');
    assert.deepEqual(errors, [], 'no page errors');
  });
}

test('spec 001 §2: the Holiday Opening Hours dialog shows special hours in 12-hour time and closes with Escape', async () => {
  const { body } = await api('coastal-motor-group', '/api/locations');
  const loc = body.locations.find((l) => (l.holiday_hours ?? []).length > 0);
  assert.ok(loc, 'a coastal location has upcoming special hours');
  const { page } = desktop;
  await page.goto(tenantURL('coastal-motor-group', `/locations/${loc.slug}`));
  const open = page.getByRole('button', { name: 'Holiday Opening Hours' }).first();
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Holiday Opening Hours' });
  await dialog.waitFor();
  const text = await dialog.innerText();
  for (const h of loc.holiday_hours) assert.ok(text.includes(h.label), `the dialog lists ${h.label}`);
  if (loc.holiday_hours.some((h) => !h.closed)) assert.match(text, /\d{1,2}:\d{2} (am|pm) - \d{1,2}:\d{2} (am|pm)/, '12-hour times with am/pm');
  assert.deepEqual(await axeViolations(page), [], 'axe: no serious or critical violations with the dialog open');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Holiday Opening Hours', 'focus returns to the button');
});

test('geocoding: "Find your nearest dealership" on /dealerships orders locations for a postcode', async () => {
  const { page, errors } = desktop;
  await page.goto(tenantURL('coastal-motor-group', '/dealerships'));
  const finder = page.getByRole('region', { name: 'Find your nearest dealership' });
  await finder.getByLabel('Postcode or suburb').fill('4211');
  await finder.getByRole('button', { name: 'Find' }).click();
  const list = finder.getByRole('list');
  await list.waitFor();
  const items = await list.getByRole('listitem').allInnerTexts();
  const km = items.map((t) => Number(/([\d.]+) km/.exec(t)?.[1]));
  assert.ok(items.length >= 2, 'several locations listed');
  assert.deepEqual(
    [...km].sort((a, b) => a - b),
    km,
    'nearest first',
  );
  assert.match(items[0], /Nerang|Service|Parts/, 'the Nerang locations are nearest to 4211');
  // An unknown postcode: spec 001 §8 'Invalid postcode'.
  await finder.getByLabel('Postcode or suburb').fill('0001');
  await finder.getByRole('button', { name: 'Find' }).click();
  await finder.getByRole('alert').filter({ hasText: 'Invalid postcode' }).waitFor();
  assert.deepEqual(await axeViolations(page), [], 'axe on /dealerships');
  assert.deepEqual(errors, [], 'no page errors');
});

test('geocoding: GET /api/geocode answers the nearest locations, and 404 "Invalid postcode" for an unknown one', async () => {
  const ok = await api('riverside-toyota', '/api/geocode?postcode=2150');
  assert.equal(ok.status, 200);
  assert.ok(ok.body.locations.length > 0 && ok.body.locations[0].distance_km < 10, 'Parramatta locations within 10 km of 2150');
  const bad = await api('riverside-toyota', '/api/geocode?postcode=0001');
  assert.equal(bad.status, 404);
  assert.equal(bad.body.error.message, 'Invalid postcode');
});

test('axe and a 375 px phone: a location page and /teams/{slug}', async () => {
  const phone = await launch({ width: 375, height: 800 });
  try {
    const { body } = await api('riverside-toyota', '/api/locations');
    for (const path of [`/locations/${body.locations[0].slug}`, `/teams/${body.locations[0].slug}`, '/locations/riverside-toyota']) {
      await phone.page.goto(tenantURL('riverside-toyota', path));
      await phone.page.getByRole('heading', { level: 1 }).waitFor();
      assert.ok((await horizontalOverflow(phone.page)) <= 0, `${path} does not scroll sideways at 375 px`);
      assert.deepEqual(await axeViolations(phone.page), [], `axe on ${path}`);
    }
    assert.deepEqual(phone.errors, [], 'no page errors');
  } finally {
    await phone.close();
  }
});
