// /teams/{location slug} (spec 001 §2 "Team page", issue 33): the location's
// team where the tenant lists one, the location page otherwise.
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SiteProvider } from '../../../lib/siteContext';
import type { LocationResponse, LocationView, TeamMember } from '../../../lib/types';
import { fixture, siteResponse } from '../../../test/fixtures';
import TeamPage from './TeamPage';

afterEach(() => vi.unstubAllGlobals());

const location = (team?: TeamMember[]): LocationView =>
  fixture<LocationView>({
    id: 'loc-1',
    name: 'Riverside Toyota - Sales',
    slug: 'riverside-toyota-sales',
    location_type: 'sales',
    dealership_slug: 'riverside-toyota',
    address: { street: '88 Church Street', city: 'Parramatta', state: 'NSW', postcode: '2150' },
    contact_detail: { phone: '0491 570 121' },
    hours: [],
    holiday_hours: [],
    directions_url: 'https://maps.example/?q=88+Church+Street',
    contact_path: '/contact-us/riverside-toyota-sales',
    view_path: '/locations/riverside-toyota-sales',
    default_tab: 'sales',
    team,
  });

function open(team?: TeamMember[]) {
  const body: LocationResponse = { location: location(team), departments: [location(team)], reviews: [], reviews_shown: 10 };
  const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <MemoryRouter initialEntries={['/teams/riverside-toyota-sales']}>
      <SiteProvider value={siteResponse({ locations_block: { layout: 'grid', map_zoom: 10 } as never })}>
        <Routes>
          <Route path="/teams/:slug" element={<TeamPage />} />
        </Routes>
      </SiteProvider>
    </MemoryRouter>,
  );
  return fetchMock;
}

describe('team page', () => {
  it('lists each member with name, role and photo (initials without one), and links the location', async () => {
    const fetchMock = open([
      { name: 'Priya Raman', role: 'Dealer Principal', photo: { url: '/media/team/priya.jpg' } },
      { name: 'Tom Fletcher', role: 'Sales Manager' },
    ]);
    const list = await screen.findByRole('list', { name: 'Riverside Toyota - Sales team' });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/locations/riverside-toyota-sales');
    expect(screen.getByRole('heading', { level: 1, name: 'Meet the Riverside Toyota - Sales team' })).toBeInTheDocument();
    const members = within(list).getAllByRole('listitem');
    expect(members.map((m) => within(m).getByRole('heading', { level: 2 }).textContent)).toEqual(['Priya Raman', 'Tom Fletcher']);
    expect(within(members[0]).getByText('Dealer Principal')).toBeInTheDocument();
    expect(within(members[0]).getByRole('img', { name: 'Priya Raman' })).toHaveAttribute('src', '/media/team/priya.jpg');
    expect(within(members[1]).getByText('TF')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visit Riverside Toyota - Sales' })).toHaveAttribute('href', '/locations/riverside-toyota-sales');
  });

  it('shows the location page where the tenant lists no team', async () => {
    open(undefined);
    expect((await screen.findAllByText(/88 Church Street/)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('list', { name: 'Riverside Toyota - Sales team' })).toBeNull();
  });

  // Issue 34: after in-app navigation (no inlined data) the team page
  // fetched the location, then the location page it shows fetched it again.
  it('fetches the location once where the tenant lists no team', async () => {
    const fetchMock = open(undefined);
    expect((await screen.findAllByText(/88 Church Street/)).length).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.filter((c) => c[0] === '/api/locations/riverside-toyota-sales')).toHaveLength(1);
  });
});
