// Issue 34 "One source of markup, verified": the server paints a
// dealership's own search, /dealerships/{slug}/cars, from its first
// search's answer (functions/seo/templates/DealershipSearchPage.tmpl with
// CarCard.tmpl; the answer is inlined for the app). Go painted a Coastal
// dealership with four cars into functions/seo/testdata/parts/
// dealership-cars-coastal-motor-group.html; here the app's
// DealershipSearchPage renders the same cars from the inlined answer, and
// the painted heading, link, search box, filters' heading, first three
// cards (with the heart and compare toggle the app provides) and fine print must be its first render, with no search sent. A
// change to DealershipSearchPage needs the same change in the template,
// then go test ./functions/seo -run TestPartsPaintGolden -update.
import { cleanup, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { getServerState } from 'react-instantsearch';
import type { SearchClient } from 'instantsearch.js';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INLINED_SEARCH_ID } from '../lib/search/SiteInstantSearch';
import { SiteProvider } from '../lib/siteContext';
import { domShape } from '../test/domShape';
import { fakeSearchClient } from '../test/fakeSearchClient';
import { paintedPage, partsFixture, partsSite } from '../test/paintedParts';
import DealershipSearchPage from '../features/dealerships/components/DealershipSearchPage';
import { CardActionsProvider } from '../components/search/cardActions';
import { cardActions } from './cardActions';

const shape = domShape(
  [
    'href',
    'src',
    'srcset',
    'sizes',
    'alt',
    'width',
    'height',
    'loading',
    'fetchpriority',
    'decoding',
    'type',
    'role',
    'placeholder',
    'autocomplete',
    'enterkeyhint',
    'value',
    'aria-label',
    'aria-live',
    'aria-busy',
    'aria-pressed',
    'aria-hidden',
    'aria-haspopup',
    'aria-expanded',
    'tabindex',
  ],
  // React's useId differs from the template's ids: only their presence counts.
  ['id', 'for'],
);
const PARTS = ['.listing__heading', '.listing__scope', '.listing__toolbar', '.filters > h2', '.results-fine-print'];

const c = partsFixture.cases.find((k) => k.name.startsWith('dealership-cars-'))!;
const path = c.path;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.getElementById(INLINED_SEARCH_ID)?.remove();
  window.history.replaceState(null, '', '/');
});

function page(client: unknown) {
  return (
    <BrowserRouter>
      <SiteProvider value={partsSite(c)}>
        {/* The cards' heart and compare toggle, as SiteGate provides them. */}
        <CardActionsProvider value={cardActions}>
          <Routes>
            <Route path="/dealerships/:slug/cars" element={<DealershipSearchPage searchClient={client as SearchClient} />} />
          </Routes>
        </CardActionsProvider>
      </SiteProvider>
    </BrowserRouter>
  );
}

describe('the painted dealership search is the app’s DealershipSearchPage (issue 34)', () => {
  it('is the first render of the inlined answer, without a search', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(partsFixture.now));
    window.history.replaceState(null, '', path);
    // The answer the page inlines: InstantSearch's own state and the engine's answer for the fixture's cars.
    const cars = c.hits ?? [];
    const { initialResults } = await getServerState(page(fakeSearchClient(cars)), { renderToString });
    document.body.append(
      Object.assign(document.createElement('script'), {
        id: INLINED_SEARCH_ID,
        type: 'application/json',
        textContent: JSON.stringify({ path, initialResults }),
      }),
    );
    const client = fakeSearchClient(cars);
    const { container } = render(page(client));
    const painted = paintedPage(c);
    for (const part of PARTS) {
      const want = painted.querySelector(`.listing--dealership ${part}`);
      expect(want, `${part} painted`).not.toBeNull();
      expect(shape(container.querySelector(`.listing--dealership ${part}`) as Element), part).toEqual(shape(want as Element));
    }
    const paintedCards = [...painted.querySelectorAll('.listing--dealership li.results__item')];
    expect(paintedCards).toHaveLength(3);
    const appCards = [...container.querySelectorAll('.listing--dealership li.results__item')].slice(0, 3);
    expect(appCards.map(shape)).toEqual(paintedCards.map(shape));
    expect(client.search).not.toHaveBeenCalled();
  });
});
