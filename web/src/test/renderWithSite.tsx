import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { SiteProvider } from '../lib/siteContext';
import type { ConfiguredSiteResponse } from '../lib/siteConfig';
import { siteResponse } from './fixtures';

export function renderWithSite(ui: ReactNode, site: ConfiguredSiteResponse = siteResponse(), path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SiteProvider value={site}>{ui}</SiteProvider>
    </MemoryRouter>,
  );
}
