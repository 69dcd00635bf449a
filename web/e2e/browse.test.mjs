// Issue 5 "Around the results": the home quick search with its make
// dropdown, facet tiles, the manufacturer directory, the group site's
// dealership links and dealership-scoped search, the dealer-scoped listing
// link, Request Photos and Find Me Something Similar; keyboard, 375 px and
// axe-core on the new pages.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axeViolations, cards, findCar, horizontalOverflow, launch, openSoldCar, sharedBrowser, tenantURL, waitForResults } from './browser.mjs';

const desktop = sharedBrowser();

async function noOverflow(page) {
  const overflow = await horizontalOverflow(page);
  assert.ok(overflow <= 0, `no horizontal scrolling (overflow ${overflow})`);
}

test('the home quick search splits popular makes from all makes and opens the refined listing', async () => {
  const { page } = desktop;
  await page.goto(tenantURL('riverside-toyota', '/'));
  const make = page.getByRole('combobox', { name: 'Make' });
  await make.locator('optgroup[label="All makes"] option').first().waitFor({ state: 'attached' });
  const popular = await make.locator('optgroup[label="Popular makes"] option').allTextContents();
  // riverside-toyota's popular makes in its order, those with stock (no Lexus).
  assert.deepEqual(
    popular.map((t) => t.replace(/ \(\d+\)$/, '')),
    ['Toyota', 'Mazda', 'Hyundai', 'Kia'],
  );
  await make.selectOption('Toyota');
  const model = page.getByRole('combobox', { name: 'Model' });
  await model.locator('option[value="HiLux"]').waitFor({ state: 'attached' });
  await model.selectOption('HiLux');
  await page.getByRole('button', { name: 'Search cars' }).click();
  await page.waitForURL(/\/search\/Toyota\/HiLux$/);
  await waitForResults(page);
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Toyota HiLux');
  for (const label of await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))) {
    assert.match(label, /Toyota HiLux/);
  }
  assert.deepEqual(await axeViolations(page), []);
});

test('facet tiles open the listing by make, body type and price', async () => {
  const { page } = desktop;
  await page.goto(tenantURL('northside-used', '/'));
  const bodies = page.getByRole('region', { name: 'Shop by body type' });
  await bodies.getByRole('link').first().waitFor();
  assert.ok((await bodies.getByRole('link').count()) <= 4, 'at most 4 body tiles');
  const prices = page.getByRole('region', { name: 'Shop by price' });
  await prices.getByRole('link').first().click();
  await page.waitForURL(/price_range=/);
  await waitForResults(page);
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Used cars');
  const amounts = (await page.locator('.car-card__amount').allTextContents()).filter((p) => p.startsWith('$'));
  for (const a of amounts) assert.ok(Number(a.replace(/[$,]/g, '')) < 10000, `${a} is under $10,000`);

  await page.goto(tenantURL('northside-used', '/'));
  await page.getByRole('region', { name: 'Shop by make' }).getByRole('link').first().click();
  await page.waitForURL(/\/search\/[^/?]+$/);
  await waitForResults(page);
});

test('the manufacturer directory lists makes with stock, is searchable and keyboard operable', async () => {
  const { page } = desktop;
  await page.goto(tenantURL('coastal-motor-group', '/manufacturers'));
  const makes = page.getByRole('list', { name: 'Makes' });
  await makes.getByRole('link').first().waitFor();
  const count = await makes.getByRole('link').count();
  assert.ok(count > 1 && count <= 21, `${count} makes on the first page`);
  assert.deepEqual(await axeViolations(page), []);

  const box = page.getByRole('searchbox', { name: 'Search makes' });
  await box.focus();
  await page.keyboard.type('maz');
  await page.waitForURL(/\/manufacturers\?query=maz$/);
  await page.getByRole('status').filter({ hasText: '1 make in stock' }).waitFor();
  await page.keyboard.press('Tab'); // the Search button
  await page.keyboard.press('Tab'); // the only make
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/search\/Mazda$/);
  await waitForResults(page);
});

