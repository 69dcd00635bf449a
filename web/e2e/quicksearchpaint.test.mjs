// Issue 32: the home page's quick search as the server paints it works
// before (or without) the app: its make and model lists hold every make and
// model in stock, and pressing Search cars goes to the listing of the
// chosen make and model, which the server answers filtered (spec 000 §9).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { launch, tenantURL, waitForResults } from './browser.mjs';

const slug = 'riverside-toyota';

test('the painted quick search, with no script, lists every make and model and opens the filtered listing', async () => {
  const b = await launch({ width: 1366, height: 900, javaScriptEnabled: false });
  let landed;
  try {
    const { page } = b;
    await page.goto(tenantURL(slug, '/'));
    const form = page.getByRole('form', { name: 'Quick search' });
    const make = form.getByLabel('Make');
    const model = form.getByLabel('Model');
    const makes = await make.locator('option').allTextContents();
    assert.ok(
      makes.some((m) => /^Toyota \(\d+\)$/.test(m)),
      `the makes, with their counts: ${makes.join(', ')}`,
    );
    const models = await model.locator('option').allTextContents();
    assert.ok(
      models.some((m) => /^HiLux \(\d+\)$/.test(m)),
      `the models, with their counts: ${models.join(', ')}`,
    );
    await make.selectOption('Toyota');
    await model.selectOption('HiLux');
    await form.getByLabel('Max price').selectOption('50000');
    await form.getByRole('button', { name: 'Search cars' }).click();
    await page.waitForURL((u) => u.pathname !== '/');
    landed = new URL(page.url());
    assert.equal(landed.pathname, '/search/Toyota/HiLux', 'the make and model in the path');
    assert.equal(landed.searchParams.get('price'), ':50000', "the price ceiling as the listing's price range");
    // The server's page for it, as a client without script reads it.
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Toyota HiLux cars for sale');
  } finally {
    await b.close();
  }

  // The same URL in a browser that runs the app: the filtered listing.
  const app = await launch({ width: 1366, height: 900 });
  try {
    const { page } = app;
    await page.goto(landed.href);
    await waitForResults(page);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Toyota HiLux');
    const chips = await page.getByRole('list', { name: 'Active filters' }).innerText();
    assert.match(chips, /Model: HiLux/);
    assert.match(chips, /\$50,000/);
  } finally {
    await app.close();
  }
});

test("the painted quick search with only a model chosen opens that model's make", async () => {
  const b = await launch({ width: 375, height: 740, javaScriptEnabled: false, mobile: true });
  try {
    const { page } = b;
    await page.goto(tenantURL(slug, '/'));
    const form = page.getByRole('form', { name: 'Quick search' });
    await form.getByLabel('Model').selectOption('HiLux');
    await form.getByRole('button', { name: 'Search cars' }).click();
    await page.waitForURL((u) => u.pathname !== '/');
    const u = new URL(page.url());
    assert.equal(u.pathname + u.search, '/search/Toyota/HiLux');
  } finally {
    await b.close();
  }
});
