// Issue 34 "One source of markup, verified": the server paints
// /dealerships with its heading, each dealership's card (its stock count
// from the site's stats) and the nearest-dealership finder
// (functions/seo/templates/DealershipsPage.tmpl); the finder's heading was
// the page's LCP, drawn by the app. Go painted a group with counts (one of
// one car, one uncounted) and a site whose stats count no dealership into
// functions/seo/testdata/parts/dealerships-*.html; here the app's
// /dealerships route (DealershipsRoute: the page with the finder and locations) renders the same site and stats, and the painted parts
// must be its first render. A change to DealershipList or NearestDealership
// needs the same change in the template, then go test ./functions/seo -run
// TestPartsPaintGolden -update.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DealershipsRoute } from './LocationRoutes';
import { SiteProvider } from '../lib/siteContext';
import { domShape } from '../test/domShape';
import { expectPaintedParts, paintedPage, partsFixture, partsSite } from '../test/paintedParts';

const shape = domShape(
  ['href', 'type', 'role', 'name', 'value', 'inputmode', 'autocomplete', 'required', 'aria-invalid', 'aria-live', 'aria-hidden'],
  // React's useId differs from the template's ids: only their presence counts.
  ['id', 'for', 'aria-labelledby'],
);
const PARTS = ['.directory > h1', '.directory > ul.dealerships', '.directory > section.nearest'];

const cases = partsFixture.cases.filter((c) => c.name.startsWith('dealerships-'));

describe('the painted dealerships page is the app’s DealershipsPage with its finder (issue 34)', () => {
  it('covers counted and uncounted dealerships', () => {
    const counts = cases.map((c) => paintedPage(c).querySelectorAll('.dealership-card__count').length);
    expect(counts.some((n) => n > 0)).toBe(true);
    expect(counts.some((n) => n === 0)).toBe(true);
  });
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={[c.path]}>
        <SiteProvider value={partsSite(c)}>
          <DealershipsRoute />
        </SiteProvider>
      </MemoryRouter>,
    );
    const app = new DOMParser().parseFromString(html, 'text/html');
    const painted = paintedPage(c);
    expectPaintedParts(app, painted, PARTS, shape, c.name);
  });
});
