import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { SiteProvider } from '../lib/siteContext';
import type { SiteResponse } from '../lib/types';
import { siteResponse } from './fixtures';

export function renderWithSite(ui: ReactNode, site: SiteResponse = siteResponse(), path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SiteProvider value={site}>{ui}</SiteProvider>
    </MemoryRouter>,
  );
}
