// Issue 33 (spec 001 §2 "Location blocks", "/locations/{slug}: /contact when a
// manufacturer site is configured"): /contact shows the dealership's
// locations with their hours and reviews beside the general enquiry, picked
// by the site's locations_block.contact_filter (spec 001 §2's filters).
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocationView } from '../lib/types';
import { fixture, siteResponse } from '../test/fixtures';
import { renderWithSite } from '../test/renderWithSite';
import ContactRoute from './ContactRoute';

vi.mock('../components/forms/loadAltcha', () => ({ loadAltcha: () => Promise.resolve() }));
afterEach(() => vi.unstubAllGlobals());

const place = fixture<LocationView>({
  id: 'loc-1',
  name: 'Riverside Toyota Sales',
  slug: 'riverside-toyota-sales',
  location_type: 'sales',
  dealership_slug: 'riverside-toyota',
  address: { street: '1 River Road', city: 'Brisbane', state: 'QLD', postcode: '4000' },
  contact_detail: { phone: '0491 570 131' },
  hours: [{ days: 'Mon-Fri', text: '8:00am - 5:30pm', closed: false }],
  holiday_hours: [],
  review_summary: { count: 24, average_rating: 4.6, stars: [1, 1, 1, 1, 0.6], text: 'Based on 24 reviews' },
  directions_url: 'https://maps.example/?q=1+River+Road',
  contact_path: '/contact-us/riverside-toyota',
  view_path: '/contact',
  default_tab: 'sales',
});

function renderContact(filter: { type: string; manufacturer?: string; subtype?: string }, at = '/contact') {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/locations')) asked.push(url);
      const body = url.startsWith('/api/locations') ? { locations: [place, { ...place, id: 'loc-2', name: 'Riverside Toyota Service' }], grid_columns: 2 } : {};
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const base = siteResponse({ leads: { captcha: false } } as never);
  const site = {
    ...base,
    site: {
      ...base.site,
      locations_block: {
        layout: 'grid',
        show_contact: true,
        email_us: false,
        book_service: false,
        map_zoom: 10,
        view_location: 'contact',
        contact_filter: filter,
      },
    },
  };
  renderWithSite(
    <Routes>
      <Route path={at} element={<ContactRoute />} />
    </Routes>,
    site as never,
    at,
  );
  return asked;
}

describe('/contact locations (issue 33)', { timeout: 20000 }, () => {
  it('shows every location with its hours and reviews under Our Locations', async () => {
    const asked = renderContact({ type: 'all' });
    const block = await screen.findByRole('region', { name: 'Our Locations' });
    const card = within(block).getByRole('article', { name: 'Riverside Toyota Sales' });
    expect(card).toHaveTextContent('8:00am - 5:30pm');
    expect(card).toHaveTextContent('24 reviews');
    expect(within(block).getByRole('article', { name: 'Riverside Toyota Service' })).toBeInTheDocument();
    expect(asked).toEqual(['/api/locations?type=all']);
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    // View Location leads to /contact on this site: on /contact itself it would lead nowhere.
    expect(within(block).queryByRole('link', { name: /View Location/ })).toBeNull();
  });

  // Review: /contact-us is the same page (the page table's canonical path), so no View Location there either.
  it('shows no View Location on /contact-us, the same page as /contact', async () => {
    renderContact({ type: 'all' }, '/contact-us');
    const block = await screen.findByRole('region', { name: 'Our Locations' });
    expect(within(block).getByRole('article', { name: 'Riverside Toyota Sales' })).toBeInTheDocument();
    expect(within(block).queryByRole('link', { name: /View Location/ })).toBeNull();
  });

  it('asks for the locations the site’s contact filter picks', async () => {
    const asked = renderContact({ type: 'service-and-parts', manufacturer: 'Toyota' });
    await screen.findByRole('region', { name: 'Our Locations' });
    expect(asked).toEqual(['/api/locations?type=service-and-parts&manufacturer=Toyota']);
  });
});
