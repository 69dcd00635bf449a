// Issue 17 "found on the way": at 375 px the body-type chip row was cut off
// at the right edge and the "N cars found" count sat out of line with the
// heading. On every demo tenant, the listing, a car page and the home page
// at 375 px: nothing sticks out of the viewport sideways (an element inside
// a scrolling strip, such as the photo carousel, is judged by its strip);
// the chip row fits the screen and, when it scrolls, fades at its edge
// while more chips wait and lets the last one scroll wholly into view; the
// count starts where the heading starts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findCar, horizontalOverflow, launch, settled, TENANTS, tenantURL, waitForResults } from './browser.mjs';

const WIDTH = 375;

/** outside lists the visible elements that reach past the viewport's sides, unless a clipping ancestor holds them. */
async function outside(page) {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const out = [];
    const clipped = (el) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.left >= -0.5 && r.right <= vw + 0.5) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.closest('[hidden], [inert], [aria-hidden="true"]')) continue;
      if (clipped(el)) continue;
      const name = el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : '');
      out.push(`${name} [${Math.round(r.left)}, ${Math.round(r.right)}]`);
    }
    return out;
  });
}

async function assertFits(page, where) {
  assert.ok((await horizontalOverflow(page)) <= 0, `${where}: the page scrolls sideways`);
  const out = await outside(page);
  assert.deepEqual(out, [], `${where}: elements past the ${WIDTH} px viewport`);
}

test('at 375 px the listing, a car page and the home page fit the screen on every demo tenant', async () => {
  const phone = await launch({ width: WIDTH, height: 740 });
  try {
    const { page, errors } = phone;
    for (const tenant of TENANTS) {
      // Listing: body-type chips all on screen, the count in line with the heading.
      await page.goto(tenantURL(tenant, '/search/new-used-and-demo-cars/'));
      await waitForResults(page);
      const row = page.getByRole('group', { name: 'Body type' });
      const chips = row.getByRole('button');
      const chipCount = await chips.count();
      assert.ok(chipCount >= 2, `${tenant}: the listing shows body-type chips`);
      const rowBox = await row.boundingBox();
      assert.ok(rowBox.x >= 0 && rowBox.x + rowBox.width <= WIDTH, `${tenant}: the chip row fits the screen (${JSON.stringify(rowBox)})`);
      const fade = () => row.evaluate((el) => getComputedStyle(el).maskImage || getComputedStyle(el).webkitMaskImage);
      const scrolls = await row.evaluate((el) => el.scrollWidth > el.clientWidth);
      if (scrolls) {
        // A chip cut by the row's edge has the affordance: the edge fades while more waits to the right.
        assert.notEqual(await fade(), 'none', `${tenant}: the chip row scrolls but shows no sign of more chips`);
        await row.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
        await page.waitForFunction(() => {
          const el = document.querySelector('[role="group"][aria-label="Body type"]');
          return getComputedStyle(el).maskImage === 'none';
        });
      }
      const last = await chips.nth(chipCount - 1).boundingBox();
      const end = await row.boundingBox();
      assert.ok(
        last.x >= end.x - 0.5 && last.x + last.width <= end.x + end.width + 0.5 && last.x + last.width <= WIDTH,
        `${tenant}: the last body-type chip can be brought wholly into view (${JSON.stringify(last)} in ${JSON.stringify(end)})`,
      );
      const heading = await page.locator('.listing__heading h1').boundingBox();
      const count = page.locator('.listing__heading .listing__count');
      await page.waitForFunction(() => /\d+ cars? found/.test(document.querySelector('.listing__heading .listing__count')?.textContent ?? ''));
      const counted = await count.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const r = range.getBoundingClientRect(); // the text itself, not its box
        return { x: r.x, width: r.width };
      });
      const sameLine = (await count.boundingBox()).y < heading.y + heading.height - 1;
      assert.ok(sameLine || Math.abs(counted.x - heading.x) <= 1, `${tenant}: "N cars found" starts at ${counted.x}, the heading at ${heading.x}`);
      await assertFits(page, `${tenant} listing`);

      // Car page: the first car of the listing.
      const car = await findCar(page, 'sold:false');
      assert.ok(car, `${tenant} has a car`);
      await page.goto(tenantURL(tenant, `/cars/${car.slug}`));
      await page.getByRole('heading', { level: 1 }).waitFor();
      await settled(page.locator('body'));
      await assertFits(page, `${tenant} car page`);

      // Home page.
      await page.goto(tenantURL(tenant, '/'));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await settled(page.locator('body'));
      await assertFits(page, `${tenant} home`);
    }
    assert.deepEqual(errors, []);
  } finally {
    await phone.close();
  }
});
