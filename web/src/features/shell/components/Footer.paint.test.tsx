// Issue 34 "One source of markup, verified": the server paints the site
// footer after main on every painted page (functions/seo/templates/Footer.tmpl),
// so a painted page is whole. Go painted each case of its fixture
// (functions/seo/testdata/parts: the demo tenants' footers, with their
// own or the default lists, address, social links and payment strip, and
// a site with the defaults only); here the app's Footer renders the same
// site at the same time, and the painted footer must be its render. A
// change to Footer needs the same change in the template, then
// go test ./functions/seo -run TestPartsPaintGolden -update.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteProvider } from '../../../lib/siteContext';
import { domShape } from '../../../test/domShape';
import { paintedPage, partsFixture, partsSite } from '../../../test/paintedParts';
import { Footer } from './Footer';

const ATTRIBUTES = ['href', 'rel', 'target', 'aria-label', 'aria-hidden', 'role'];
// Attributes that hold ids: only their presence counts.
const ID_ATTRIBUTES = ['id', 'aria-labelledby'];

const shape = domShape(ATTRIBUTES, ID_ATTRIBUTES);

describe('the painted footer is the app’s Footer (issue 34)', () => {
  // The copyright line's year is the painted page's.
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date(partsFixture.now), toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  it('covers an address, social links and the payment strip', () => {
    const footers = partsFixture.cases.map((c) => paintedPage(c).querySelector('.site-footer'));
    expect(footers.every(Boolean)).toBe(true);
    expect(footers.some((f) => f?.querySelector('address') && f.querySelector('.site-footer__social') && f.querySelector('.site-footer__payments'))).toBe(true);
  });
  it.each(partsFixture.cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={[c.path]}>
        <SiteProvider value={partsSite(c)}>
          <Footer />
        </SiteProvider>
      </MemoryRouter>,
    );
    const app = new DOMParser().parseFromString(html, 'text/html').querySelector('.site-footer') as Element;
    expect(shape(app)).toEqual(shape(paintedPage(c).querySelector('.site-footer') as Element));
  });
});
