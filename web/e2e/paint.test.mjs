// Issue 14 "First paint without a round trip" and issue 17 home layout
// shift: the pages paint from what their HTML carries (no GET /api/site; a
// car page's car before GET /api/cars answers; the gallery's photo is the
// one the head preloads), and the home page's latest-arrivals row moves
// nothing in view when it is scrolled to on a phone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mkdirSync } from 'node:fs';
import { boxes, findCar, launch, layoutShiftWhenSettled, sharedBrowser, tenantURL, trackLayoutShift, TENANTS, waitForResults } from './browser.mjs';

const browser = sharedBrowser();
const slug = 'riverside-toyota';

/** countSite counts the page's requests to GET /api/site from now on. */
async function countSite(page) {
  const seen = { n: 0 };
  await page.route('**/api/site', (route) => {
    seen.n += 1;
    return route.abort();
  });
  return seen;
}

test('home, listing and car page paint with no request to /api/site', async () => {
  const { page } = browser;
  await page.goto(tenantURL(slug, '/'));
  const car = await findCar(page, 'sold:false AND price > 0');
  assert.ok(car, 'the demo tenant has a priced car');
  const site = await countSite(page);
  try {
    await page.goto(tenantURL(slug, '/'));
    await page.getByRole('heading', { level: 1, name: 'Riverside Toyota' }).waitFor();
    await page.goto(tenantURL(slug, '/search/new-used-and-demo-cars/'));
    await waitForResults(page);
    await page.goto(tenantURL(slug, `/cars/${car.slug}`));
    await page.getByRole('heading', { level: 1 }).filter({ hasText: car.model }).first().waitFor();
  } finally {
    await page.unroute('**/api/site');
  }
  assert.equal(site.n, 0, 'no request to /api/site');
});

test('a car page shows its car, price and preloaded photo before GET /api/cars answers', async () => {
  const { page } = browser;
  await page.goto(tenantURL(slug, '/'));
  const car = await findCar(page, 'sold:false AND price > 0');
  // Hold the car's API answer until the page has painted the car.
  const held = [];
  await page.route('**/api/cars/**', (route) => {
    held.push(route);
  });
  try {
    await page.goto(tenantURL(slug, `/cars/${car.slug}`));
    await page.getByRole('heading', { level: 1 }).filter({ hasText: car.model }).first().waitFor();
    const text = await page.locator('main').innerText();
    assert.match(text, /\$[\d,]+/, 'the price shows');
    assert.ok(held.length >= 1, 'the page asked for the fresh car, and painted without its answer');
    const photo = await page.evaluate(() => ({
      preload: document.querySelector('link[rel="preload"][as="image"]')?.href,
      shown: document.querySelector('.gallery__stage img')?.src,
    }));
    assert.ok(photo.preload, 'the head preloads the gallery photo');
    assert.equal(photo.shown, photo.preload, 'the gallery shows the preloaded photo');
  } finally {
    await page.unroute('**/api/cars/**');
    for (const r of held) await r.continue().catch(() => {});
  }
});

test('on a phone, scrolling to the home page latest arrivals moves nothing in view (CLS <= 0.05)', async () => {
  const phone = await launch({ width: 412, height: 823 });
  try {
    await trackLayoutShift(phone.page);
    for (const tenant of TENANTS) {
      await phone.page.goto(tenantURL(tenant, '/'));
      await phone.page.getByRole('heading', { level: 1 }).first().waitFor();
      const load = await layoutShiftWhenSettled(phone.page);
      assert.ok(load <= 0.05, `${tenant}: home CLS on load ${load.toFixed(3)} over 0.05`);
      const row = phone.page.locator('section.car-strip#latest-arrivals');
      if ((await row.count()) === 0) continue;
      // As a shopper scrolling down: the row's top comes into view first.
      await row.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - window.innerHeight + 120));
      await phone.page.waitForFunction(() => {
        const s = document.getElementById('latest-arrivals');
        return !s || s.dataset.state === 'ready' || s.dataset.state === 'error';
      });
      const after = await layoutShiftWhenSettled(phone.page);
      assert.ok(after <= 0.05, `${tenant}: home CLS after scrolling to latest arrivals ${after.toFixed(3)} over 0.05`);
    }
  } finally {
    await phone.close();
  }
});

