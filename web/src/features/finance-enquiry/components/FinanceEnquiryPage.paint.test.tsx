// Issue 34 "One source of markup, verified": the server paints /finance
// with its header and the finance calculator (functions/seo/templates/
// PageHead.tmpl, FinanceCalculator.tmpl), the page's largest text, so its
// LCP is the first HTML's. Go painted each demo tenant's (and a site with
// the defaults) into functions/seo/testdata/parts/finance-*.html; here the
// app's FinanceEnquiryPage renders the same site at /finance, and the
// painted header and calculator must be its first render: the same
// elements, classes, text, field values, the selected term and the apply
// link. A change to FinanceCalculator needs the same change in the
// template, then go test ./functions/seo -run TestPartsPaintGolden -update.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteProvider } from '../../../lib/siteContext';
import { domShape } from '../../../test/domShape';
import { expectPaintedParts, paintedPage, partsFixture, partsSite } from '../../../test/paintedParts';
import FinanceEnquiryPage from './FinanceEnquiryPage';

const shape = domShape(
  ['href', 'type', 'role', 'name', 'value', 'inputmode', 'autocomplete', 'selected', 'aria-label', 'aria-live', 'aria-hidden'],
  // React's useId differs from the template's ids: only their presence counts.
  ['id', 'for', 'aria-labelledby'],
);
const PARTS = ['.finance-enquiry > header', '.finance-enquiry > .calculator'];

const cases = partsFixture.cases.filter((c) => c.name.startsWith('finance-'));

describe('the painted finance page is the app’s FinanceEnquiryPage with its calculator (issue 34)', () => {
  it('covers the three demo tenants and a site with the defaults', () => {
    expect(cases.map((c) => c.site).sort()).toEqual(['coastal-motor-group', 'northside-used', 'plain-motors', 'riverside-toyota']);
  });
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={[c.path]}>
        <SiteProvider value={partsSite(c)}>
          <FinanceEnquiryPage />
        </SiteProvider>
      </MemoryRouter>,
    );
    const app = new DOMParser().parseFromString(html, 'text/html');
    const painted = paintedPage(c);
    expectPaintedParts(app, painted, PARTS, shape, c.name);
    // The fine print is the site's, not empty.
    expect(painted.querySelector('.calculator__fine')?.textContent?.trim()).toBeTruthy();
  });
});
