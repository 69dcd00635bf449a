import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Car } from '../../lib/types';
import { fixture, siteResponse } from '../../test/fixtures';
import { renderWithSite } from '../../test/renderWithSite';
import { CardActionsProvider } from './cardActions';
import { CarCard } from './CarCard';
import certifiedUsed from './assets/certified-used.svg?no-inline';

const now = new Date('2026-03-02T00:00:00Z');
const car = (extra: Partial<Car> = {}): Car =>
  fixture<Car>({
    id: 'c1',
    slug: '2021-toyota-corolla-c1',
    year: 2021,
    make: 'Toyota',
    model: 'Corolla',
    badge: 'Ascent Sport',
    series: 'MZEA12R',
    car_type: 'used',
    status: 'in_stock',
    price: 24990,
    price_type: 'Drive Away',
    km: 45210,
    simple_body: 'Hatch',
    simple_transmission: 'Automatic',
    stocknum: 'RT1234',
    primary_image_url: '/media/demo/cars/c1.svg',
    created_at: '2025-01-01T00:00:00Z',
    ...extra,
  });

describe('car card (spec 000 §2, spec 001 §5)', () => {
  it('shows title, badge and series, default chips, price and links the image to the car', () => {
    renderWithSite(<CarCard car={car()} now={now} />);
    const card = screen.getByRole('article', { name: '2021 Toyota Corolla' });
    expect(card).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2021 Toyota Corolla' })).toHaveAttribute('href', '/cars/2021-toyota-corolla-c1');
    expect(card.querySelector('.car-card__image-link')).toHaveAttribute('href', '/cars/2021-toyota-corolla-c1');
    expect(screen.getByText('Ascent Sport · MZEA12R')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Used', 'Hatch', '45,210 km', 'Automatic', 'Stock #RT1234']);
    expect(screen.getByText('$24,990')).toBeInTheDocument();
    expect(screen.getByText('Drive Away')).toBeInTheDocument();
  });

  it('offers a /media photo at every served width, 3:2, lazy below the fold (issue 14 "Images")', () => {
    renderWithSite(<CarCard car={car({ primary_image_url: '/media/cars/c1/1.jpg' })} now={now} />);
    const img = screen.getByRole('article', { name: '2021 Toyota Corolla' }).querySelector('img');
    expect(img).toHaveAttribute('srcset', expect.stringContaining('/media/cars/c1/1.jpg?w=640&f=webp 640w'));
    expect(img).toHaveAttribute('sizes');
    expect(img).toHaveAttribute('width', '480');
    expect(img).toHaveAttribute('height', '320');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('uses the site’s chips and extended title', () => {
    const site = siteResponse({ card: { chips: ['car_type', 'km'], extended_title: true } });
    renderWithSite(<CarCard car={car({ colour: 'White', variant: { geartype: '6 Speed' } })} now={now} />, site);
    expect(screen.getByRole('article', { name: '2021 Toyota Corolla White 6 Speed Automatic' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Used', '45,210 km']);
  });

  it('shows the no-price text, PREORDER, the was-price and the below-market badge', () => {
    const { unmount } = renderWithSite(<CarCard car={car({ price: 0 })} now={now} />);
    expect(screen.getByText('Enquire for price.')).toBeInTheDocument();
    unmount();
    renderWithSite(<CarCard car={{ ...car({ price: 20000, before_price: 23990 }), below_market_sites: ['riverside-toyota'] }} now={now} />);
    expect(screen.getByLabelText('Was $23,990')).toBeInTheDocument();
    expect(screen.getByText('Below market')).toBeInTheDocument();
  });

  it('issue 17 clarification: the below-market badge is the one Go decided for this site, never judged from market figures', () => {
    const market = { state_average_market_price: 30000, average_market_price: 30000 };
    const { unmount } = renderWithSite(<CarCard car={{ ...car({ price: 20000, autograb_data: market }), below_market_sites: [] }} now={now} />);
    expect(screen.queryByText('Below market')).not.toBeInTheDocument();
    unmount();
    renderWithSite(<CarCard car={{ ...car({ price: 20000 }), below_market_sites: ['another-site'] }} now={now} />);
    expect(screen.queryByText('Below market')).not.toBeInTheDocument();
  });

  it('offers Reserve Now with the deposit only for a reservable car on a site with reserving on (issue 13, spec 001 §2)', () => {
    const site = siteResponse({ features: { reserve: true, reserve_path: 'checkout' }, reserve: { deposit: 200, hold_hours: 48 } });
    const { unmount } = renderWithSite(<CarCard car={car()} now={now} />, site);
    expect(screen.getByRole('link', { name: 'Reserve Now $200: 2021 Toyota Corolla, refundable deposit' })).toHaveAttribute(
      'href',
      '/cars/2021-toyota-corolla-c1/checkout',
    );
    expect(screen.getByText('Reserve Now $200')).toBeInTheDocument();
    unmount();
    const held = renderWithSite(<CarCard car={car({ reserved: true })} now={now} />, site);
    expect(screen.getByText('RESERVED')).toBeInTheDocument();
    expect(screen.queryByText(/Reserve Now/)).not.toBeInTheDocument();
    held.unmount();
    renderWithSite(<CarCard car={car()} now={now} />, siteResponse({ features: { reserve: false } }));
    expect(screen.queryByText(/Reserve Now/)).not.toBeInTheDocument();
  });

  it('shows the tag banner by priority (spec 000 §4)', () => {
    renderWithSite(<CarCard car={car({ reserved: true, tag: 'Low kms' })} now={now} />);
    expect(screen.getByText('RESERVED')).toBeInTheDocument();
    expect(screen.queryByText('Low kms')).not.toBeInTheDocument();
  });

  it('issue 17 clarification: the same index record is New two days after it was indexed and not nine days after, with no new feed', () => {
    // The index ships only the timestamp (created_at_timestamp); the card judges it when viewed.
    const indexedAt = Date.parse('2026-03-01T00:00:00Z');
    const record = car({ created_at: '', created_at_timestamp: indexedAt / 1000 } as Partial<Car>);
    const day = 24 * 60 * 60 * 1000;
    const { unmount } = renderWithSite(<CarCard car={record} now={new Date(indexedAt + 2 * day)} />);
    expect(screen.getByText('New')).toBeInTheDocument();
    unmount();
    renderWithSite(<CarCard car={record} now={new Date(indexedAt + 9 * day)} />);
    expect(screen.getByRole('article', { name: '2021 Toyota Corolla' })).toBeInTheDocument();
    expect(screen.queryByText('New')).not.toBeInTheDocument();
  });

  it('spec 000 §4 tag priority 3: a certified used car shows the programme badge image, the configured one when set', () => {
    const site = siteResponse({ features: { ...siteResponse().site.features, certified_programme: 'Toyota' } });
    const { unmount } = renderWithSite(<CarCard car={car({ certified: true })} now={now} />, site);
    const badge = screen.getByRole('img', { name: 'Toyota Certified Pre-Owned' });
    expect(badge.getAttribute('src')).toBe(certifiedUsed);
    unmount();
    const own = siteResponse({ features: { ...siteResponse().site.features, certified_programme: 'Toyota', certified_badge_image: '/media/toyota-cpo.png' } });
    renderWithSite(<CarCard car={car({ certified: true })} now={now} />, own);
    expect(screen.getByRole('img', { name: 'Toyota Certified Pre-Owned' })).toHaveAttribute('src', '/media/toyota-cpo.png');
  });

  it('shows a sold car with JUST SOLD, Find Me Something Similar and no save button', () => {
    const { unmount } = renderWithSite(<CarCard car={{ ...car({ sold: true, status: 'sold' }), similar_path: '/search/Toyota/Corolla' }} now={now} />);
    expect(screen.getByText('JUST SOLD')).toBeInTheDocument();
    // The listing Go decided for the record (issue 17; the car page's rule, similar_cars_path.json).
    expect(screen.getByRole('link', { name: 'Find Me Something Similar' })).toHaveAttribute('href', '/search/Toyota/Corolla');
    unmount();
    // A record indexed before similar_path existed links the whole listing until reindexed.
    renderWithSite(<CarCard car={car({ sold: true, status: 'sold' })} now={now} />);
    expect(screen.getByRole('link', { name: 'Find Me Something Similar' })).toHaveAttribute('href', '/search/new-used-and-demo-cars/');
    expect(screen.queryByRole('link', { name: /View details/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
  });

  it('shows the New Arrival panel for a placeholder image', () => {
    renderWithSite(<CarCard car={car({ primary_image_url: '/media/demo/placeholder.svg' })} now={now} />);
    expect(screen.getByText('New Arrival')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  // Issue 36: the heart and Compare are the features' (app/cardActions.tsx); the card shows what it is given.
  it('shows the heart and the Compare toggle the app provides, and neither without', async () => {
    const user = userEvent.setup();
    const toggled: string[] = [];
    const actions = {
      useSave: (c: Car, name: string) => ({ visible: true, saved: false, toggle: () => toggled.push(`${c.id} ${name}`) }),
      compare: ({ id, title }: { id: string; title: string }) => <span data-testid="compare">{`${id} ${title}`}</span>,
    };
    const { unmount } = renderWithSite(
      <CardActionsProvider value={actions}>
        <CarCard car={car()} now={now} />
      </CardActionsProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Save 2021 Toyota Corolla' }));
    expect(toggled).toEqual(['c1 2021 Toyota Corolla']);
    expect(screen.getByTestId('compare')).toHaveTextContent('c1 2021 Toyota Corolla');
    unmount();
    renderWithSite(<CarCard car={car()} now={now} />);
    expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('compare')).not.toBeInTheDocument();
  });
});

describe('Request Photos on the New Arrival panel (spec 000 §2)', () => {
  const placeholder = (extra: Partial<Car> = {}) => car({ primary_image_url: '/media/demo/placeholder.svg', dealership_slug: 'riverside-toyota', ...extra });
  const withRequestPhotos = (ui: ReactNode) => (
    <CardActionsProvider
      value={{
        requestPhotos: ({ title, onClose }) => (
          <div role="dialog" aria-label={`Request photos: ${title}`}>
            <button type="button" onClick={onClose}>
              Close
            </button>
          </div>
        ),
      }}
    >
      {ui}
    </CardActionsProvider>
  );

  it('opens the Request Photos form the app provides for the car, and closes it', async () => {
    const user = userEvent.setup();
    renderWithSite(withRequestPhotos(<CarCard car={placeholder()} now={now} />));
    const open = screen.getByRole('button', { name: 'Request photos of 2021 Toyota Corolla' });
    expect(open).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Request photos: 2021 Toyota Corolla' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows no Request Photos on a car with photos, on a sold car, or when no form is provided', () => {
    renderWithSite(withRequestPhotos(<CarCard car={car({ id: 'c2' })} now={now} />));
    renderWithSite(withRequestPhotos(<CarCard car={placeholder({ id: 'c3', status: 'sold', sold: true })} now={now} />));
    renderWithSite(<CarCard car={placeholder({ id: 'c4' })} now={now} />);
    expect(screen.getAllByText('New Arrival')).toHaveLength(2);
    expect(screen.queryAllByRole('button', { name: /Request photos/ })).toHaveLength(0);
  });
});

describe('phone reveal on cards (spec 000 §4, spec 001 §8)', () => {
  const phones = { phones: { used: '07 3000 0002' }, features: { phone_links: true } };

  it('masks the site’s number for the car until clicked, then shows a tel: link', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(async () => new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithSite(<CarCard car={car({ dealership_id: 'd1' })} now={now} />, siteResponse(phones));
    expect(screen.queryByText('07 3000 0002')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show number 07 30XX XXXX' }));
    expect(screen.getByRole('link', { name: 'Call the dealer: 07 3000 0002' })).toHaveAttribute('href', 'tel:0730000002');
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toMatchObject({ event_id: 25, car_id: 'c1' });
    vi.unstubAllGlobals();
  });

  it('shows no Call where the site turns phone links off, nor on a sold car', () => {
    const { unmount } = renderWithSite(<CarCard car={car()} now={now} />, siteResponse({ ...phones, features: { phone_links: false } }));
    expect(screen.queryByRole('button', { name: /^Show number/ })).not.toBeInTheDocument();
    unmount();
    renderWithSite(<CarCard car={car({ sold: true, status: 'sold' })} now={now} />, siteResponse(phones));
    expect(screen.queryByRole('button', { name: /^Show number/ })).not.toBeInTheDocument();
  });

  it('spec 001 §8 "No phone available for a car": no Call, a console warning once, no message to the shopper', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const noPhones = siteResponse({ features: { phone_links: true } });
    renderWithSite(<CarCard car={car({ id: 'no-phone-card' })} now={now} />, noPhones);
    expect(screen.queryByRole('button', { name: /^Show number/ })).not.toBeInTheDocument();
    // The same car shown again (another render of the card) does not warn again.
    renderWithSite(<CarCard car={car({ id: 'no-phone-card' })} now={now} />, noPhones);
    expect(warn.mock.calls.filter((c) => c[0] === 'No phone available for car no-phone-card')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    warn.mockRestore();
  });
});

describe('finance estimate on cards (spec 001 §1, §2, §5; the twin of the car page’s block)', () => {
  const lenders = { Manual: { comparisonRate: 8.1234, interestRate: 7.456, paymentWeek: 123.49, termMonths: 60 } };
  const site = (weeklyOnCard: boolean) =>
    siteResponse({
      finance: { provider: 'Manual', weekly_on_card: weeklyOnCard },
      dealerships: [{ id: 'd1', slug: 'riverside-toyota', name: 'Riverside Toyota' }],
    });

  it('shows the weekly figure of the site’s provider, and hides it for a Suzuki', () => {
    const { unmount } = renderWithSite(<CarCard car={car({ finance_lenders: lenders, dealership_slug: 'riverside-toyota' })} now={now} />, site(false));
    expect(screen.getByText('$123').closest('p')).toHaveTextContent('$123 per week*');
    // The rate popup is one brand's (finance.weekly_on_card).
    expect(screen.queryByRole('button', { name: /About the finance rate/ })).not.toBeInTheDocument();
    unmount();
    renderWithSite(<CarCard car={car({ make: 'Suzuki', finance_lenders: lenders, dealership_slug: 'riverside-toyota' })} now={now} />, site(false));
    expect(screen.queryByText(/per week/)).not.toBeInTheDocument();
  });

  it('with weekly_on_card, a popup holds the rate and the terms link (spec 001 §2)', async () => {
    const user = userEvent.setup();
    renderWithSite(<CarCard car={car({ finance_lenders: lenders, dealership_slug: 'riverside-toyota' })} now={now} />, site(true));
    await user.click(screen.getByRole('button', { name: 'About the finance rate for 2021 Toyota Corolla' }));
    const popup = screen.getByRole('dialog', { name: 'Finance rate' });
    expect(within(popup).getByText('Interest rate 7.46% p.a.')).toBeInTheDocument();
    expect(within(popup).getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/terms-and-conditions');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
