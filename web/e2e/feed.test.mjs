// Issue 4 "Done when": a CSV export as a real DMS produces it (BOM, CRLF,
// quoted commas, a blank line, a bad VIN, a duplicate stock number, a missing
// price) pushed to the feed endpoint ingests the good rows, reports exactly
// the bad ones, and the dealer's listing shows the new stock as soon as the
// run has finished: the first search after the run answers with it, with no
// waiting or retrying.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cards, sharedBrowser, tenantURL, waitForResults } from './browser.mjs';

const gateway = process.env.FORECOURT_E2E_GATEWAY ?? 'http://localhost:8080';
const providerKey = process.env.FORECOURT_DEMO_PROVIDER_KEY ?? 'demo-provider-key';

const browser = sharedBrowser();

test('a DMS CSV feed is ingested and its cars are on the listing when the run ends', async () => {
  const tag = `E2E${Date.now().toString(36).toUpperCase()}`;
  const csv =
    '\uFEFFStock No,VIN,Year,Make,Model,Variant,Body Type,Odometer,Sale Price,Colour,Transmission,Fuel Type,Condition,Comments\r\n' +
    `${tag}A,JTDBR32E720123456,2020,TOYOTA,COROLLA,Ascent Sport,5D HATCHBACK,"45,000",$21990,White,6 SP AUTOMATIC,Petrol,Used,"Low kms, one owner"\r\n` +
    '\r\n' +
    `${tag}B,JTDBR32E72012345O,2019,Mazda,CX-5,Maxx,WAGON,60000,25990,Red,Automatic,Petrol,Used,"Bad VIN"\r\n` +
    `${tag}C,,2018,ford,ranger,XLT,Dual Cab Utility,80000,,Blue,Automatic,Diesel,Used,"No price yet, call us"\r\n` +
    `${tag}A,JTDBR32E720123456,2020,TOYOTA,COROLLA,Ascent Sport,5D HATCHBACK,"44,000",$20990,White,6 SP AUTOMATIC,Petrol,Used,"Price drop"\r\n`;

  // Leave the dealer's stock as it was, whether or not the checks below
  // passed: a delta feed removes what this test added.
  let removed;
  try {
    const res = await fetch(`${gateway}/ingest/v1/dealerships/northside-used/feed?mode=delta`, {
      method: 'POST',
      headers: { authorization: `Bearer ${providerKey}`, 'content-type': 'text/csv' },
      body: csv,
    });
    assert.equal(res.status, 200);
    const report = await res.json();
    assert.equal(report.rejected, 1, JSON.stringify(report.rejected_rows));
    assert.equal(report.rejected_rows[0].field, 'vin');
    assert.equal(report.rejected_rows[0].row, 4, 'the bad row is named by its line in the file');
    assert.equal(report.duplicates.length, 1, 'the duplicate stock number is reported');
    assert.equal(report.created, 2, 'the Corolla (last row wins) and the Ranger without a price');

    const { page, errors } = browser;
    await page.goto(tenantURL('northside-used', `/search/used-cars?query=${tag}`));
    await waitForResults(page);
    const titles = await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    assert.equal(titles.length, 2, titles.join(', '));
    assert.ok(
      titles.some((t) => /2020 Toyota Corolla/.test(t)),
      titles.join(', '),
    );
    assert.ok(
      titles.some((t) => /2018 Ford Ranger/.test(t)),
      titles.join(', '),
    );
    const corolla = cards(page).filter({ hasText: 'Corolla' });
    await corolla.getByText('$20,990').waitFor();
    // Spec 001 §5: no price shows the dealer's configured no-price text.
    const noPrice = await page.evaluate(async () => (await (await fetch('/api/site')).json()).site.texts.no_price);
    await cards(page).filter({ hasText: 'Ranger' }).getByText(noPrice).waitFor();
    assert.deepEqual(errors, []);
  } finally {
    const cleanup = await fetch(`${gateway}/ingest/v1/dealerships/northside-used/feed`, {
      method: 'POST',
      headers: { authorization: `Bearer ${providerKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'delta', cars: [], remove: [`${tag}A`, `${tag}C`] }),
    });
    removed = cleanup.ok ? (await cleanup.json()).removed : `HTTP ${cleanup.status}`;
  }
  // Reached only when the checks passed, so a failed check is not masked by this one.
  assert.equal(removed, 2, 'the cleanup removes both cars this test added');
});
