import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Car, CarAction, CarView, FinanceEstimate } from '../../../lib/types';
import { fixture, siteResponse } from '../../../test/fixtures';
import { renderWithSite } from '../../../test/renderWithSite';
import CarPage from './CarPage';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const car: Car = fixture<Car>({
  id: 'c9',
  slug: '2020-mazda-cx-5-c9',
  year: 2020,
  make: 'Mazda',
  model: 'CX-5',
  badge: 'Maxx Sport',
  car_type: 'used',
  status: 'in_stock',
  price: 31990,
  km: 60500,
  colour: 'Soul Red',
  stocknum: 'N77',
  rego_expiry: '2020-01-01',
  images: [{ url: '/media/a.svg' }, { url: '/media/b.svg' }, { url: '/media/c.svg' }],
  primary_image_url: '/media/a.svg',
  standardEquipment: Array.from({ length: 10 }, (_, i) => `Feature ${i + 1}`),
});

/** viewOf is the server's view of the car (GET /api/cars/{slug} "view"), as shared.ViewCar computes it. */
function viewOf(overrides: Partial<CarView> = {}): CarView {
  return {
    price: { text: '$31,990', has_price: true, was_text: '', below_market: false, price_type: '' },
    tag: { kind: '', text: '' },
    available: true,
    comments: { segments: [], short: [], truncated: false },
    phone: '',
    reservable: true,
    actions: [{ kind: 'enquiry', label: 'Enquire Now' }],
    tabs: [
      { id: 'dealer_comments', title: 'Dealer Comments' },
      { id: 'whats_included', title: 'What’s Included', body: 'A full tank.\n\nTwo keys.' },
      { id: 'features', title: 'Features', items: car.standardEquipment },
    ],
    pdf_path: `/api/cars/${car.slug}/pdf`,
    ...overrides,
  };
}

const findSimilar: CarAction = { kind: 'find_similar', label: 'Find Me Something Similar', href: '/search/Mazda/CX-5' };
const soldView = viewOf({ available: false, tag: { kind: 'sold', text: 'JUST SOLD' }, reservable: false, actions: [findSimilar] });

function renderCar(slug = car.slug, site = siteResponse()) {
  return renderWithSite(
    <Routes>
      <Route path="/cars/:slug" element={<CarPage />} />
    </Routes>,
    site,
    `/cars/${slug}`,
  );
}

