// Issue 34 "One source of markup, verified": the server paints a car
// page's part above the fold (functions/seo/templates/CarDetail.tmpl: the
// breadcrumb, the head with its tag, title, badge line, certified badge,
// price, was price, below-market badge and weekly link, a sold car's
// notice; Gallery.tmpl: the first photo or the empty gallery). Go painted
// each car of its fixture (functions/seo/testdata/parts: a car with photos
// and every part of the head, one without photos, a sold car, a certified
// car) with the server's view of it; here the app's CarDetail renders the
// same car and view on the same site, and each painted part must be its
// first render. A change to CarDetail's head or Gallery needs the same
// change in the templates, then go test ./functions/seo -run TestPartsPaintGolden -update.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import certifiedUsed from '../../../components/search/assets/certified-used.svg?no-inline';
import { SiteProvider } from '../../../lib/siteContext';
import type { Car, CarView } from '../../../lib/types';
import { domShape } from '../../../test/domShape';
import { paintedPage, partsFixture, partsSite } from '../../../test/paintedParts';
import { CarDetail } from './CarPage';

const ATTRIBUTES = [
  'href',
  'src',
  'srcset',
  'sizes',
  'alt',
  'width',
  'height',
  'loading',
  'fetchpriority',
  'type',
  'role',
  'tabindex',
  'aria-label',
  'aria-roledescription',
  'aria-live',
  'aria-current',
  'aria-expanded',
  'aria-hidden',
  'aria-haspopup',
];

const shape = domShape(ATTRIBUTES);

// The painted parts, in page order: what the app shows first of the page.
const PARTS = ['.car-page > nav.breadcrumb', '.car-page__head', '.car-page > .sold-notice', '.car-page__main > :first-child'];

const cars = partsFixture.cases.filter((c) => c.car && c.view);

/** parts lists each painted part's shape, [] for a part the page lacks. */
function parts(root: ParentNode): string[][] {
  return PARTS.map((sel) => {
    const el = root.querySelector(sel);
    return el ? shape(el) : [];
  });
}

describe('the painted car head and gallery are the app’s CarDetail and Gallery (issue 34)', () => {
  it('covers a car with photos, one without, a sold car and a certified car', () => {
    const pages = cars.map((c) => paintedPage(c));
    expect(pages.some((p) => p.querySelectorAll('.gallery__thumbs img').length > 1)).toBe(true);
    expect(pages.some((p) => p.querySelector('.gallery--empty'))).toBe(true);
    expect(pages.some((p) => p.querySelector('.sold-notice'))).toBe(true);
    expect(pages.some((p) => p.querySelector('.car-page__certified') && p.querySelector('.tag--certified img'))).toBe(true);
    expect(pages.some((p) => p.querySelector('.car-page__price s') && p.querySelector('.car-page__weekly') && p.querySelector('.car-page__badge'))).toBe(true);
  });
  it.each(cars.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={[c.path]}>
        <SiteProvider value={partsSite(c)}>
          <CarDetail car={c.car as Car} view={c.view as CarView} now={new Date(partsFixture.now)} />
        </SiteProvider>
      </MemoryRouter>,
    );
    const app = new DOMParser().parseFromString(html, 'text/html');
    // The bundled badge's URL is the build's: the fixture names it.
    for (const img of app.querySelectorAll(`img[src="${certifiedUsed}"]`)) img.setAttribute('src', partsFixture.bundled_badge);
    const painted = paintedPage(c);
    // The painted article holds those parts and nothing else.
    expect(painted.querySelector('.car-page__main')?.children.length).toBe(1);
    expect(parts(app)).toEqual(parts(painted));
  });
});
