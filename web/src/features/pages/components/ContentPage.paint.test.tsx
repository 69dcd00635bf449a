// Issue 34: the server paints a content page (functions/seo/templates/
// ContentPage.tmpl) from the page it inlines. Its golden page and input are
// in functions/httpapi/testdata; here the app's ContentPage renders the same
// inlined page, and the painted part must be its first render, with no
// request. A change to ContentPage needs the same change in the template
// (go test ./functions/httpapi -run TestContentPaintGolden -update).
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import painted from '../../../../../functions/httpapi/testdata/content-painted.html?raw';
import input from '../../../../../functions/httpapi/testdata/content-painted.json';
import { SiteProvider } from '../../../lib/siteContext';
import { domShape, paintedSiteResponse } from '../../../test/domShape';
import { INLINED_PAGE_ID } from '../api/getPage';
import ContentPage from './ContentPage';

const shape = domShape(['href', 'role', 'aria-label']);

describe('the painted content page is the app’s ContentPage (issue 34)', () => {
  afterEach(() => {
    document.getElementById(INLINED_PAGE_ID)?.remove();
    vi.unstubAllGlobals();
  });
  it('is ContentPage’s first render of the inlined page, without a request', () => {
    const page = new DOMParser().parseFromString(painted, 'text/html').querySelector('#root[data-paint="content"] .content-page') as Element;
    const fetch = vi.fn(() => new Promise(() => {}));
    vi.stubGlobal('fetch', fetch);
    document.body.append(
      Object.assign(document.createElement('script'), { id: INLINED_PAGE_ID, type: 'application/json', textContent: JSON.stringify(input.data) }),
    );
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={[input.data.path]}>
        <SiteProvider value={paintedSiteResponse(input.site)}>
          <ContentPage />
        </SiteProvider>
      </MemoryRouter>,
    );
    const app = new DOMParser().parseFromString(html, 'text/html').querySelector('.content-page') as Element;
    expect(app).not.toBeNull();
    expect(shape(app)).toEqual(shape(page));
    expect(fetch).not.toHaveBeenCalled();
  });
});