describe('car page (spec 000 §2, spec 001 §2)', () => {
  it('spec 001 §8 "No phone available for a car": no Call button, a console warning only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch(200, { car: { ...car, id: 'no-phone-page' }, view: viewOf({ phone: '' }) });
    renderCar();
    await screen.findByRole('heading', { level: 1, name: '2020 Mazda CX-5' });
    expect(screen.queryByRole('button', { name: /^Show number/ })).not.toBeInTheDocument();
    // The warning comes from an effect after the page renders.
    await waitFor(() => expect(warn).toHaveBeenCalledWith('No phone available for car no-phone-page'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    warn.mockRestore();
  });

  it('loads the car by slug and shows title, price, gallery, key details', async () => {
    const fetchMock = stubFetch(200, { car, view: viewOf() });
    renderCar();
    expect(await screen.findByRole('heading', { level: 1, name: '2020 Mazda CX-5' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/cars/2020-mazda-cx-5-c9', expect.anything());
    expect(screen.getByText('$31,990')).toBeInTheDocument();
    const details = screen.getByRole('heading', { name: 'Key information' }).parentElement as HTMLElement;
    expect(within(details).getByText('60,500 km')).toBeInTheDocument();
    expect(within(details).getByText('Soul Red')).toBeInTheDocument();
    expect(within(details).queryByText('Registration expiry')).not.toBeInTheDocument();
    expect(screen.getByText('Dealer comments are pending. Please check back here later.')).toBeInTheDocument();
  });

  it('moves through the gallery with the arrow keys and buttons', async () => {
    const user = userEvent.setup();
    stubFetch(200, { car, view: viewOf() });
    renderCar();
    const gallery = await screen.findByRole('region', { name: 'Photos of 2020 Mazda CX-5' });
    expect(within(gallery).getByRole('img', { name: /photo 1 of 3/ })).toBeInTheDocument();
    gallery.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(gallery).getByRole('img', { name: /photo 2 of 3/ })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(gallery).getByRole('img', { name: /photo 3 of 3/ })).toBeInTheDocument();
    await user.click(within(gallery).getByRole('button', { name: 'Next photo' }));
    expect(within(gallery).getByRole('img', { name: /photo 1 of 3/ })).toBeInTheDocument();
  });

  it('shows the first 8 features and Show All', async () => {
    const user = userEvent.setup();
    stubFetch(200, { car, view: viewOf() });
    renderCar();
    await user.click(await screen.findByRole('tab', { name: 'Features' }));
    const section = screen.getByRole('tabpanel', { name: 'Features' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(8);
    await user.click(within(section).getByRole('button', { name: 'Show All (10)' }));
    expect(within(section).getAllByRole('listitem')).toHaveLength(10);
    expect(within(section).getByRole('button', { name: 'Hide' })).toBeInTheDocument();
  });

  it('shows the sold notice with Find Me Something Similar', async () => {
    stubFetch(200, { car: { ...car, sold: true, status: 'sold' }, view: soldView });
    renderCar();
    expect(await screen.findByText('Unfortunately this vehicle recently sold.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find Me Something Similar' })).toHaveAttribute('href', '/search/Mazda/CX-5');
  });

  it("issue 32 item 15: a sold car's sidebar says so and offers similar cars, the make and model in stock, and a we'll-find-one enquiry", async () => {
    // The server's similar listing is by body and price here, so the make and model listing is a second way in.
    const similar = { ...findSimilar, href: '/search/suv?price_range=30000%3A39999' };
    stubFetch(200, { car: { ...car, sold: true, status: 'sold' }, view: { ...soldView, actions: [similar] } });
    renderCar();
    const side = await screen.findByRole('complementary', { name: 'Act on this car' });
    const panel = await within(side).findByRole('region', { name: 'This car has been sold' }); // its own chunk: it loads after the page
    expect(within(panel).getByRole('link', { name: 'See similar cars' })).toHaveAttribute('href', similar.href);
    expect(within(panel).getByRole('link', { name: 'All Mazda CX-5 in stock' })).toHaveAttribute('href', '/search/Mazda/CX-5');
    const ask = within(panel).getByRole('link', { name: 'Ask us to find one like it' });
    const url = new URL(ask.getAttribute('href') ?? '', 'http://x');
    expect(url.pathname).toBe('/enquiry');
    expect(url.searchParams.get('message')).toMatch(/2020 Mazda CX-5.*sold.*find me one like it/);
  });

  it('shows the texts the site config overrides (sold notice, find similar, dealer comments)', async () => {
    stubFetch(200, {
      car: { ...car, sold: true, status: 'sold' },
      view: {
        ...soldView,
        actions: [{ ...findSimilar, label: 'Find me something similar' }],
        tabs: [{ id: 'dealer_comments', title: 'From the dealer' }],
      },
    });
    renderCar(
      car.slug,
      siteResponse({
        texts: {
          sold_notice: 'This one has gone.',
          find_similar: 'Find me something similar',
          dealer_comments_title: 'From the dealer',
          dealer_comments_pending: 'Comments coming soon.',
        },
      }),
    );
    expect(await screen.findByText('This one has gone.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find me something similar' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'From the dealer', selected: true })).toBeInTheDocument();
    expect(screen.getByText('Comments coming soon.')).toBeInTheDocument();
  });

  it('links Find Me Something Similar where the server says: a listing of similar cars (issue 17), never this page', async () => {
    const href = '/search/new-used-and-demo-cars/?body=SUV&price=20000:40000';
    stubFetch(200, { car: { ...car, sold: true, status: 'sold', simple_body: 'SUV' }, view: { ...soldView, actions: [{ ...findSimilar, href }] } });
    renderCar();
    expect(await screen.findByRole('link', { name: 'Find Me Something Similar' })).toHaveAttribute('href', href);
  });

  it('shows the card’s tag banner by the title (coming soon, reserved) and names the tab after the car (spec 000 §4)', async () => {
    stubFetch(200, { car: { ...car, status: 'coming_soon' }, view: viewOf({ tag: { kind: 'coming_soon', text: 'COMING SOON' } }) });
    const { unmount } = renderCar();
    expect(await screen.findByText('COMING SOON')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^2020 Mazda CX-5 \| /));
    unmount();

    stubFetch(200, { car: { ...car, reserved: true }, view: viewOf({ tag: { kind: 'reserved', text: 'RESERVED' } }) });
    renderCar();
    expect(await screen.findByText('RESERVED')).toBeInTheDocument();
  });

  it('shows no tag banner on a sold car: the sold notice says it', async () => {
    stubFetch(200, { car: { ...car, sold: true, status: 'sold' }, view: soldView });
    renderCar();
    await screen.findByText('Unfortunately this vehicle recently sold.');
    expect(screen.queryByText(/SOLD/)).not.toBeInTheDocument();
  });

  it('a car sold past the site retention: recently sold with the similar cars the API chose, not a 404 (issue 14; API 410)', async () => {
    const gone = fixture<Car>({
      id: 'g1',
      slug: '2017-toyota-corolla-g1',
      year: 2017,
      make: 'Toyota',
      model: 'Corolla',
      car_type: 'used',
      status: 'sold',
      sold: true,
    });
    const similar = [
      fixture<Car>({
        id: 's1',
        slug: '2021-toyota-corolla-s1',
        year: 2021,
        make: 'Toyota',
        model: 'Corolla',
        car_type: 'used',
        status: 'in_stock',
        price: 24990,
      }),
      fixture<Car>({ id: 's2', slug: '2020-toyota-hilux-s2', year: 2020, make: 'Toyota', model: 'HiLux', car_type: 'used', status: 'in_stock', price: 0 }),
    ];
    stubFetch(410, { error: { code: 'gone', message: 'Unfortunately this vehicle recently sold.' }, car: gone, similar });
    renderCar(gone.slug);
    expect(await screen.findByRole('heading', { level: 1, name: 'Recently sold: 2017 Toyota Corolla' })).toBeInTheDocument();
    expect(screen.getByText('Unfortunately this vehicle recently sold.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Car not found' })).not.toBeInTheDocument();
    const list = screen.getByRole('heading', { name: 'Similar cars for sale' }).nextElementSibling as HTMLElement;
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['2021 Toyota Corolla', '/cars/2021-toyota-corolla-s1'],
      ['2020 Toyota HiLux', '/cars/2020-toyota-hilux-s2'],
    ]);
    expect(within(list).getByText(/\$24,990/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'More Toyota Corolla for sale' })).toHaveAttribute('href', '/search/Toyota/Corolla');
    await waitFor(() => expect(document.title).toMatch(/^Recently sold: 2017 Toyota Corolla \| /));
  });

  it('shows the not-found state on 404', async () => {
    stubFetch(404, { error: { code: 'not_found', message: 'car not found' } });
    renderCar('gone');
    expect(await screen.findByRole('heading', { name: 'Car not found' })).toBeInTheDocument();
  });

  it('shows the dealer comments as the server cut them, with show more / less (spec 000 §2)', async () => {
    const user = userEvent.setup();
    const long = 'x'.repeat(390);
    const segments = ['One owner', long, 'Full service history'];
    const comments = { segments, short: ['One owner', long.slice(0, 391)], truncated: true };
    stubFetch(200, { car: { ...car, dealercomments: segments.join(' | ') }, view: viewOf({ comments }) });
    renderCar();
    await waitFor(() => expect(screen.getByText('One owner')).toBeInTheDocument());
    expect(screen.getByText(`${long.slice(0, 391)}…`)).toBeInTheDocument();
    expect(screen.queryByText('Full service history')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getByText('Full service history')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.queryByText('Full service history')).not.toBeInTheDocument();
  });
});