const CAR_PARTS = ['main h1', '.car-page__price strong', '.gallery__stage img', '.site-header'];
const HOME_PARTS = ['.slider__viewport', '.slide:not([hidden]) .slide__title', '.home__hero h1', '.home__actions', 'form.quick-search', '.site-header'];

// Issue 14 "render the LCP content as real HTML": a car page's HTML carries
// its title, price and first photo (painted before any script runs), and
// the app, once it has replaced that markup, shows them where they stood.
test('a car page paints its title, price and photo, and the home page its first slide and heading, from the HTML; the app takes over without moving them', async () => {
  const noScript = await launch({ width: 412, height: 823, javaScriptEnabled: false });
  const phone = await launch({ width: 412, height: 823 });
  try {
    for (const tenant of TENANTS) {
      await phone.page.goto(tenantURL(tenant, '/'));
      const car = await findCar(phone.page, 'sold:false AND price > 0');
      assert.ok(car, `${tenant} has a priced car`);
      const url = tenantURL(tenant, `/cars/${car.slug}`);
      // The document as the server sends it, before any script has run.
      const html = await phone.page.evaluate(async (u) => (await fetch(u)).text(), url);
      const root = html.slice(html.indexOf('<div id="root"'), html.indexOf('<noscript>'));
      assert.match(root, /data-paint="car"/, `${tenant}: the root says which page it paints`);
      assert.match(root, new RegExp(`<h1>[^<]*${car.model}[^<]*</h1>`), `${tenant}: the title is in the HTML`);
      assert.match(root, /<strong>\$[\d,]+<\/strong>/, `${tenant}: the price is in the HTML`);
      const preload = html.match(/<link rel="preload" as="image" href="([^"]+)"/)?.[1];
      assert.ok(preload && root.includes(`<img src="${preload}"`), `${tenant}: the first photo is in the HTML, the one the head preloads`);

      await noScript.page.goto(url);
      const painted = await boxes(noScript.page, CAR_PARTS);
      for (const [sel, box] of Object.entries(painted)) assert.ok(box, `${tenant}: ${sel} painted with no script`);

      await phone.page.goto(url);
      // The app's own footer (its chunk loads after the page): the painted one went with the painted markup.
      await phone.page.locator('footer').first().waitFor();
      assert.deepEqual(await boxes(phone.page, CAR_PARTS), painted, `${tenant}: the app shows the car where the HTML painted it`);

      // The home page: the first slide and the heading, likewise.
      await noScript.page.goto(tenantURL(tenant, '/'));
      const home = await boxes(noScript.page, HOME_PARTS);
      assert.ok(home['.home__hero h1'], `${tenant}: the home heading painted with no script`);
      await phone.page.goto(tenantURL(tenant, '/'));
      await phone.page.locator('footer').first().waitFor();
      assert.deepEqual(await boxes(phone.page, HOME_PARTS), home, `${tenant}: the app shows the home page's slide and heading where the HTML painted them`);
    }
  } finally {
    await noScript.close();
    await phone.close();
  }
});

