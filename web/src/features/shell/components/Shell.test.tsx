import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SiteProvider } from '../../../lib/siteContext';
import type { ConfiguredSiteResponse } from '../../../lib/siteConfig';
import type { FacetClient } from '../../../lib/search/useFacetCounts';
import type { Car, NavItem } from '../../../lib/types';
import { fakeSearchClient } from '../../../test/fakeSearchClient';
import { siteResponse, stock } from '../../../test/fixtures';
import { Footer } from './Footer';
import { Header, IMAGE_NOT_FOUND } from './Header';

const MENU: NavItem[] = [
  { label: 'Home', path: '/' },
  { label: 'Offers', path: '/special-offers' },
  {
    label: 'Service',
    path: '/service',
    children: [
      { label: 'Vehicle Service', path: '/service' },
      { label: 'Warranty', path: '/warranty' },
    ],
  },
];

function renderShell(site: ConfiguredSiteResponse, menu: NavItem[] = MENU, client?: FacetClient) {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <SiteProvider value={site}>
        <Header menu={menu} searchClient={client} />
        <Routes>
          <Route path="*" element={<p>page</p>} />
        </Routes>
        <Footer />
      </SiteProvider>
    </MemoryRouter>,
  );
}

describe('header (spec 001 §2 "Header and footer")', () => {
  it('opens a dropdown on click, marks the group open, and closes it with Escape (focus back) or an outside click', async () => {
    const user = userEvent.setup();
    renderShell(siteResponse());
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const service = within(nav).getByRole('button', { name: 'Service' });
    expect(service).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Warranty' })).toBeNull();

    await user.click(service);
    expect(service).toHaveAttribute('aria-expanded', 'true');
    expect(service.closest('li')).toHaveClass('nav-group--open');
    expect(within(nav).getByRole('link', { name: 'Warranty' })).toHaveAttribute('href', '/warranty');

    await user.keyboard('{Escape}');
    expect(service).toHaveAttribute('aria-expanded', 'false');
    expect(service).toHaveFocus();

    await user.click(service);
    fireEvent.pointerDown(document.body);
    expect(service).toHaveAttribute('aria-expanded', 'false');
  });

  it('ArrowDown opens the group and focuses its first entry; choosing one navigates and closes it', async () => {
    const user = userEvent.setup();
    renderShell(siteResponse());
    const service = screen.getByRole('button', { name: 'Service' });
    await user.tab(); // the logo
    await user.tab(); // Menu (the phone drawer's button: jsdom applies no CSS)
    await user.tab(); // Home
    await user.tab(); // Offers
    await user.tab();
    expect(service).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(service).toHaveAttribute('aria-expanded', 'true');
    const first = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Vehicle Service' });
    await waitFor(() => expect(first).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(service).toHaveAttribute('aria-expanded', 'false'));
  });

  it('opens on hover only where the site says so', async () => {
    const user = userEvent.setup();
    const { unmount } = renderShell(siteResponse());
    await user.hover(screen.getByRole('button', { name: 'Service' }));
    expect(screen.getByRole('button', { name: 'Service' })).toHaveAttribute('aria-expanded', 'false');
    unmount();
    renderShell(siteResponse({ header: { hover_menus: true } }));
    const service = screen.getByRole('button', { name: 'Service' });
    await user.hover(service);
    expect(service).toHaveAttribute('aria-expanded', 'true');
    await user.unhover(service.closest('li') as HTMLElement);
    expect(service).toHaveAttribute('aria-expanded', 'false');
  });

  it('lists the manufacturer’s models in stock in the Vehicles dropdown, asked when it opens', async () => {
    const user = userEvent.setup();
    const cars = stock(30).map((c) => ({ ...c, make: 'Toyota' }) as Car);
    const client = fakeSearchClient(cars) as unknown as FacetClient & { search: { mock: { calls: unknown[] } } };
    const menu: NavItem[] = [{ label: 'Vehicles', path: '', models: true, children: [{ label: 'Demo Cars', path: '/search/demo-cars' }] }];
    renderShell(siteResponse({ manufacturer: { name: 'Toyota' } }), menu, client);
    expect(client.search.mock.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Vehicles' }));
    const models = [...new Set(cars.map((c) => c.model))].sort((a, b) => a.localeCompare(b));
    const first = await screen.findByRole('link', { name: `Toyota ${models[0]}` });
    expect(first).toHaveAttribute('href', `/search/Toyota/${encodeURIComponent(models[0])}`);
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Demo Cars' })).toBeInTheDocument();
  });

  // Spec 001 §2 "/cars/ Our Stock, with a dynamic dropdown of stock" (issue
  // 33): where the menu entry says stock, Our Stock opens the makes in the
  // site's stock (asked when it opens), each linking its listing, then All stock.
  it('opens Our Stock as a dropdown of the makes in stock where the entry says stock', async () => {
    const user = userEvent.setup();
    const cars = stock(30);
    const client = fakeSearchClient(cars) as unknown as FacetClient & { search: { mock: { calls: unknown[] } } };
    const menu: NavItem[] = [{ label: 'Our Stock', path: '/cars/', stock: true, children: [{ label: 'All stock', path: '/cars/' }] }];
    renderShell(siteResponse(), menu, client);
    expect(client.search.mock.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Our Stock' }));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'All stock' })).toHaveAttribute('href', '/cars/');
    const makes = [...new Set(cars.map((c) => c.make))].sort((a, b) => a.localeCompare(b));
    const first = await within(nav).findByRole('link', { name: makes[0] });
    expect(first).toHaveAttribute('href', `/search/${encodeURIComponent(makes[0])}`);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(expect.arrayContaining(makes));
  });

  it('shows the Locations dropdown the server sorted, with tel: or /contact links, or a link to /dealerships', async () => {
    const user = userEvent.setup();
    const site = {
      ...siteResponse(),
      header_locations: [
        { name: 'Riverside Toyota Sales', phone: '07 3000 0001', href: 'tel:0730000001', label: 'Call Riverside Toyota Sales on 07 3000 0001' },
        { name: 'Riverside Toyota Service', href: '/contact', label: 'Riverside Toyota Service: contact us' },
        // Issue 33: the server's last line leads to every location's hours and reviews.
        { name: 'All locations', href: '/dealerships', label: 'All locations, hours and reviews' },
      ],
    };
    const { unmount } = renderShell(site);
    await user.click(screen.getByRole('button', { name: 'Locations' }));
    const items = within(screen.getByRole('button', { name: 'Locations' }).closest('li') as HTMLElement).getAllByRole('link');
    expect(items.map((a) => a.getAttribute('href'))).toEqual(['tel:0730000001', '/contact', '/dealerships']);
    expect(items[0]).toHaveTextContent('Riverside Toyota Sales07 3000 0001');
    expect(items.map((a) => a.getAttribute('aria-label'))).toEqual(site.header_locations.map((l) => l.label));
    unmount();

    const { unmount: u2 } = renderShell({ ...siteResponse({ header: { locations_link: true } }), header_locations: site.header_locations });
    expect(screen.getByRole('link', { name: 'Locations' })).toHaveAttribute('href', '/dealerships');
    u2();
    renderShell(siteResponse());
    expect(screen.queryByRole('button', { name: 'Locations' })).toBeNull();
  });

  it('replaces a logo that fails to load with the image-not-found image (spec 001 §8)', () => {
    renderShell(siteResponse());
    const img = screen.getByRole('link', { name: 'Riverside Toyota home' }).querySelector('img') as HTMLImageElement;
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(IMAGE_NOT_FOUND);
  });

  it('has a Menu button for the phone drawer that Escape closes', async () => {
    const user = userEvent.setup();
    renderShell(siteResponse());
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveClass('site-nav--open');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('footer (spec 001 §2 "Footer groups")', () => {
  it('shows Vehicles, Buyer Tools, Servicing and Parts, the dealer’s group with the terms, social links and the payment strip', () => {
    renderShell(siteResponse({ facebook_url: 'https://facebook.com/riverside' }));
    const footer = screen.getByRole('contentinfo');
    for (const h of ['Vehicles', 'Buyer Tools', 'Servicing and Parts', 'Riverside Toyota']) {
      expect(within(footer).getByRole('heading', { name: h })).toBeInTheDocument();
    }
    const buyer = within(footer).getByRole('heading', { name: 'Buyer Tools' }).parentElement as HTMLElement;
    expect(
      within(buyer)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['New Cars', 'Demo Cars', 'Used Cars', 'Current Offers', 'Finance Enquiry', 'Trade-In']);
    expect(within(footer).getByRole('link', { name: 'Terms And Conditions' })).toHaveAttribute('href', '/terms-and-conditions/');
    expect(within(footer).getByRole('link', { name: /Facebook/ })).toHaveAttribute('href', 'https://facebook.com/riverside');
    const strip = within(footer).getByRole('list', { name: 'We accept:' });
    expect(
      within(strip)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay']);
  });

  it('hides the payment strip when the site lists none', () => {
    renderShell(siteResponse({ footer: { payment_methods: ['none'] } }));
    expect(screen.queryByText('We accept:')).toBeNull();
  });
});
