// Issue 34: the server paints the offers page with its cards
// (functions/seo/templates/OffersPage.tmpl, OfferCard.tmpl). Its golden
// page and the input it was painted from are in functions/httpapi/testdata;
// here the app's OffersPage renders the same offers on the same site from
// the inlined answer, and the painted part must be its first render: the
// same elements, classes, text and the attributes that size, link and name
// them. A change to OfferCard or OffersPage needs the same change in the
// templates (and the golden files updated: go test ./functions/httpapi -run
// TestOfferPaintGolden -update).
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import painted from '../../../../../functions/httpapi/testdata/offers-painted.html?raw';
import input from '../../../../../functions/httpapi/testdata/offers-painted.json';
import { SiteProvider } from '../../../lib/siteContext';
import { domShape, paintedSiteResponse } from '../../../test/domShape';
import { INLINED_OFFERS_ID } from '../api/getOffers';
import OffersPage from './OffersPage';

const shape = domShape(
  ['href', 'src', 'alt', 'width', 'height', 'role', 'type', 'aria-label', 'aria-hidden', 'aria-pressed', 'aria-expanded'],
  ['id', 'aria-controls'],
);

describe('the painted offers page is the app’s OffersPage with its OfferCards (issue 34)', () => {
  const doc = new DOMParser().parseFromString(painted, 'text/html');
  const page = doc.querySelector('#root[data-paint="offers"] .offers-page');
  afterEach(() => {
    document.getElementById(INLINED_OFFERS_ID)?.remove();
    vi.unstubAllGlobals();
  });
  it('paints a card per offer', () => {
    expect(page?.querySelectorAll('.offer-card').length).toBe(input.offers.length);
  });
  it('is OffersPage’s first render of the inlined offers, without a request', () => {
    const fetch = vi.fn(() => new Promise(() => {}));
    vi.stubGlobal('fetch', fetch);
    const script = Object.assign(document.createElement('script'), {
      id: INLINED_OFFERS_ID,
      type: 'application/json',
      textContent: JSON.stringify({ offers: input.offers }),
    });
    document.body.append(script);
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <SiteProvider value={paintedSiteResponse(input.site)}>
          <OffersPage enquiry={() => null} />
        </SiteProvider>
      </MemoryRouter>,
    );
    const app = new DOMParser().parseFromString(html, 'text/html').querySelector('.offers-page') as Element;
    expect(shape(app)).toEqual(shape(page as Element));
    expect(fetch).not.toHaveBeenCalled();
  });
});
