// Issue 32 item 7 "Unstyled controls beside styled ones" and the design
// system: at 375 px (touch) and 1366 px, on every demo dealer, the finance
// calculator's fields (on /finance and on a car page) each have a visible
// label that does not overlap its control, the finance enquiry's vehicle
// type is a select, the budget finder's price range is one styled
// two-thumb track operable by keyboard with its values shown, and the
// sign-in page's tabs each read on one line with the heading's left edge
// on the form's; none of these pages is wider than a 375 px screen.
// Issue 32 "one set of form controls used everywhere": the listing's search
// box and sort select, the trade-in's choices and the car page's tabs have a
// lead-form input's height, corner radius, edge colour and focus ring.
// FORECOURT_SHOTS_DIR, when set, receives a screenshot of each screen.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { cards, horizontalOverflow, launch, TENANTS, tenantURL, waitForResults } from './browser.mjs';

const VIEWPORTS = [
  { name: '375', width: 375, height: 740, mobile: true },
  { name: '1366', width: 1366, height: 900, mobile: false },
];

async function shot(page, slug, vp, screen, locator) {
  const dir = process.env.FORECOURT_SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${slug}-${screen}-${vp.name}.png`);
  if (locator) {
    await locator.scrollIntoViewIfNeeded();
    await locator.screenshot({ path: file });
  } else {
    await page.screenshot({ path: file });
  }
}

/**
 * assertLabelled asserts that every control in scope has a visible label
 * (its <label>) lying beside or above it, apart from it by at least 4 px,
 * never over it.
 */
async function assertLabelled(scope, what) {
  const fields = await scope.evaluate((root) =>
    [...root.querySelectorAll('input:not([type=hidden]):not([type=checkbox]):not([type=radio]), select, textarea')]
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => {
        const label = el.labels?.[0];
        const c = el.getBoundingClientRect();
        const l = label?.getBoundingClientRect();
        return {
          name: el.name || el.id,
          label: label ? label.textContent.trim() : null,
          control: { top: c.top, bottom: c.bottom, left: c.left, right: c.right },
          box: l && { top: l.top, bottom: l.bottom, left: l.left, right: l.right, width: l.width, height: l.height },
        };
      }),
  );
  assert.ok(fields.length > 0, `${what}: has fields`);
  for (const f of fields) {
    assert.ok(f.label && f.box && f.box.width > 0 && f.box.height > 0, `${what}: ${f.name} has a visible label`);
    const above = f.box.bottom <= f.control.top - 4;
    const beside = f.box.right <= f.control.left - 4;
    assert.ok(
      above || beside,
      `${what}: label "${f.label}" (${Math.round(f.box.top)}–${Math.round(f.box.bottom)}) sits on or against its control (${Math.round(f.control.top)}–${Math.round(f.control.bottom)})`,
    );
  }
}

async function assertNoOverflow(page, vp, what) {
  if (vp.width !== 375) return;
  assert.equal(await horizontalOverflow(page), 0, `${what}: no sideways scroll at 375 px`);
}

for (const vp of VIEWPORTS) {
  test(`${vp.name} px: the finance page's calculator fields are labelled apart from their inputs, vehicle type is a select`, async () => {
    const b = await launch(vp);
    try {
      const { page } = b;
      for (const slug of TENANTS) {
        await page.goto(tenantURL(slug, '/finance'));
        const calculator = page.locator('.calculator');
        await calculator.waitFor();
        await assertLabelled(calculator, `${slug} /finance calculator`);
        const form = page.locator('.finance-form');
        await form.waitFor();
        await assertLabelled(form, `${slug} /finance form`);
        const vehicleType = form.getByLabel('Vehicle type');
        assert.equal(await vehicleType.evaluate((el) => el.tagName), 'SELECT', `${slug}: vehicle type is a select`);
        assert.equal(await vehicleType.inputValue(), 'Car', `${slug}: vehicle type starts at the site's default, Car (spec 001 §9)`);
        await assertNoOverflow(page, vp, `${slug} /finance`);
        await shot(page, slug, vp, 'finance', calculator);
        await shot(page, slug, vp, 'finance-form', form);
      }
    } finally {
      await b.close();
    }
  });

  test(`${vp.name} px: a car page's calculator fields are labelled apart from their inputs`, async () => {
    const b = await launch(vp);
    try {
      const { page } = b;
      for (const slug of TENANTS) {
        await page.goto(tenantURL(slug, '/cars'));
        await waitForResults(page);
        // A car with a price: the calculator shows for cars with one.
        const card = cards(page).filter({ hasText: /\$\d/ }).first();
        await card
          .getByRole('link', { name: /^View details of/ })
          .first()
          .click();
        await page.waitForURL(/\/cars\/[^/?]+$/);
        const calculator = page.locator('.calculator');
        await calculator.waitFor();
        await assertLabelled(calculator, `${slug} car page calculator`);
        await assertNoOverflow(page, vp, `${slug} car page`);
        await shot(page, slug, vp, 'car-calculator', calculator);
      }
    } finally {
      await b.close();
    }
  });

  test(`${vp.name} px: the budget finder's price range is one track, keyboard operable, its values shown`, async () => {
    const b = await launch(vp);
    try {
      const { page } = b;
      for (const slug of TENANTS) {
        await page.goto(tenantURL(slug, '/'));
        const finder = page.locator('.budget-finder');
        await finder.waitFor();
        const low = finder.getByRole('slider', { name: 'Lowest price' });
        const high = finder.getByRole('slider', { name: 'Highest price' });
        const [lb, hb] = [await low.boundingBox(), await high.boundingBox()];
        assert.ok(lb && hb, `${slug}: both thumbs shown`);
        assert.ok(Math.abs(lb.y - hb.y) < 2, `${slug}: the two thumbs share one track (lowest at ${lb.y}, highest at ${hb.y})`);
        const values = finder.locator('.range__values');
        assert.equal(await values.isVisible(), true, `${slug}: the range's values are shown`);
        const before = await values.innerText();
        await low.focus();
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('PageUp');
        const after = await values.innerText();
        assert.notEqual(after, before, `${slug}: the keyboard moves the lowest price and the shown values follow`);
        assert.match(await low.getAttribute('aria-valuetext'), /^\$[\d,]+$/, `${slug}: the slider announces its price`);
        await high.focus();
        await page.keyboard.press('Home');
        assert.equal(await high.inputValue(), await low.inputValue(), `${slug}: the highest price stops at the lowest`);
        await assertNoOverflow(page, vp, `${slug} home`);
        await shot(page, slug, vp, 'budget-finder', finder);
      }
    } finally {
      await b.close();
    }
  });

  test(`${vp.name} px: the sign-in page's tabs read on one line and its heading lines up with the form`, async () => {
    const b = await launch(vp);
    try {
      const { page } = b;
      for (const slug of TENANTS) {
        await page.goto(tenantURL(slug, '/sign-in'));
        const tabs = page.getByRole('tab');
        await tabs.first().waitFor();
        for (const tab of await tabs.all()) {
          const lines = await tab.evaluate((el) => {
            const r = document.createRange();
            r.selectNodeContents(el);
            return new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top))).size;
          });
          assert.equal(lines, 1, `${slug}: tab "${await tab.innerText()}" on one line`);
        }
        const heading = page.getByRole('heading', { level: 1, name: 'Sign in' });
        const form = page.locator('[data-amplify-router]');
        const [h, f] = [await heading.boundingBox(), await form.boundingBox()];
        assert.ok(Math.abs(h.x - f.x) <= 1, `${slug}: heading's left edge ${h.x} on the form's ${f.x}`);
        await assertNoOverflow(page, vp, `${slug} sign-in`);
        await shot(page, slug, vp, 'sign-in');
        await tabs.nth(1).click();
        await page.getByRole('button', { name: 'Create Account' }).waitFor();
        await assertNoOverflow(page, vp, `${slug} sign-in, create account`);
        await shot(page, slug, vp, 'sign-in-create');
      }
    } finally {
      await b.close();
    }
  });
}

