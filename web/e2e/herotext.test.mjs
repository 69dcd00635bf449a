// Issue 32: at 1366 px a home slide's title and text stay clear of the cars
// in the slide's artwork (the demo dealers' hero scenes, functions/demo
// hero.go): "We deliver anywhere in Australia" ran into the first car. The
// cars' boxes are read from the artwork itself and placed as the slider
// shows it (object-fit: cover).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { launch, tenantURL, TENANTS } from './browser.mjs';

/** carBoxes are the artwork's cars (<g transform="translate(x y) scale(s)">, a silhouette spans x 40-444 of its frame) as page boxes. */
async function carBoxes(page, img) {
  const src = await img.getAttribute('src');
  const svg = await page.evaluate(async (u) => (await fetch(u)).text(), src);
  const [, w, h] = svg.match(/viewBox="0 0 (\d+) (\d+)"/).map(Number);
  const road = 470; // hero.go heroRoadY: where the tyres meet the road
  const frame = await img.boundingBox();
  const k = Math.max(frame.width / w, frame.height / h); // object-fit: cover
  const dx = frame.x + (frame.width - w * k) / 2;
  const dy = frame.y + (frame.height - h * k) / 2;
  return [...svg.matchAll(/<g transform="translate\(([-\d.]+) ([-\d.]+)\) scale\(([\d.]+)\)">/g)].map(([, x, y, s]) => ({
    left: dx + (Number(x) + 40 * Number(s)) * k,
    right: dx + (Number(x) + 444 * Number(s)) * k,
    top: dy + Number(y) * k,
    bottom: dy + road * k,
  }));
}

/** textBoxes are the boxes of the lines of text in the slide's title and body. */
function textBoxes(slide) {
  return slide.evaluate((el) =>
    [...el.querySelectorAll('.slide__title, .slide__body')].flatMap((t) => {
      const r = document.createRange();
      r.selectNodeContents(t);
      return [...r.getClientRects()]
        .filter((x) => x.width > 0)
        .map((x) => ({ text: t.textContent, left: x.left, right: x.right, top: x.top, bottom: x.bottom }));
    }),
  );
}

const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

test("1366 px: each home slide's title and text stay clear of the cars in its artwork", async () => {
  const b = await launch({ width: 1366, height: 900 });
  try {
    const { page } = b;
    for (const slug of TENANTS) {
      await page.goto(tenantURL(slug, '/'));
      const slides = page.locator('.slide');
      await slides.first().waitFor();
      await page.getByRole('button', { name: 'Pause slides' }).click();
      const n = await slides.count();
      let checked = 0;
      for (let i = 0; i < n; i++) {
        if (n > 1) await page.getByRole('button', { name: new RegExp(`^Slide ${i + 1}: `) }).click();
        const slide = slides.nth(i);
        await slide.waitFor();
        const img = slide.locator('img.slide__image');
        if ((await img.count()) === 0) continue;
        const cars = await carBoxes(page, img);
        const lines = await textBoxes(slide);
        assert.ok(lines.length > 0, `${slug} slide ${i + 1}: has text`);
        for (const car of cars) {
          for (const line of lines) {
            assert.ok(
              !meets(line, car),
              `${slug} slide ${i + 1}: "${line.text}" (${Math.round(line.left)}-${Math.round(line.right)} x ${Math.round(line.top)}-${Math.round(line.bottom)}) meets a car (${Math.round(car.left)}-${Math.round(car.right)} x ${Math.round(car.top)}-${Math.round(car.bottom)})`,
            );
          }
        }
        checked += cars.length;
      }
      assert.ok(checked > 0, `${slug}: its slides draw cars`);
    }
  } finally {
    await b.close();
  }
});