// Issue 14 first paint: a painted page is what the shopper came for, so the
// app's scripts wait for it (web/src/app/paintFirst.js): the HTML names no
// module script, and the entry is requested only once the page has painted
// and its photo is in; the app then takes over as usual.
test('a painted page requests the app only after its first paint and photo', async () => {
  const { page } = browser;
  await page.goto(tenantURL(slug, '/'));
  const car = await findCar(page, 'sold:false AND price > 0');
  for (const path of ['/', `/cars/${car.slug}`]) {
    const url = tenantURL(slug, path);
    const html = await page.evaluate(async (u) => (await fetch(u)).text(), url);
    assert.doesNotMatch(html, /<script type="module"/, `${path}: the HTML loads no module itself`);
    assert.match(
      html,
      /<script id="forecourt-paint-first" defer src="\/assets\/paint-first-[^"]+\.js" data-entry="[^"]*\/assets\/index-[^"]+\.js"/,
      `${path}: the boot script names the entry`,
    );
    await page.goto(url);
    await page.locator('footer').first().waitFor();
    const t = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource');
      const hero = document.querySelector('link[rel="preload"][as="image"]')?.href;
      return {
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        entry: resources.find((r) => /\/assets\/index-[^/]+\.js$/.test(r.name))?.startTime,
        photo: hero ? resources.find((r) => r.name === hero)?.responseEnd : 0,
      };
    });
    assert.ok(t.fcp > 0 && t.entry > 0, `${path}: the page painted and the app loaded (${JSON.stringify(t)})`);
    assert.ok(t.entry >= t.fcp, `${path}: the entry was requested at ${t.entry} ms, before the first paint at ${t.fcp} ms`);
    assert.ok(t.entry >= t.photo, `${path}: the entry was requested at ${t.entry} ms, before the photo was in at ${t.photo} ms`);
  }
});

/** header is where the header and its menu stand, and what the menu says. */
function header(page) {
  return page.evaluate(() => {
    const box = (el) => {
      const r = el?.getBoundingClientRect();
      return r ? [r.x, r.y, r.width, r.height].map(Math.round) : null;
    };
    const nav = document.getElementById('site-nav');
    return {
      header: box(document.querySelector('.site-header')),
      nav: box(nav),
      lastEntry: box(nav?.querySelector(':scope > ul > li:last-child')),
      menu: nav?.innerText.replace(/\s+/g, ' ').trim() ?? null,
    };
  });
}

// Issue 14 "First paint without a round trip": the painted header carries
// the app's menu (spec 001 §2: the site's navigation or Our Stock and its
// car types, dropdowns closed, the Locations control), so at a desktop
// width, where the menu shows inline (and wraps where it is long), and on
// a phone, where it is a closed drawer, the header neither grows nor moves
// when the app replaces the painted markup.
test('the painted header has the app menu: at 1280 px and 375 px the header keeps its height when the app takes over', async () => {
  const noScript = await launch({ width: 1280, height: 900, javaScriptEnabled: false });
  const app = await launch({ width: 1280, height: 900 });
  try {
    for (const tenant of TENANTS) {
      await app.page.goto(tenantURL(tenant, '/'));
      const car = await findCar(app.page, 'sold:false AND price > 0');
      assert.ok(car, `${tenant} has a priced car`);
      for (const path of ['/', `/cars/${car.slug}`]) {
        for (const width of [1280, 375]) {
          for (const b of [noScript, app]) await b.page.setViewportSize({ width, height: 900 });
          await noScript.page.goto(tenantURL(tenant, path));
          const painted = await header(noScript.page);
          assert.ok(painted.header && painted.header[3] > 0, `${tenant} ${path} at ${width} px: the header painted with no script`);
          if (width >= 900) assert.ok(painted.menu, `${tenant} ${path} at ${width} px: the menu painted with no script`);
          await app.page.goto(tenantURL(tenant, path));
          // The app's own footer (its chunk loads after the page): the painted one went with the painted markup.
          await app.page.locator('footer').first().waitFor();
          assert.deepEqual(await header(app.page), painted, `${tenant} ${path} at ${width} px: the app's header stands where the painted one did`);
        }
      }
    }
  } finally {
    await noScript.close();
    await app.close();
  }
});