/**
 * look is what makes a control look like the design system's: its height,
 * corner, edge colour, and the focus ring it shows when focused from the
 * keyboard (ring is measured on `ringOn`, the element that draws it).
 */
async function look(control, ringOn = control) {
  const box = await ringOn.evaluate((el) => {
    const s = getComputedStyle(el);
    return { height: Math.round(el.getBoundingClientRect().height), radius: s.borderTopLeftRadius, edge: s.borderTopColor };
  });
  // Programmatic focus on a page no pointer has touched is keyboard focus (:focus-visible).
  await control.focus();
  const ring = await ringOn.evaluate((el) => {
    const s = getComputedStyle(el);
    return `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} offset ${s.outlineOffset}`;
  });
  await control.blur();
  return { ...box, ring };
}

for (const vp of VIEWPORTS) {
  test(`${vp.name} px: the search box, sort select, trade-in choices and car tabs look like a lead-form input`, async () => {
    const b = await launch(vp);
    try {
      const { page } = b;
      for (const slug of TENANTS) {
        await page.goto(tenantURL(slug, '/contact'));
        const input = page.locator('.lead-form input[type=text]').first();
        await input.waitFor();
        const want = await look(input);
        assert.match(want.ring, /^solid 2px/, `${slug}: the lead form's input shows a focus ring (${want.ring})`);

        await page.goto(tenantURL(slug, '/cars'));
        await waitForResults(page);
        const searchBox = await look(page.getByRole('searchbox', { name: 'Search cars' }));
        assert.deepEqual(searchBox, want, `${slug}: the listing's search box looks like a lead-form input`);
        const sort = await look(page.locator('.sort-select select'));
        assert.deepEqual(sort, want, `${slug}: the sort select looks like a lead-form input`);
        if (slug === TENANTS[0]) await shot(page, slug, vp, 'listing-controls');
        const href = await cards(page)
          .first()
          .getByRole('link', { name: /^View details of/ })
          .first()
          .getAttribute('href');

        await page.goto(tenantURL(slug, '/trade-in'));
        const choice = page.getByRole('radio', { checked: false }).first();
        await choice.waitFor();
        const option = await look(choice, page.locator('label', { has: choice }));
        assert.deepEqual(option, want, `${slug}: a trade-in choice looks like a lead-form input`);
        if (slug === TENANTS[0]) await shot(page, slug, vp, 'trade-in-choices', page.locator('form.lead-form'));

        await page.goto(tenantURL(slug, href));
        const tab = page.getByRole('tab').first();
        await tab.waitFor();
        const t = await look(tab);
        assert.deepEqual(
          { height: t.height, radius: t.radius, ring: t.ring },
          { height: want.height, radius: want.radius, ring: want.ring },
          `${slug}: a car page tab has a control's height, corner and focus ring`,
        );
        if (slug === TENANTS[0]) {
          await shot(page, slug, vp, 'car-tabs', page.locator('.car-tabs'));
        }
      }
    } finally {
      await b.close();
    }
  });
}
