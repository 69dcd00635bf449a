import { render } from '@testing-library/react';
import type { SearchClient } from 'instantsearch.js';
import { BrowserRouter, Route, Routes, useParams } from 'react-router';
import { SearchPage } from '../components/SearchPage';
import { SiteProvider } from '../../../lib/siteContext';
import type { Car } from '../../../lib/types';
import type { ConfiguredSiteResponse } from '../../../lib/siteConfig';
import { fakeSearchClient } from '../../../test/fakeSearchClient';
import { siteResponse, stock } from '../../../test/fixtures';

function CarStub() {
  const { slug } = useParams();
  return <h1>Car page {slug}</h1>;
}

/**
 * renderListing renders the listing at url with a fake search client over
 * cars, or with the given fake client.
 */
export function renderListing(url: string, opts: { site?: ConfiguredSiteResponse; cars?: Car[]; client?: ReturnType<typeof fakeSearchClient> } = {}) {
  window.history.replaceState(null, '', url);
  const fake = opts.client ?? fakeSearchClient(opts.cars ?? stock(50));
  const client = fake as unknown as SearchClient;
  const site = opts.site ?? siteResponse();
  const view = render(
    <BrowserRouter>
      <SiteProvider value={site}>
        <Routes>
          <Route path="/search/*" element={<SearchPage searchClient={client} />} />
          <Route path="/cars" element={<SearchPage searchClient={client} />} />
          <Route path="/cars/:slug" element={<CarStub />} />
        </Routes>
      </SiteProvider>
    </BrowserRouter>,
  );
  return { ...view, client: fake };
}
