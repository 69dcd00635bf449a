// Issue 33 "the lead payload the dealer's CRM expects" (spec 001 §3 "Form
// submission payload"): on Riverside, whose leads.check_options are
// Finance, Extended warranty and Trade-in valuation, a car enquiry shows them
// as tick boxes; the ticked ones reach the dealer's e-mail (MailDev) as one
// "Additional services" line. Screenshots of the form at 375 and 1366 px go
// to FORECOURT_SHOTS when set.
import assert from 'node:assert/strict';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { findCar, launch, tenantURL, waitForResults } from './browser.mjs';

const mailWeb = (process.env.FORECOURT_MAIL_WEB_URL ?? 'http://localhost:1080').replace(/\/$/, '');
const SHOTS = process.env.FORECOURT_SHOTS;

/** leadEmail polls MailDev for the lead's message (Message-ID lead-<id>@forecourt), bounded. */
async function leadEmail(leadID, timeoutMs = 30000) {
  const messageID = `lead-${leadID}@forecourt`;
  const deadline = Date.now() + timeoutMs;
  for (let delay = 100; ; delay = Math.min(delay * 2, 1000)) {
    const res = await fetch(`${mailWeb}/api/email`);
    assert.equal(res.status, 200);
    const found = (await res.json()).find((e) => String(e.headers?.['message-id'] ?? '').includes(messageID));
    if (found) return found;
    if (Date.now() > deadline) assert.fail(`no e-mail for lead ${leadID} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, delay));
  }
}

test('ticked check options reach the dealer as Additional services', async () => {
  for (const width of [375, 1366]) {
    const b = await launch({ width, height: 900, mobile: width < 600 });
    try {
      const { page } = b;
      await page.goto(tenantURL('riverside-toyota', '/cars/'));
      await waitForResults(page);
      const car = await findCar(page, 'status:in_stock');
      assert.ok(car, 'riverside-toyota has an in-stock car');
      await page.goto(tenantURL('riverside-toyota', `/cars/${car.slug}`));
      const section = page.getByRole('region', { name: 'Enquire about this car' });
      const open = section.getByRole('button', { expanded: false });
      await open.focus();
      await page.keyboard.press('Enter');
      const form = section.locator('form');
      await form.waitFor();
      const group = form.getByRole('group', { name: "I'm also interested in" });
      await group.getByLabel('Trade-in valuation').check();
      await group.getByLabel('Finance').check();
      await form.getByLabel('First Name *').fill('Sam');
      await form.getByLabel('Mobile Number').fill('0491 570 110');
      await form.getByLabel('Postcode').fill('4032');
      await form.getByLabel('Message').fill(`Check options ${randomUUID()}`);
      if (SHOTS) await group.screenshot({ path: path.join(SHOTS, `check-options-${width}.png`) });
      if (SHOTS) await form.screenshot({ path: path.join(SHOTS, `enquiry-form-${width}.png`) });
      await page.waitForFunction(() => document.querySelector('altcha-widget')?.getState?.() === 'verified', null, { timeout: 30000 });
      const posted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/leads' && r.request().method() === 'POST');
      await form.getByRole('button', { name: 'Send enquiry' }).click();
      const res = await posted;
      assert.equal(res.status(), 201);
      assert.deepEqual([...res.request().postDataJSON().additional_services].sort(), ['Finance', 'Trade-in valuation']);
      const { lead_id: leadID } = await res.json();
      const mail = await leadEmail(leadID);
      assert.ok(mail.text.includes('Additional services: Finance, Trade-in valuation'), `the e-mail lists the services in the site's order:\n${mail.text}`);
    } finally {
      await b.close();
    }
  }
});
