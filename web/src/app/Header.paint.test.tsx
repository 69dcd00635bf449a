// Issue 34 "One source of markup, verified": the server paints the site
// header (functions/seo/templates/Header.tmpl) on every painted page. Go
// painted each case of its fixture (functions/seo/testdata/parts: the
// demo tenants' headers, one with a logo, phone and Locations dropdown,
// ones with dropdown menus of links, models and stock or a Locations
// link, and a site with no logo or navigation of its own); here the app's
// Header renders the same site at the same path, and the painted header
// must be its first render: the same elements, classes, text and the
// attributes that link, name and size them. A change to Header (or its
// Dropdown, ModelsMenu, LocationsMenu, MenuLink) needs the same change in
// the template, then go test ./functions/seo -run TestPartsPaintGolden -update.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { navigationOf } from './navigation';
import { SiteProvider } from '../lib/siteContext';
import { domShape } from '../test/domShape';
import { paintedPage, partsFixture, partsSite } from '../test/paintedParts';
import { Header } from '../features/shell/components/Header';

const ATTRIBUTES = [
  'href',
  'src',
  'alt',
  'width',
  'height',
  'type',
  'role',
  'tabindex',
  'hidden',
  'aria-label',
  'aria-expanded',
  'aria-current',
  'aria-hidden',
  'aria-haspopup',
];
// Attributes that hold ids: React's useId differs from the template's, so only their presence counts.
const ID_ATTRIBUTES = ['id', 'aria-controls'];

const shape = domShape(ATTRIBUTES, ID_ATTRIBUTES);

describe('the painted header is the app’s Header (issue 34)', () => {
  it('covers a logo with a phone, dropdown menus and a site with neither', () => {
    const headers = partsFixture.cases.map((c) => paintedPage(c).querySelector('.site-header'));
    expect(headers.every(Boolean)).toBe(true);
    expect(headers.some((h) => h?.querySelector('.brand__logo') && h.querySelector('.site-header__phone'))).toBe(true);
    expect(headers.some((h) => h?.querySelector('.nav-group:not(.nav-locations)'))).toBe(true);
    expect(headers.some((h) => !h?.querySelector('.brand__logo'))).toBe(true);
  });
  it.each(partsFixture.cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const site = partsSite(c);
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={[c.path]}>
        <SiteProvider value={site}>
          <Header menu={navigationOf(site.site)} />
        </SiteProvider>
      </MemoryRouter>,
    );
    const app = new DOMParser().parseFromString(html, 'text/html').querySelector('.site-header') as Element;
    expect(shape(app)).toEqual(shape(paintedPage(c).querySelector('.site-header') as Element));
  });
});