test('the group site links each dealership to its own search and to the dealer-scoped listing', async () => {
  const { page } = desktop;
  await page.goto(tenantURL('coastal-motor-group', '/'));
  const section = page.getByRole('region', { name: 'Our dealerships' });
  for (const name of ['Coastal Mazda', 'Coastal Kia', 'Coastal Used Car Centre']) {
    await section.getByRole('link', { name: `Search stock at ${name}` }).waitFor();
    await section.getByRole('link', { name: `Full listing for ${name}` }).waitFor();
  }
  await section.getByRole('link', { name: 'Full listing for Coastal Kia' }).click();
  await page.waitForURL(/\/search\/new-used-and-demo-cars\/\?dealership=coastal-kia$/);
  await waitForResults(page);
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'New, used and demo cars at Coastal Kia');
  await page.getByRole('button', { name: 'Remove Dealership: Coastal Kia' }).waitFor();
  const locations = new Set(await page.locator('.car-card__location').allTextContents());
  assert.deepEqual([...locations], ['Coastal Kia - Sales']);

  await page.goto(tenantURL('coastal-motor-group', '/dealerships'));
  await page.getByRole('heading', { level: 1, name: 'Our dealerships' }).waitFor();
  assert.deepEqual(await axeViolations(page), []);
});

test('the dealership-scoped search at 375 px: search box, categories and price, keyboard and axe', async () => {
  const phone = await launch({ width: 375, height: 740 });
  try {
    const { page } = phone;
    await page.goto(tenantURL('coastal-motor-group', '/dealerships/coastal-mazda/cars'));
    await waitForResults(page);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Coastal Mazda stock');
    assert.equal(await cards(page).count(), 21);
    await page.getByRole('region', { name: 'Price' }).waitFor();
    await noOverflow(page);
    assert.deepEqual(await axeViolations(page), []);

    const first = page.getByRole('region', { name: 'Category' }).getByRole('checkbox').first();
    await first.focus();
    await page.keyboard.press('Space');
    await page.waitForURL(/\/dealerships\/coastal-mazda\/cars\?categories=[^&]+$/);
    await waitForResults(page);
    const refined = page.url();

    // Search for the first car's model within the category.
    const model = (await cards(page).first().getAttribute('aria-label')).split(' ').slice(2).join(' ');
    const box = page.getByRole('searchbox', { name: 'Search cars' });
    await box.focus();
    await page.keyboard.type(model);
    await page.waitForURL((u) => u.searchParams.get('query') === model && u.searchParams.has('categories'));
    await waitForResults(page);
    for (const label of await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))) {
      assert.ok(label.includes(model), `${label} is a ${model}`);
    }
    await page.goBack();
    await page.waitForURL(refined);
    await waitForResults(page);
  } finally {
    await phone.close();
  }
});

test('Request Photos on a New Arrival card is a keyboard-operable lead form dialog (issue 9: it replaces the mail link)', async () => {
  const { page } = desktop;
  await page.goto(tenantURL('coastal-motor-group', '/cars/'));
  await waitForResults(page);
  const car = await findCar(page, 'status:coming_soon');
  assert.ok(car, 'the demo stock has a coming-soon car');
  await page.goto(tenantURL('coastal-motor-group', `/search/new-used-and-demo-cars/?query=${encodeURIComponent(car.stocknum)}`));
  await waitForResults(page);
  const button = page.getByRole('button', { name: /^Request photos of / }).first();
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Request photos' });
  await dialog.waitFor();
  await dialog.getByLabel('First Name *').waitFor();
  assert.equal(await dialog.getByLabel('First Name *').evaluate((el) => el === document.activeElement), true, 'the first field has focus');
  assert.equal(await dialog.locator('input[type="hidden"][name="request"]').inputValue(), 'Please send photos for this car');
  await dialog.getByRole('textbox', { name: 'Message (optional)' }).fill('Interior please');
  assert.equal(await dialog.getByRole('link', { name: /Email/ }).count(), 0, 'no mail link');
  assert.deepEqual(await axeViolations(page), []);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(await button.evaluate((el) => el === document.activeElement), true, 'focus returns to Request Photos');
});

test('a sold car’s Find Me Something Similar opens the same make and model (issue 17, similar_cars_path.json)', async () => {
  const { page } = desktop;
  const found = await openSoldCar(page);
  assert.ok(found, 'no demo tenant has a sold car in its search index');
  const { car: sold } = found;
  await page.getByRole('link', { name: 'Find Me Something Similar' }).first().click();
  await page.waitForURL((u) => u.pathname === `/search/${encodeURIComponent(sold.make)}/${encodeURIComponent(sold.model)}`);
  await waitForResults(page);
  assert.equal(new URL(page.url()).search, '', 'the car page’s rule: make and model only');
});

test('a used-only dealer’s listing is titled Used cars', async () => {
  const { page } = desktop;
  await page.goto(tenantURL('northside-used', '/search/new-used-and-demo-cars/'));
  await waitForResults(page);
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Used cars');
  assert.equal(await page.title(), 'Used cars | Northside Used Cars');
});
