// Issue 34: the server paints a location page's part above the fold
// (functions/seo/templates/LocationPage.tmpl). Its golden page and the
// input it was painted from are in functions/httpapi/testdata; here the
// app's LocationPage renders the same data on the same site, and the
// painted part must be its first render: the same elements, classes, text
// and the attributes that size, link and name them. A change to
// LocationPage needs the same change in the template (and the golden files
// updated: go test ./functions/httpapi -run TestLocationPaintGolden -update).
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import painted from '../../../../../functions/httpapi/testdata/location-painted.html?raw';
import input from '../../../../../functions/httpapi/testdata/location-painted.json';
import { SiteProvider } from '../../../lib/siteContext';
import type { LocationResponse } from '../../../lib/types';
import LocationPage from './LocationPage';
import { domShape, paintedSiteResponse } from '../../../test/domShape';

const ATTRIBUTES = [
  'href',
  'src',
  'alt',
  'width',
  'height',
  'style',
  'role',
  'type',
  'target',
  'rel',
  'scope',
  'tabindex',
  'aria-label',
  'aria-hidden',
  'aria-selected',
  'viewBox',
  'focusable',
  'd',
  'fill',
  'cx',
  'cy',
  'r',
];
// Attributes that hold ids: React's useId differs from the template's, so only their presence counts.
const ID_ATTRIBUTES = ['id', 'aria-controls', 'aria-labelledby'];

const shape = domShape(ATTRIBUTES, ID_ATTRIBUTES);

const site = paintedSiteResponse(input.site);

describe('the painted location page is the app’s LocationPage (issue 34)', () => {
  const page = new DOMParser().parseFromString(painted, 'text/html').querySelector('#root[data-paint="location"] .location-page');
  it('paints the heading, map and address, and hours', () => {
    expect(page?.children.length).toBe(3);
  });
  it('is LocationPage’s first render of the same data', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <SiteProvider value={site}>
          <LocationPage slug={input.slug} page={input.page as unknown as LocationResponse} emailUs={() => null} />
        </SiteProvider>
      </MemoryRouter>,
    );
    const app = new DOMParser().parseFromString(html, 'text/html').querySelector('.location-page') as Element;
    const paintedParts = [...(page as Element).children].flatMap(shape);
    expect([...app.children].slice(0, 3).flatMap(shape)).toEqual(paintedParts);
    vi.unstubAllGlobals();
  });
});