// Issue 14: a certified car's tag paints the badge the app shows (the
// bundled badge, at the URL the build lists), not an empty box.
test('a certified car page paints the certified badge the app shows', async () => {
  const tenant = 'riverside-toyota';
  const noScript = await launch({ width: 1280, height: 900, javaScriptEnabled: false });
  const app = await launch({ width: 1280, height: 900 });
  try {
    await app.page.goto(tenantURL(tenant, '/'));
    const car = await findCar(
      app.page,
      'certified:true AND car_type:used AND make:Toyota AND sold:false AND reserved:false AND NOT simple_fuel:Hybrid AND NOT simple_fuel:Electric',
    );
    assert.ok(car, `${tenant} has a certified used Toyota in stock`);
    const badge = (page) =>
      page.evaluate(() => {
        const img = document.querySelector('.car-page__tag img');
        return img && { src: img.getAttribute('src'), alt: img.alt, loaded: img.complete && img.naturalWidth > 0 };
      });
    await noScript.page.goto(tenantURL(tenant, `/cars/${car.slug}`));
    await noScript.page.waitForFunction(() => document.querySelector('.car-page__tag img')?.complete);
    const painted = await badge(noScript.page);
    assert.ok(painted?.src, 'the painted tag has an image');
    assert.ok(painted.loaded, `the painted badge ${painted.src} loads`);
    await app.page.goto(tenantURL(tenant, `/cars/${car.slug}`));
    await app.page.locator('footer').first().waitFor();
    assert.deepEqual(await badge(app.page), painted, 'the app shows the badge the HTML painted');
  } finally {
    await noScript.close();
    await app.close();
  }
});

const SHOTS = process.env.FORECOURT_SHOTS_DIR;

// Issue 34: a painted page is whole before any script runs, the site
// footer after main, and that footer stands below the fold (a painted main
// holds the screen), so the shopper never sees it give way to the app's
// longer page, and the footer then moves nothing (no layout shift of it).
test('painted pages carry the site footer below the fold, and the footer shifts nothing when the app takes over (home, listing and car at 375 and 1366 px)', async () => {
  for (const width of [375, 1366]) {
    const height = width < 900 ? 812 : 900;
    const noScript = await launch({ width, height, javaScriptEnabled: false });
    const app = await launch({ width, height });
    try {
      await trackLayoutShift(app.page);
      // The layout shifts of the footer (the app's; the painted one is replaced, not moved).
      await app.page.addInitScript(() => {
        window.__footerShift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) {
            if (e.sources.some((s) => s.node?.closest?.('footer'))) window.__footerShift += e.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      for (const tenant of TENANTS) {
        await app.page.goto(tenantURL(tenant, '/'));
        const car = await findCar(app.page, 'sold:false AND price > 0');
        assert.ok(car, `${tenant} has a priced car`);
        for (const [name, path] of [
          ['home', '/'],
          ['listing', '/search/new-used-and-demo-cars/'],
          ['car', `/cars/${car.slug}`],
        ]) {
          await noScript.page.goto(tenantURL(tenant, path));
          const footer = await noScript.page.evaluate(() => {
            const f = document.querySelector('#root[data-paint] main ~ footer.site-footer');
            return (
              f && { top: f.getBoundingClientRect().top, legal: f.querySelector('.site-footer__legal')?.textContent, links: f.querySelectorAll('a').length }
            );
          });
          assert.ok(footer, `${tenant} ${path} at ${width} px: the footer is painted after main`);
          assert.ok(footer.links > 0, `${tenant} ${path} at ${width} px: the painted footer has its links`);
          assert.match(footer.legal ?? '', new RegExp(`^© ${new Date().getFullYear()} `), `${tenant} ${path}: this year's copyright`);
          assert.ok(footer.top >= height, `${tenant} ${path} at ${width} px: the painted footer starts at ${footer.top}, in view`);
          if (SHOTS) {
            mkdirSync(SHOTS, { recursive: true });
            await noScript.page.screenshot({ path: `${SHOTS}/${name}-${tenant}-${width}-painted.png`, fullPage: true });
          }
          await app.page.goto(tenantURL(tenant, path));
          await app.page.locator('footer').first().waitFor();
          await layoutShiftWhenSettled(app.page);
          const shift = await app.page.evaluate(() => window.__footerShift);
          assert.equal(shift, 0, `${tenant} ${path} at ${width} px: the footer shifted (${shift})`);
        }
      }
    } finally {
      await noScript.close();
      await app.close();
    }
  }
});
