// Issue 32 item 2: on Riverside (header.hover_menus) the first tap on a
// header submenu did nothing (the tap's compatibility mouseenter opened it
// and its click closed it again), and on a desktop hovering then clicking
// the trigger closed what hover had opened. One tap opens a submenu on a
// touch screen; with a mouse, hover opens and a click keeps it open, Escape
// closes it, and the keyboard path still works.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { launch, tenantURL } from './browser.mjs';

const SLUG = 'riverside-toyota';

test('one tap opens a header submenu at 375 px with touch, and its links work', async () => {
  const b = await launch({ width: 375, height: 740, mobile: true });
  try {
    const { page } = b;
    await page.goto(tenantURL(SLUG, '/'));
    await page.getByRole('button', { name: 'Menu' }).tap();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const service = nav.getByRole('button', { name: 'Service' });
    await service.tap();
    assert.equal(await service.getAttribute('aria-expanded'), 'true', 'one tap opens the submenu');
    const link = nav.getByRole('link', { name: 'Vehicle Service' });
    assert.equal(await link.isVisible(), true, 'its links are visible');
    await link.tap();
    await page.waitForURL((u) => u.pathname !== '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.notEqual(new URL(page.url()).pathname, '/', 'the tapped link navigates');
  } finally {
    await b.close();
  }
});

test('with a mouse at 1366 px hover opens a submenu, a click on its trigger keeps it open, Escape closes it', async () => {
  const b = await launch({ width: 1366, height: 900 });
  try {
    const { page } = b;
    await page.goto(tenantURL(SLUG, '/'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    const service = nav.getByRole('button', { name: 'Service' });
    await service.hover();
    assert.equal(await service.getAttribute('aria-expanded'), 'true', 'hover opens the submenu');
    await service.click();
    assert.equal(await service.getAttribute('aria-expanded'), 'true', 'a click on the trigger keeps what hover opened');
    assert.equal(await nav.getByRole('link', { name: 'Vehicle Service' }).isVisible(), true, 'its links are visible');
    await page.keyboard.press('Escape');
    assert.equal(await service.getAttribute('aria-expanded'), 'false', 'Escape closes it');
    // A second click on a submenu a click opened closes it (the trigger still toggles).
    await service.click();
    assert.equal(await service.getAttribute('aria-expanded'), 'true', 'a click opens it again');
    await service.click();
    assert.equal(await service.getAttribute('aria-expanded'), 'false', 'and a further click closes it');

    // The keyboard path: Enter opens, ArrowDown enters, Enter follows the link.
    await page.mouse.move(5, 600);
    await service.focus();
    await page.keyboard.press('Enter');
    assert.equal(await service.getAttribute('aria-expanded'), 'true', 'Enter opens it');
    await page.keyboard.press('ArrowDown');
    const first = nav.getByRole('link', { name: 'Vehicle Service' });
    assert.equal(await first.evaluate((el) => el === document.activeElement), true, 'ArrowDown focuses the first entry');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname !== '/');
    // The URL changes first; the menu closes as the app shows the new page.
    await nav.locator('.nav-group:not(.nav-group--open) > button', { hasText: 'Service' }).waitFor();
    assert.equal(await service.getAttribute('aria-expanded'), 'false', 'navigating closes it');
  } finally {
    await b.close();
  }
});
