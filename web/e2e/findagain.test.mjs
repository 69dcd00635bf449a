// Issue 33 on every demo tenant, at 375 px (touch) and 1366 px, as a shopper
// finds things again:
// - hearted cars: a local save shows the watchlist's toast, and the header's
//   Favourites link (with its count) and the footer lead to them; a site with
//   accounts links its watchlist from the footer (spec 000 §2's path);
// - locations: the header's Locations control, the footer's Our Locations
//   and /contact lead to the locations with their hours and reviews; on a
//   manufacturer's site View Location goes to /contact, which shows them;
// - the car page's #vehicle-map where vdp_config.show_map_section is on.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findCar, horizontalOverflow, launch, TENANTS, tenantURL } from './browser.mjs';

const SHOTS = process.env.FORECOURT_E2E_SHOTS;
const VIEWPORTS = [
  { name: '375', width: 375, height: 740, mobile: true },
  { name: '1366', width: 1366, height: 900, mobile: false },
];

async function shot(page, name, fullPage = false) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

for (const vp of VIEWPORTS) {
  for (const slug of TENANTS) {
    test(`at ${vp.name} px on ${slug}: saved cars, locations and the car's map are found and followed`, async () => {
      const b = await launch(vp);
      const press = (locator) => (vp.mobile ? locator.tap() : locator.click());
      try {
        const { page, errors } = b;
        await page.goto(tenantURL(slug, '/'));
        const config = await page.evaluate(() => fetch('/api/site').then((r) => r.json()));
        const { features, texts, vdp_config: vdp } = config.site;
        const header = page.getByRole('banner');
        const footer = page.getByRole('contentinfo');
        const locationsTitle = texts.locations_title;

        // Locations from the header.
        if (vp.mobile) await press(header.getByRole('button', { name: 'Menu' }));
        const asLink = header.getByRole('link', { name: 'Locations', exact: true });
        if (await asLink.count()) {
          await press(asLink);
        } else {
          await press(header.getByRole('button', { name: 'Locations' }));
          await press(header.getByRole('link', { name: 'All locations, hours and reviews' }));
        }
        await page.waitForURL((u) => u.pathname === '/dealerships');
        const cards = page.locator('article.location-card');
        await cards.first().waitFor();
        await page.locator('table.hours').first().waitFor();
        await page
          .getByText(/^\d+ reviews$/)
          .first()
          .waitFor();
        await shot(page, `${slug}-dealerships-${vp.name}`);

        // View Location: the location's page, or /contact on a manufacturer's site.
        const view = cards.first().getByRole('link', { name: /^View Location/ });
        const viewHref = await view.getAttribute('href');
        if (config.site.locations_block.view_location === 'contact') assert.equal(viewHref, '/contact');
        else assert.match(viewHref, /^\/locations\//);
        if (viewHref === '/contact') {
          await press(view);
          await page.waitForURL((u) => u.pathname === '/contact');
          await page.getByRole('region', { name: locationsTitle }).or(page.locator('#locations section.locations')).first().waitFor();
        }

        // Locations from the footer, then /contact shows them.
        await page.goto(tenantURL(slug, '/'));
        const footerLink = footer.getByRole('link', { name: locationsTitle, exact: true });
        await footerLink.scrollIntoViewIfNeeded();
        await press(footerLink);
        await page.waitForURL((u) => u.pathname === '/dealerships');
        await cards.first().waitFor();
        await page.goto(tenantURL(slug, '/contact'));
        const block = page.locator('#locations .locations');
        await block.waitFor();
        assert.ok((await block.locator('article.location-card').count()) > 0, '/contact shows location cards');
        await block.locator('table.hours').first().waitFor();
        assert.equal(await horizontalOverflow(page), 0, `/contact fits ${vp.name} px`);
        await block.scrollIntoViewIfNeeded();
        await shot(page, `${slug}-contact-locations-${vp.name}`);

        // The car page: the map section, and the heart.
        const car = await findCar(page, 'sold:false AND status:in_stock AND reserved:false');
        assert.ok(car, `${slug} has a car on sale`);
        await page.goto(tenantURL(slug, `/cars/${car.slug}`));
        await page.getByRole('heading', { level: 1 }).waitFor();
        const map = page.locator('#vehicle-map');
        if (vdp.show_map_section) {
          await map.getByRole('heading', { name: 'Where to find this car' }).waitFor();
          assert.ok((await map.getByRole('link', { name: /Get Directions/ }).getAttribute('href'))?.startsWith('https://'), 'Get Directions links a map');
          await map.scrollIntoViewIfNeeded();
          await shot(page, `${slug}-car-map-${vp.name}`);
        } else {
          await page
            .getByRole('heading', { name: 'Similar cars' })
            .or(page.getByRole('button', { name: 'Save this car' }))
            .first()
            .waitFor();
          assert.equal(await map.count(), 0, 'no map section where the site turns it off');
        }

        if (features.garage) {
          // Accounts: the footer links the watchlist at the site's path.
          assert.equal(await footer.getByRole('link', { name: 'Watchlist', exact: true }).getAttribute('href'), features.watchlist_path);
        } else {
          // Local favourites: the heart's toast, the header's count, the page.
          const save = page.getByRole('button', { name: 'Save this car', exact: true });
          await save.scrollIntoViewIfNeeded();
          await press(save);
          await page.getByRole('status').getByText('Car Saved In Watchlist').waitFor();
          await shot(page, `${slug}-local-save-toast-${vp.name}`);
          const link = header.getByRole('link', { name: 'Favourites: 1' });
          await link.waitFor();
          await page.evaluate(() => window.scrollTo(0, 0));
          await shot(page, `${slug}-header-favourites-${vp.name}`);
          await press(link);
          await page.waitForURL((u) => u.pathname === features.favourites_path);
          await page.getByRole('heading', { level: 1, name: 'Your favourites' }).waitFor();
          await page.getByRole('button', { name: new RegExp(`^Remove .*${car.model}.* from your favourites$`) }).waitFor();
          const footerFav = footer.getByRole('link', { name: 'Favourites', exact: true });
          assert.equal(await footerFav.getAttribute('href'), features.favourites_path);
          await shot(page, `${slug}-favourites-${vp.name}`);
        }
        assert.deepEqual(errors, [], 'no page errors');
      } finally {
        await b.close();
      }
    });
  }
}
