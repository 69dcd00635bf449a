// Issue 18, a search budget per page: with the site's stats shipped in
// GET /api/site, the home page shows its stock counts without asking the
// search index, and the budget finder asks only how many cars fit.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { SiteProvider } from '../../../lib/siteContext';
import type { ConfiguredSiteResponse } from '../../../lib/siteConfig';
import { fakeSearchClient } from '../../../test/fakeSearchClient';
import { siteResponse, stock } from '../../../test/fixtures';
import { BudgetFinder } from './BudgetFinder';
import { HomeBrowse } from './HomeBrowse';

function withStats(): ConfiguredSiteResponse {
  return {
    ...siteResponse(),
    stats: {
      computed_at: '2026-03-02T09:00:00Z',
      nb_hits: 7,
      facets: {
        make: { Toyota: 4, Kia: 3 },
        simple_body: { SUV: 5, Ute: 2 },
        price_range: { '$10,000 - $20,000': 6, '$20,000 - $30,000': 1 },
        dealership_name: {},
        car_type: { used: 7 },
      },
      min_price: { '': 12990, used: 12990 },
    },
  };
}

function renderHome(site: ConfiguredSiteResponse) {
  const client = fakeSearchClient(stock(50));
  render(
    <MemoryRouter initialEntries={['/']}>
      <SiteProvider value={site}>
        <HomeBrowse searchClient={client as never} />
        <BudgetFinder searchClient={client as never} />
      </SiteProvider>
    </MemoryRouter>,
  );
  return client;
}

type Call = { requests: Array<{ filters?: string; facets?: string[] }> };

describe('home page search budget (issue 18)', () => {
  it('shows the shipped make, body and price counts with no facet search on mount', async () => {
    const client = renderHome(withStats());
    const makes = screen.getByRole('region', { name: 'Shop by make' });
    expect(within(makes).getByRole('link', { name: 'Toyota 4 cars' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Shop by body type' }))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['SUV 5 cars', 'Ute 2 cars']);
    const make = screen.getByRole('combobox', { name: 'Make' });
    expect(within(make).getAllByRole('option', { name: 'Toyota (4)' }).length).toBeGreaterThan(0);
    // Only the budget finder's count goes out, once, with one query: the
    // cheapest price came with the site.
    await screen.findByRole('button', { name: /^Show \d+ Cars$/ });
    expect(client.search).toHaveBeenCalledTimes(1);
    const [call] = client.search.mock.calls[0] as unknown as [Call];
    expect(call.requests).toHaveLength(1);
    expect(call.requests[0].facets).toBeUndefined();
    expect(call.requests[0].filters).toBe('price > 1000 AND price >= 5000 AND price <= 38000');
  });

  it('disables the budget button from the shipped cheapest price', async () => {
    const user = userEvent.setup();
    const site = withStats();
    site.stats!.min_price = { '': 60000, used: 60000 };
    renderHome(site);
    const repayment = screen.getByLabelText('Monthly repayment ($)');
    await user.clear(repayment);
    await user.type(repayment, '100');
    await waitFor(() => expect(screen.getByRole('button', { name: '0 Cars Found' })).toBeDisabled());
  });

  it('asks the index for the counts when the site has no stats yet', async () => {
    const client = renderHome(siteResponse());
    await screen.findByRole('link', { name: 'Toyota 20 cars' });
    const calls = client.search.mock.calls.map((c) => c[0] as unknown as Call);
    expect(calls.some((c) => c.requests.some((r) => r.facets?.includes('make')))).toBe(true);
  });
});
