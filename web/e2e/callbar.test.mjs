// Issue 32 item 13. At 375 px with touch, the car page's bar of quick
// actions ("Enquire Now", "Book a Test Drive") shows each button on one line
// at the same height (the test-drive label wrapped to two lines). At 1366 px
// the header shows the site's first location's number (sales first) as a
// tel: link; not at 375 px, where the menu has the room.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findCar, launch, tenantURL } from './browser.mjs';

const SITE = 'riverside-toyota';

test('the quick actions bar at 375 px: each button one line, all the same height', async () => {
  const phone = await launch({ width: 375, height: 812, mobile: true });
  try {
    const { page } = phone;
    await page.goto(tenantURL(SITE, '/cars/'));
    // The bar offers a test drive on a test-drive-only car (spec 001 §2, issue 33).
    const car = await findCar(page, 'tag:"Test Drive Only" AND status:in_stock AND sold:false');
    assert.ok(car, `${SITE} has a test-drive-only car on sale`);
    await page.goto(tenantURL(SITE, `/cars/${car.slug}`));
    const bar = page.getByRole('list', { name: 'Quick actions' });
    await bar.getByRole('button', { name: 'Book a Test Drive' }).waitFor();
    const buttons = await bar.locator(':scope > li > *').evaluateAll((els) =>
      els.map((el) => {
        // One line: every piece of the label's text sits on the same line box.
        const range = document.createRange();
        range.selectNodeContents(el);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        const box = el.getBoundingClientRect();
        return { label: el.textContent.trim(), lines: tops.size, height: Math.round(box.height), cut: el.scrollWidth > el.clientWidth, right: box.right };
      }),
    );
    assert.deepEqual(
      buttons.map((b) => b.label),
      ['Enquire Now', 'Book a Test Drive'],
    );
    for (const b of buttons) {
      assert.equal(b.lines, 1, `${b.label} is on one line: ${JSON.stringify(buttons)}`);
      assert.ok(!b.cut, `${b.label} is shown whole at 375 px`);
      assert.ok(b.right <= 375, `${b.label} is on the screen`);
    }
    assert.equal(new Set(buttons.map((b) => b.height)).size, 1, `the buttons are the same height: ${JSON.stringify(buttons)}`);
  } finally {
    await phone.close();
  }
});

test("the header at 1366 px shows the first location's number as a tel: link; at 375 px it does not", async () => {
  const desktop = await launch({ width: 1366, height: 900 });
  try {
    const { page } = desktop;
    await page.goto(tenantURL(SITE, '/'));
    const { header_locations: locations } = await page.evaluate(async () => (await fetch('/api/site')).json());
    const first = locations[0];
    assert.match(first.href, /^tel:/, `${SITE}'s first location has a number to call`);
    const link = page.getByRole('banner').getByRole('link', { name: `Call ${first.name}: ${first.phone}` });
    await link.waitFor();
    assert.equal(await link.getAttribute('href'), `tel:${first.phone.replace(/[^\d+]/g, '')}`);
    assert.equal((await link.innerText()).trim(), first.phone);
    assert.ok(await link.isVisible(), 'shown without opening a menu');
    await page.setViewportSize({ width: 375, height: 812 });
    assert.ok(!(await link.isVisible()), 'not in the phone header');
  } finally {
    await desktop.close();
  }
});
