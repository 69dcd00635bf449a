// Issue 32 item 8 "the demo looks like placeholders": on a phone, Coastal's
// first screens of the listing were "Photos coming soon" panels (the
// default order put the newest cars first, and they had no photos yet), and
// the car artwork was cropped at bonnet and tail (a 2:1 drawing in a 3:2
// frame under object-fit: cover). The default order lists cars with photos
// first (search.photos_first), and the card and the gallery show the whole
// drawing: the part of the frame they show contains the drawing's safe
// area (demo.SafeArea: x 26.7-453.3, y 25-295 of 480 x 320).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cards, launch, tenantURL, waitForResults } from './browser.mjs';

const SAFE = { width: (453.3 - 26.7) / 480, height: (295 - 25) / 320 };

/** shown is the fraction of an image's width and height its box shows, by its object-fit. */
function shown(locator) {
  return locator.evaluate((img) => {
    const fit = getComputedStyle(img).objectFit;
    const box = img.clientWidth / img.clientHeight;
    const natural = img.naturalWidth / img.naturalHeight;
    if (fit !== 'cover') return { width: 1, height: 1, fit };
    return { width: Math.min(1, box / natural), height: Math.min(1, natural / box), fit };
  });
}

test("issue 32 item 8: Coastal's first screen at 375 px shows photographed cars, each drawing whole", async () => {
  const phone = await launch({ width: 375, height: 812, mobile: true });
  try {
    const { page, errors } = phone;
    await page.goto(tenantURL('coastal-motor-group', '/cars/'));
    await waitForResults(page);
    // The whole default order, as the listing pages through it: every car
    // on sale with a photo comes before every car with a placeholder.
    const order = await page.evaluate(async () => {
      const { search } = await (await fetch('/api/site')).json();
      const url = `${search.host}/1/indexes/${search.index}/query?x-algolia-application-id=${search.appId}&x-algolia-api-key=${encodeURIComponent(search.apiKey)}`;
      const params = new URLSearchParams({ filters: 'available:true', hitsPerPage: '1000', attributesToRetrieve: 'primary_image_url,created_at_timestamp' });
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ params: params.toString() }) });
      const placeholder = /(placeholder|coming[-_ ]?soon|no[-_ ]?image|default[-_ ]?image)/i;
      return (await res.json()).hits.map((h) => ({ photo: !placeholder.test(h.primary_image_url ?? ''), at: h.created_at_timestamp }));
    });
    const firstPlaceholder = order.findIndex((h) => !h.photo);
    assert.ok(firstPlaceholder > 0, 'Coastal has cars on sale with and without photos');
    assert.ok(
      order.slice(firstPlaceholder).every((h) => !h.photo),
      `every photographed car comes first; a placeholder at ${firstPlaceholder + 1} of ${order.length}, photographed cars after it`,
    );
    assert.ok(
      order.slice(0, firstPlaceholder).every((h, i, a) => i === 0 || a[i - 1].at >= h.at),
      'newest first among the photographed cars',
    );
    // The first eight cards: the first screens a shopper scrolls through.
    const first = cards(page);
    assert.ok((await first.count()) >= 8, 'a page of cars');
    for (let i = 0; i < 8; i++) {
      const card = first.nth(i);
      assert.equal(await card.getByText('Photos coming soon').count(), 0, `card ${i + 1} has photos`);
      const img = card.locator('img').first();
      await img.scrollIntoViewIfNeeded();
      await img.evaluate((el) => el.decode());
      const part = await shown(img);
      assert.ok(part.width >= SAFE.width && part.height >= SAFE.height, `card ${i + 1} shows the whole drawing: ${JSON.stringify(part)}`);
    }
    // The car page's gallery, likewise.
    const href = await first.first().getByRole('link').first().getAttribute('href');
    await page.goto(tenantURL('coastal-motor-group', href));
    const photo = page.locator('.gallery__stage img');
    await photo.evaluate((el) => el.decode());
    const part = await shown(photo);
    assert.ok(part.width >= SAFE.width && part.height >= SAFE.height, `the gallery shows the whole drawing: ${JSON.stringify(part)}`);
    assert.deepEqual(errors, [], 'no page errors');
  } finally {
    await phone.close();
  }
});
