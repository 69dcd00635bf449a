// Issue 32 item 3 "Finance disclosure cut off and figures that contradict
// each other": the rate popover by "$159 per week*" lies inside a 375 px
// screen on a card and on the car page; for one car the card's estimate,
// the car page's estimate, the compare page's row and the calculator's
// first figure agree, and the compare row's label says what its figures are.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cards, launch, sharedBrowser, tenantURL, waitForResults } from './browser.mjs';

/** WITH_ESTIMATE are the demo sites whose cards show the weekly estimate (finance.weekly_on_card). */
const WITH_ESTIMATE = ['riverside-toyota', 'northside-used'];

/** inViewport asserts the element lies inside [0, width] across and [0, height] down. */
async function assertInViewport(locator, what) {
  const page = locator.page();
  const { width, height } = page.viewportSize();
  const box = await locator.boundingBox();
  assert.ok(box, `${what} is shown`);
  const r = [box.x, box.y, box.x + box.width, box.y + box.height].map(Math.round);
  assert.ok(r[0] >= 0 && r[2] <= width, `${what} spans ${r[0]}–${r[2]} px across, outside [0, ${width}]`);
  assert.ok(r[1] >= 0 && r[3] <= height, `${what} spans ${r[1]}–${r[3]} px down, outside [0, ${height}]`);
}

/** quoted is the "$N per week" an element shows, its white space made single spaces. */
async function quoted(locator) {
  return (await locator.innerText()).replace(/\s+/g, ' ').match(/\$[\d,]+ per \w+/)?.[0];
}

/** firstCardWithEstimate is the first listing card showing a finance estimate. */
async function firstCardWithEstimate(page) {
  await waitForResults(page);
  const card = cards(page)
    .filter({ has: page.locator('.car-card__finance') })
    .first();
  await card.waitFor();
  return card;
}

test('the finance rate popover lies inside a 375 px screen on a card and on the car page', async () => {
  const b = await launch({ width: 375, height: 740, mobile: true });
  try {
    const { page } = b;
    for (const slug of WITH_ESTIMATE) {
      await page.goto(tenantURL(slug, '/cars'));
      const card = await firstCardWithEstimate(page);
      await card.locator('.car-card__finance').scrollIntoViewIfNeeded();
      await card.getByRole('button', { name: /^About the finance rate/ }).tap();
      await assertInViewport(card.getByRole('dialog', { name: 'Finance rate' }), `${slug}: the card's rate popover`);

      await page.keyboard.press('Escape');
      await card.getByRole('link', { name: /^View details of/ }).tap();
      await page.waitForURL(/\/cars\/[^/?]+$/);
      const estimate = page.locator('.finance-estimate');
      await estimate.scrollIntoViewIfNeeded();
      await estimate.getByRole('button', { name: 'About this finance rate' }).tap();
      await assertInViewport(estimate.getByRole('dialog', { name: 'Finance rate' }), `${slug}: the car page's rate popover`);
    }
  } finally {
    await b.close();
  }
});

const desktop = sharedBrowser({ width: 1366, height: 900 });

for (const slug of WITH_ESTIMATE) {
  test(`${slug}: the card, the car page, the compare row and the calculator quote one weekly figure for a car`, async () => {
    const { page } = desktop;
    await page.goto(tenantURL(slug, '/cars'));
    const card = await firstCardWithEstimate(page);
    const onCard = await quoted(card.locator('.car-card__finance'));
    assert.ok(onCard, 'the card shows "$N per week"');

    await card.getByRole('link', { name: /^View details of/ }).click();
    await page.waitForURL(/\/cars\/[^/?]+$/);
    const estimate = page.locator('.finance-estimate__amount');
    await estimate.waitFor();
    const onPage = await quoted(estimate);
    assert.equal(onPage, onCard, 'the car page quotes the card’s figure');

    const calculator = page.getByRole('group', { name: 'Repayments' });
    const per = onCard.endsWith('month') ? 'Monthly' : 'Weekly';
    const figure = calculator.locator('dt', { hasText: new RegExp(`^${per}$`) }).locator('xpath=following-sibling::dd');
    assert.equal(`${await figure.innerText()} per ${per === 'Weekly' ? 'week' : 'month'}`, onCard, 'the calculator starts at the estimate');

    const id = await page.evaluate(async (slug) => (await (await fetch(`/api/cars/${slug}`)).json()).car.id, new URL(page.url()).pathname.split('/').pop());
    await page.goto(tenantURL(slug, `/compare?cars=${encodeURIComponent(id)}`));
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /estimate/i }) });
    await row.waitFor();
    const label = await row.getByRole('rowheader').innerText();
    const value = await row.getByRole('cell').first().innerText();
    assert.equal(value.replace(' / ', ' per '), onCard, 'the compare row quotes the card’s figure');
    const unit = onCard.endsWith('month') ? /month/i : /week/i;
    assert.match(label, unit, `the row's label "${label}" agrees with its figure "${value}"`);
  });
}

// Issue 32 (the calculator's screenshot): the car page's calculator fields
// look and size like the enquiry form's (a bordered box a finger can hit,
// 44 px), not the browser's bare inputs.
for (const view of [
  { name: '375 px, touch', options: { width: 375, height: 740, mobile: true } },
  { name: '1366 px, mouse', options: { width: 1366, height: 900 } },
]) {
  test(`the car page's calculator fields are the enquiry form's fields (${view.name})`, async () => {
    const b = await launch(view.options);
    try {
      const { page } = b;
      await page.goto(tenantURL(WITH_ESTIMATE[0], '/cars'));
      const card = await firstCardWithEstimate(page);
      await page.goto(tenantURL(WITH_ESTIMATE[0], await card.getByRole('link', { name: /^View details of/ }).getAttribute('href')));
      const calculator = page.locator('section.calculator');
      await calculator.scrollIntoViewIfNeeded();
      const fields = calculator.locator('input, select');
      assert.ok((await fields.count()) >= 4, 'price, deposit, term and rate');
      for (const field of await fields.all()) {
        const name = await field.getAttribute('name');
        const look = await field.evaluate((el) => {
          const s = getComputedStyle(el);
          return { height: el.getBoundingClientRect().height, border: `${s.borderTopWidth} ${s.borderTopStyle}`, radius: s.borderTopLeftRadius };
        });
        assert.ok(look.height >= 44, `${name} is ${look.height} px tall, under 44`);
        assert.equal(look.border, '1px solid', `${name}'s border`);
        assert.notEqual(look.radius, '0px', `${name} has the form's rounded corners`);
        const [box, inside] = [await field.boundingBox(), await calculator.boundingBox()];
        assert.ok(box.x + box.width <= inside.x + inside.width, `${name} stays inside the calculator's box`);
      }
    } finally {
      await b.close();
    }
  });
}