const finance: FinanceEstimate = {
  provider: 'Taurus',
  source: 'lender',
  frequency: 'weekly',
  amount: 129,
  amount_text: '$129',
  interest_rate: 9.45,
  comparison_rate: 10.12,
  term_months: 60,
  term_text: '5 years',
  deposit: { percent: 10, amount: 3199, amount_text: '$3,199' },
  offer_valid_until: '2026-12-23',
  fine_print: 'Comparison rate is based on a 5-year secured loan of $30,000.',
  disclaimer: 'Repayments are indicative only.',
  disclaimer_path: '/api/cars/c9/finance-disclaimer',
  terms_path: '/terms-and-conditions',
};

/** stubRoutes answers each GET by path; anything else is a JSON 404. */
function stubRoutes(routes: Record<string, () => Response | Promise<Response>>) {
  const fetchMock = vi.fn(async (url: string) => {
    const route = routes[url];
    return route ? route() : new Response(JSON.stringify({ error: { code: 'not_found', message: 'not found' } }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const ok = (body: unknown) => () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('car page actions (spec 001 §2 "Action buttons")', () => {
  const actions: CarAction[] = [
    { kind: 'enquiry', label: 'Enquire Now' },
    { kind: 'test_drive', label: 'Book a Test Drive' },
    { kind: 'reserve', label: 'Reserve Now $200', href: `/cars/${car.slug}/checkout` },
    { kind: 'trade_in', label: 'Trade-in', href: '/cars/trade-in?car_id=c9' },
    { kind: 'history_report', label: 'Vehicle History Report', href: 'https://reports.example/c9' },
    { kind: 'call', label: 'Call the dealer', phone: '07 3000 0002' },
  ];

  it('shows the server’s buttons in its order: links go where it says, Call reveals the number', async () => {
    const user = userEvent.setup();
    stubFetch(200, { car, view: viewOf({ actions }) });
    renderCar();
    const list = await screen.findByRole('list', { name: 'Actions' });
    const names = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(names[0]).toBe('Enquire Now');
    expect(names[1]).toBe('Book a Test Drive');
    expect(within(list).getByRole('link', { name: 'Reserve Now $200' })).toHaveAttribute('href', `/cars/${car.slug}/checkout`);
    expect(within(list).getByRole('link', { name: 'Trade-in' })).toHaveAttribute('href', '/cars/trade-in?car_id=c9');
    const report = within(list).getByRole('link', { name: 'Vehicle History Report (opens in a new tab)' });
    expect(report).toHaveAttribute('href', 'https://reports.example/c9');
    expect(report).toHaveAttribute('target', '_blank');
    await user.click(within(list).getByRole('button', { name: 'Show number 07 30XX XXXX' }));
    expect(within(list).getByRole('link', { name: 'Call the dealer: 07 3000 0002' })).toHaveAttribute('href', 'tel:0730000002');
  });

  it('hands Book a Test Drive to the app’s onAction, and Enquire Now opens the enquiry form', async () => {
    const user = userEvent.setup();
    stubFetch(200, { car, view: viewOf({ actions }) });
    const onAction = vi.fn(() => true);
    renderWithSite(
      <Routes>
        <Route path="/cars/:slug" element={<CarPage onAction={onAction} enquiry={() => <p>the enquiry form</p>} />} />
      </Routes>,
      siteResponse(),
      `/cars/${car.slug}`,
    );
    const list = await screen.findByRole('list', { name: 'Actions' });
    await user.click(within(list).getByRole('button', { name: 'Book a Test Drive' }));
    expect(onAction).toHaveBeenCalledWith('test_drive', expect.objectContaining({ id: 'c9' }));
    expect(screen.queryByText('the enquiry form')).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Enquire Now' }));
    expect(screen.getByText('the enquiry form')).toBeInTheDocument();
  });

  // Spec 001 §2 (issue 33): Book a Test Drive is shown for a test-drive-only
  // car, nothing else on the car page offers it: the enquiry section of a car
  // without the button neither links /book-test-drive/ nor opens the modal
  // (the footer's Book a Test Drive is the way for every other car).
  it('a car that is not test-drive-only offers no test drive in its enquiry section', async () => {
    const user = userEvent.setup();
    stubFetch(200, { car, view: viewOf({ actions: [{ kind: 'enquiry', label: 'Enquire Now' }] }) });
    renderWithSite(
      <Routes>
        <Route path="/cars/:slug" element={<CarPage enquiry={() => <p>the enquiry form</p>} />} />
      </Routes>,
      siteResponse(),
      `/cars/${car.slug}`,
    );
    const section = await screen.findByRole('region', { name: 'Enquire about this car' });
    await user.click(within(section).getByRole('button', { name: 'Enquire Now' }));
    expect(within(section).getByText('the enquiry form')).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: /test drive/i })).toBeNull();
    expect(within(section).queryByRole('button', { name: /test drive/i })).toBeNull();
  });

  it('a sold car shows the notice and no action buttons, only Find Me Something Similar', async () => {
    stubFetch(200, { car: { ...car, sold: true, status: 'sold' }, view: soldView });
    renderCar();
    await screen.findByText('Unfortunately this vehicle recently sold.');
    expect(screen.queryByRole('list', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enquire Now' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Find Me Something Similar' })).toHaveLength(1);
  });
});

describe('car page tabs (spec 000 §2)', () => {
  it('are WAI-ARIA tabs: one tab stop, arrow keys, Home and End move and show the panel', async () => {
    const user = userEvent.setup();
    stubFetch(200, { car, view: viewOf() });
    renderCar();
    const first = await screen.findByRole('tab', { name: 'Dealer Comments' });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Features' })).toHaveAttribute('tabindex', '-1');
    first.focus();
    await user.keyboard('{ArrowRight}');
    const included = screen.getByRole('tab', { name: 'What’s Included' });
    expect(included).toHaveFocus();
    expect(included).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'What’s Included' });
    expect(within(panel).getByText('A full tank.')).toBeInTheDocument();
    expect(within(panel).getByText('Two keys.')).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Features' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Features' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('All Specifications (spec 001 §2, §9: first 4, Show more / Show less)', () => {
  it('lists every variant and caravan field the car has, 4 at first', async () => {
    const user = userEvent.setup();
    const variant = {
      cylinders: 4,
      enginesize_litres: 2.5,
      fuelconsumptioncombined: 7.4,
      fuelcapacity: 56,
      torque: 252,
      grossvehiclemass: 2143,
      vehiclelength: 4550,
      ancaprating: 5,
    };
    stubFetch(200, { car: { ...car, variant, specifications: { sleeps: 4, tare_weight: 1800 } }, view: viewOf() });
    renderCar();
    const section = (await screen.findByRole('heading', { name: 'All Specifications' })).parentElement as HTMLElement;
    expect(within(section).getAllByRole('term')).toHaveLength(4);
    await user.click(within(section).getByRole('button', { name: 'Show more' }));
    for (const [label, value] of [
      ['Fuel consumption (combined)', '7.4 L/100 km'],
      ['Fuel capacity', '56 L'],
      ['Torque', '252 Nm'],
      ['Gross vehicle mass', '2,143 kg'],
      ['Length', '4,550 mm'],
      ['ANCAP rating', '5 stars'],
      ['Sleeps', '4'],
      ['Tare weight', '1,800 kg'],
    ]) {
      expect(within(section).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    await user.click(within(section).getByRole('button', { name: 'Show less' }));
    expect(within(section).getAllByRole('term')).toHaveLength(4);
  });
});

describe('finance estimate on the car page (spec 001 §2, §4, §5, §9)', () => {
  it('shows the weekly figure, comparison rate, Taurus deposit and offer date, fine print, and loads the disclaimer with a spinner', async () => {
    // release answers the disclaimer request once the page has made it; the
    // heading can show before the effect that requests it has run.
    let release: ((r: Response) => void) | undefined;
    stubRoutes({
      [`/api/cars/${car.slug}`]: ok({ car, view: viewOf({ finance }) }),
      '/api/cars/c9/finance-disclaimer': () => new Promise<Response>((r) => (release = r)),
    });
    renderCar();
    const block = (await screen.findByRole('heading', { name: 'Finance estimate' })).parentElement as HTMLElement;
    expect(within(block).getByText('$129')).toBeInTheDocument();
    expect(within(block).getByText('per week*')).toBeInTheDocument();
    expect(within(block).getByText('10.12% p.a.*')).toBeInTheDocument();
    expect(within(block).getByText('$3,199 (10%)')).toBeInTheDocument();
    expect(within(block).getByText('23 December 2026')).toBeInTheDocument();
    expect(within(block).getByText('*Comparison rate is based on a 5-year secured loan of $30,000.')).toBeInTheDocument();
    expect(within(block).getByText('Repayments are indicative only.')).toBeInTheDocument();
    expect(within(block).getByRole('status')).toHaveTextContent('Loading the lender’s disclaimer');
    await waitFor(() => expect(release).toBeDefined());
    release?.(new Response(JSON.stringify({ car_id: 'c9', provider: 'Taurus', disclaimer: 'Taurus terms apply.' }), { status: 200 }));
    expect(await within(block).findByText('Taurus terms apply.')).toBeInTheDocument();
    expect(within(block).queryByRole('status')).not.toBeInTheDocument();
  });

  it('cuts a long disclaimer at 200 characters with View full / View less', async () => {
    const user = userEvent.setup();
    const long = `${'a'.repeat(199)} ${'b'.repeat(100)}`;
    stubRoutes({
      [`/api/cars/${car.slug}`]: ok({ car, view: viewOf({ finance }) }),
      '/api/cars/c9/finance-disclaimer': ok({ car_id: 'c9', provider: 'Taurus', disclaimer: long }),
    });
    renderCar();
    expect(await screen.findByText(`${'a'.repeat(199)}…`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View full' }));
    expect(screen.getByText(long)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View less' }));
    expect(screen.queryByText(long)).not.toBeInTheDocument();
  });

  it('shows monthly for Nissan Finance, and the rate popup with the terms link opens, closes on Escape and returns focus', async () => {
    const user = userEvent.setup();
    const nissan: FinanceEstimate = {
      ...finance,
      provider: 'Nissan Finance',
      frequency: 'monthly',
      amount_text: '$560',
      deposit: undefined,
      offer_valid_until: '',
      disclaimer_path: '',
    };
    stubRoutes({ [`/api/cars/${car.slug}`]: ok({ car, view: viewOf({ finance: nissan }) }) });
    renderCar();
    const block = (await screen.findByRole('heading', { name: 'Finance estimate' })).parentElement as HTMLElement;
    expect(within(block).getByText('per month*')).toBeInTheDocument();
    expect(within(block).queryByText('Offer valid until')).not.toBeInTheDocument();
    const info = within(block).getByRole('button', { name: 'About this finance rate' });
    await user.click(info);
    const popup = screen.getByRole('dialog', { name: 'Finance rate' });
    expect(within(popup).getByText('Interest rate 9.45% p.a.')).toBeInTheDocument();
    expect(within(popup).getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/terms-and-conditions');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Finance rate' })).not.toBeInTheDocument();
    expect(info).toHaveFocus();
  });

  it('shows no finance block when the server sends none (a Suzuki, a hidden dealership)', async () => {
    stubFetch(200, { car: { ...car, make: 'Suzuki' }, view: viewOf() });
    renderCar();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'Finance estimate' })).not.toBeInTheDocument();
    expect(screen.queryByText(/per week/)).not.toBeInTheDocument();
  });
});

describe('badges and dialogs (spec 001 §2, §5)', () => {
  it('the certified badge opens the programme’s dialog, which closes on Escape and gives the focus back', async () => {
    const user = userEvent.setup();
    stubFetch(200, {
      car,
      view: viewOf({
        certified: {
          programme: 'Toyota',
          title: 'Toyota Certified Pre-Owned',
          text: 'Every Toyota Certified Pre-Owned car has passed a 175-point inspection.',
        },
      }),
    });
    renderCar();
    const open = await screen.findByRole('button', { name: 'What is Toyota Certified Pre-Owned?' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Toyota Certified Pre-Owned' });
    expect(within(dialog).getByText('Every Toyota Certified Pre-Owned car has passed a 175-point inspection.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('the below-market badge explains the market figures the server sent', async () => {
    const user = userEvent.setup();
    stubFetch(200, {
      car,
      view: viewOf({ price: { ...viewOf().price, below_market: true }, market: { state_average: 34990, national_average: 35500, below_by: 3000 } }),
    });
    renderCar();
    expect(await screen.findByText('Below market')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'About the below-market price' }));
    expect(screen.getByRole('dialog', { name: 'Below market' })).toHaveTextContent('$3,000 under the state average market price of $34,990.');
  });
});

describe('brochure (spec 001 §7, §8)', () => {
  it('downloads the PDF as {slug}.pdf', async () => {
    const user = userEvent.setup();
    stubRoutes({
      [`/api/cars/${car.slug}`]: ok({ car, view: viewOf() }),
      [`/api/cars/${car.slug}/pdf`]: () => new Response('%PDF-1.4', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    });
    const created = vi.fn(() => 'blob:brochure');
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    let saved = '';
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = this.download;
    });
    renderCar();
    await user.click(await screen.findByRole('button', { name: 'Download brochure (PDF)' }));
    await waitFor(() => expect(saved).toBe(`${car.slug}.pdf`));
    expect(created).toHaveBeenCalled();
    click.mockRestore();
    Object.assign(URL, original);
  });

  it('a failure shows the browser alert with the error message', async () => {
    const user = userEvent.setup();
    stubRoutes({
      [`/api/cars/${car.slug}`]: ok({ car, view: viewOf() }),
      [`/api/cars/${car.slug}/pdf`]: () => new Response(JSON.stringify({ error: { code: 'internal', message: 'internal error' } }), { status: 500 }),
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderCar();
    await user.click(await screen.findByRole('button', { name: 'Download brochure (PDF)' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('internal error'));
    expect(screen.getByRole('button', { name: 'Download brochure (PDF)' })).toBeEnabled();
    alert.mockRestore();
  });
});
