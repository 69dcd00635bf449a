// Issue 9 "Forms": the test-drive modal, Request Photos and the contact page
// each send one lead that reaches the dealer's inbox (MailDev); the
// contact field set's postcode rule; axe-core on the test-drive modal.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { axeViolations, findCar, sharedBrowser, tenantURL, waitForResults } from './browser.mjs';

const desktop = sharedBrowser();

// MailDev's inbox and REST API (docs/contracts.md "Mail"); make dev's port when the harness names none.
const mailWeb = (process.env.FORECOURT_MAIL_WEB_URL ?? 'http://localhost:1080').replace(/\/$/, '');

/**
 * waitForLeadEmail polls MailDev until the lead's message (its Message-ID,
 * docs/contracts.md "Lead delivery") arrives and returns every such message;
 * delivery runs from the leads table's stream, so the wait is bounded, not fixed.
 */
async function waitForLeadEmail(leadID, timeoutMs = 30000) {
  const messageID = `lead-${leadID}@forecourt`;
  const deadline = Date.now() + timeoutMs;
  for (let delay = 100; ; delay = Math.min(delay * 2, 1000)) {
    const res = await fetch(`${mailWeb}/api/email`);
    assert.equal(res.status, 200, `GET ${mailWeb}/api/email answers 200`);
    const found = (await res.json()).filter((e) => String(e.headers?.['message-id'] ?? '').includes(messageID));
    if (found.length > 0) return found;
    if (Date.now() > deadline) assert.fail(`no e-mail with Message-ID ${messageID} reached MailDev at ${mailWeb} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, delay));
  }
}

/** captchaVerified waits until the ALTCHA widget in scope reports it solved its challenge. */
async function captchaVerified(scope) {
  await scope.locator('altcha-widget').waitFor({ state: 'attached' });
  await scope.locator('altcha-widget').evaluate(
    (w) =>
      new Promise((resolve) => {
        if (w.getState?.() === 'verified') return resolve();
        w.addEventListener('statechange', (e) => e.detail?.state === 'verified' && resolve());
      }),
  );
}

/** submitLead clicks the form's submit and returns the POST /api/leads answer. */
async function submitLead(page, button) {
  const posted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/leads' && r.request().method() === 'POST');
  await button.click();
  const res = await posted;
  assert.equal(res.status(), 201, `POST /api/leads answers 201 (${await res.text()})`);
  return { body: res.request().postDataJSON(), lead: await res.json() };
}

async function fillContact(scope, { postcode = '4032' } = {}) {
  await scope.getByLabel('First Name *').fill('Sam');
  await scope.getByLabel('Last Name').fill('Tester');
  await scope.getByLabel('Mobile Number').fill('0491 570 110');
  await scope.getByLabel('Email', { exact: true }).fill('sam@example.com');
  await scope.getByLabel('Postcode *').fill(postcode);
}

/**
 * openTestDrive opens an in-stock test-drive-only riverside-toyota car's page
 * and its test-drive modal from the keyboard: the car's own Book a Test Drive
 * is offered on such cars only (spec 001 §2, issue 33).
 */
async function openTestDrive(page) {
  await page.goto(tenantURL('riverside-toyota', '/cars/'));
  await waitForResults(page);
  const car = await findCar(page, 'tag:"Test Drive Only" AND status:in_stock AND sold:false');
  assert.ok(car, 'riverside-toyota has an in-stock test-drive-only car');
  await page.goto(tenantURL('riverside-toyota', `/cars/${car.slug}`));
  const open = page.getByRole('list', { name: 'Actions', exact: true }).getByRole('button', { name: 'Book a Test Drive' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Book a Test Drive' });
  await dialog.waitFor();
  return { car, dialog, open };
}

test('the test-drive modal books a slot and the lead reaches the dealer’s inbox once (spec 001 §2, §5)', async () => {
  const { page } = desktop;
  const { car, dialog } = await openTestDrive(page);
  const width = await dialog.evaluate((el) => el.getBoundingClientRect().width);
  assert.ok(width <= 600, `the modal is at most 600 px wide (${width})`);
  await fillContact(dialog);
  const day = dialog.getByLabel('Day');
  await day.locator('option').nth(1).waitFor({ state: 'attached' });
  const dayLabel = await day.locator('option').nth(1).textContent();
  await day.selectOption({ index: 1 });
  const time = dialog.getByLabel('Time');
  const start = await time.locator('option').nth(1).getAttribute('value');
  await time.selectOption({ index: 1 });
  const note = `Test drive ${randomUUID()}`;
  await dialog.getByLabel('Message').fill(note);
  // riverside-toyota has a dealer disclaimer: its terms checkbox must be ticked.
  await dialog.getByRole('checkbox', { name: 'I agree to the terms above' }).check();
  await captchaVerified(dialog);
  const { body, lead } = await submitLead(page, dialog.getByRole('button', { name: 'Request test drive' }));
  assert.equal(body.type, 'test_drive');
  assert.equal(body.car_id, car.objectID ?? car.id, 'the lead names the car');
  assert.equal(body.appointment, start, `the appointment is the chosen slot (${dayLabel})`);
  assert.equal(body.terms_conditions, true);
  const thanks = page.getByRole('status').filter({ hasText: 'Thank you for your enquiry' });
  await thanks.waitFor();
  assert.equal(new URL(page.url()).pathname, '/success');
  const delivered = await waitForLeadEmail(lead.lead_id);
  assert.equal(delivered.length, 1, `the lead arrived once (${delivered.length} messages)`);
  assert.ok(`${delivered[0].subject}\n${delivered[0].text}`.includes(car.stocknum), 'the e-mail names the stock number');
  assert.ok(delivered[0].text.includes(note), 'the e-mail carries the message');
});

test('axe-core finds no serious or critical violation with the test-drive modal open; Escape closes it', async () => {
  const { page } = desktop;
  const { dialog, open } = await openTestDrive(page);
  await dialog.getByLabel('Day').waitFor();
  await captchaVerified(dialog);
  assert.deepEqual(await axeViolations(page), []);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(await open.evaluate((el) => el === document.activeElement), true, 'focus returns to Book a Test Drive');
});

test('a bad postcode on the contact page shows the spec message and sends nothing (spec 001 §5)', async () => {
  const { page } = desktop;
  await page.goto(tenantURL('riverside-toyota', '/contact-us'));
  const form = page.locator('#contact-form form');
  await form.waitFor();
  let posts = 0;
  const count = (r) => {
    if (new URL(r.url()).pathname === '/api/leads') posts += 1;
  };
  page.on('request', count);
  await fillContact(form, { postcode: '40a' });
  await form.getByLabel('Message *').fill('Hi');
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  const alert = form.getByRole('alert').filter({ hasText: 'Please fix the following errors:' });
  await alert.waitFor();
  assert.match(await alert.textContent(), /Invalid postcode\. Please enter a 4-digit number\./);
  assert.equal(await form.getByLabel('Postcode *').getAttribute('maxlength'), '4');
  page.off('request', count);
  assert.equal(posts, 0, 'nothing is sent');
});

test('a location’s contact page sends a general enquiry that reaches the inbox (spec 001 §2 /contact-us/{slug})', async () => {
  const { page } = desktop;
  // "Riverside Toyota - Sales" and "- Service" share /contact-us/riverside-toyota; sales is chosen.
  await page.goto(tenantURL('riverside-toyota', '/contact-us/riverside-toyota'));
  await page.getByRole('heading', { level: 1, name: 'Contact Riverside Toyota' }).waitFor();
  const form = page.locator('#contact-form form');
  assert.equal(await form.getByLabel('Location *').locator('option:checked').textContent(), 'Riverside Toyota - Sales');
  assert.equal(await form.getByLabel('Category *').inputValue(), 'General Enquiry');
  await fillContact(form);
  const note = `Opening hours at Easter? ${randomUUID()}`;
  await form.getByLabel('Message *').fill(note);
  await form.getByLabel('Preferred Contact Method').selectOption('Email');
  await captchaVerified(form);
  const { body, lead } = await submitLead(page, form.getByRole('button', { name: 'Send enquiry' }));
  assert.equal(body.category, 'General Enquiry');
  assert.equal(body.preferred_contact_method, 'Email');
  assert.ok(body.location_id, 'the lead names the location');
  await page.getByRole('status').filter({ hasText: 'Thank you for your enquiry' }).waitFor();
  const delivered = await waitForLeadEmail(lead.lead_id);
  assert.equal(delivered.length, 1, `the lead arrived once (${delivered.length} messages)`);
  assert.ok(delivered[0].text.includes(note), 'the e-mail carries the message');
});

test('Request Photos sends a lead with the hidden default that reaches the inbox (spec 000 §2)', async () => {
  const { page } = desktop;
  await page.goto(tenantURL('coastal-motor-group', '/cars/'));
  await waitForResults(page);
  const car = await findCar(page, 'status:coming_soon');
  assert.ok(car, 'the demo stock has a coming-soon car');
  await page.goto(tenantURL('coastal-motor-group', `/search/new-used-and-demo-cars/?query=${encodeURIComponent(car.stocknum)}`));
  await waitForResults(page);
  await page
    .getByRole('button', { name: /^Request photos of / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Request photos' });
  await dialog.waitFor();
  await fillContact(dialog);
  // A group site: the car's dealership is chosen for the shopper.
  assert.notEqual(await dialog.getByLabel('Dealership *').inputValue(), '');
  await dialog.getByRole('textbox', { name: 'Message (optional)' }).fill('Interior please');
  await captchaVerified(dialog);
  const { body, lead } = await submitLead(page, dialog.getByRole('button', { name: 'Request photos' }));
  assert.equal(body.type, 'request_photos');
  assert.equal(body.message, 'Please send photos for this car\n\nInterior please');
  const delivered = await waitForLeadEmail(lead.lead_id);
  assert.equal(delivered.length, 1, `the lead arrived once (${delivered.length} messages)`);
  assert.ok(delivered[0].text.includes('Please send photos for this car'), 'the e-mail carries the request');
  assert.ok(`${delivered[0].subject}\n${delivered[0].text}`.includes(car.stocknum), 'the e-mail names the stock number');
});

test('the book-test-drive page works at 375 px without horizontal scrolling', async () => {
  const { page } = desktop;
  await page.setViewportSize({ width: 375, height: 800 });
  try {
    await page.goto(tenantURL('coastal-motor-group', '/book-test-drive/'));
    await page.getByRole('heading', { level: 1, name: 'Book a Test Drive' }).waitFor();
    await page.getByLabel('Location *').selectOption({ index: 1 });
    await page.getByLabel('Day').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `no horizontal scrolling (overflow ${overflow})`);
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
});
