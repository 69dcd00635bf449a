// The car page's enquiry form as a shopper uses it (issue 9 "Forms"; spec 001
// §3 fields, §4 states, §5 validation), with fetch stubbed at the network.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Car, CarView } from '../lib/types';
import { fixture, siteResponse } from '../test/fixtures';
import { renderWithSite } from '../test/renderWithSite';
import { SUCCESS_KEY } from '../lib/leads/submitLead';
import { SuccessPage } from '../components/forms/SuccessPage';
import CarRoute from './CarRoute';

// The real widget needs workers and a server; a test plays its statechange.
vi.mock('../components/forms/loadAltcha', () => ({ loadAltcha: () => Promise.resolve() }));

const car = fixture<Car>({
  id: 'c9',
  slug: '2020-mazda-cx-5-c9',
  year: 2020,
  make: 'Mazda',
  model: 'CX-5',
  car_type: 'used',
  status: 'in_stock',
  price: 31990,
  stocknum: 'N77',
  dealership_slug: 'riverside-toyota',
});

const view: CarView = {
  price: { text: '$31,990', has_price: true, was_text: '', below_market: false, price_type: '' },
  tag: { kind: '', text: '' },
  available: true,
  comments: { segments: [], short: [], truncated: false },
  phone: '',
  reservable: false,
  actions: [],
  tabs: [],
  pdf_path: '/api/cars/2020-mazda-cx-5-c9/pdf',
};

type Answer = { status: number; body: unknown };

/** stubAPI answers GET /api/cars/* with the car and each POST /api/leads with the next answer. */
function stubAPI(...leadAnswers: Answer[]) {
  const posts: { body: Record<string, unknown>; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/cars/')) return json(200, { car, view });
    if (url === '/api/leads' && init?.method === 'POST') {
      posts.push({ body: JSON.parse(String(init.body)), headers: init.headers as Record<string, string> });
      const a = leadAnswers.shift() ?? { status: 201, body: { lead_id: 'L1', lead_token: 't' } };
      return json(a.status, a.body);
    }
    return json(404, { error: { code: 'not_found', message: 'not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return posts;
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const noCaptcha = { leads: { captcha: false, message_optional: false } };

async function openEnquiry(site = siteResponse(noCaptcha)) {
  const user = userEvent.setup();
  renderWithSite(
    <Routes>
      <Route path="/cars/:slug" element={<CarRoute />} />
      <Route path="/success" element={<SuccessPage />} />
    </Routes>,
    site,
    `/cars/${car.slug}`,
  );
  const section = (await screen.findByRole('heading', { name: 'Enquire about this car' })).parentElement as HTMLElement;
  await user.click(within(section).getByRole('button', { name: 'Enquire Now' }));
  // The form's code loads when the accordion first opens.
  await within(section).findByRole('button', { name: 'Send enquiry' });
  return { user, form: within(section) };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, form: ReturnType<typeof within>) {
  await user.type(form.getByLabelText('First Name *'), 'Sam');
  await user.type(form.getByLabelText('Mobile Number'), '0491 570 110');
  await user.type(form.getByLabelText('Postcode *'), '4032');
  await user.type(form.getByLabelText('Message'), 'Is it available?');
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('car page enquiry form (issue 9; spec 001 §3, §4, §5)', () => {
  it('opens from the enquire button with every field labelled, opt-in checked by default', async () => {
    stubAPI();
    const { form } = await openEnquiry();
    for (const label of ['First Name *', 'Last Name', 'Mobile Number', 'Email', 'Postcode *', 'Message']) {
      expect(form.getByLabelText(label)).toBeInTheDocument();
    }
    expect(form.getByLabelText('Postcode *')).toHaveAttribute('maxLength', '4');
    expect(form.getByRole('checkbox', { name: /Keep me informed/ })).toBeChecked();
    // One dealership: no select, it is chosen for the shopper.
    expect(form.queryByLabelText('Dealership *')).not.toBeInTheDocument();
  });

  it('spec 001 §5: a bad postcode shows the spec message on its field and sends nothing', async () => {
    const posts = stubAPI();
    const { user, form } = await openEnquiry();
    await fillValid(user, form);
    const postcode = form.getByLabelText('Postcode *');
    await user.clear(postcode);
    await user.type(postcode, '40a');
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    const msg = 'Invalid postcode. Please enter a 4-digit number.';
    expect(await form.findByRole('alert')).toHaveTextContent('Please fix the following errors:');
    expect(postcode).toHaveAttribute('aria-invalid', 'true');
    expect(postcode).toHaveAccessibleDescription(msg);
    expect(posts).toHaveLength(0);
  });

  it('spec 001 §5: first name, a phone or an email and the postcode are required; a car enquiry needs no message (issue 32 item 14)', async () => {
    const posts = stubAPI();
    const { user, form } = await openEnquiry();
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    const list = await form.findByRole('alert');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['First Name is required', 'Enter a mobile number or an email so we can reply', 'Invalid postcode. Please enter a 4-digit number.']);
    expect(form.getByLabelText('First Name *')).toHaveFocus();
    expect(posts).toHaveLength(0);
  });

  it('sends one POST with an Idempotency-Key and the car, then thanks the shopper on /success and stores the success marker (spec 001 §4)', async () => {
    const posts = stubAPI({ status: 201, body: { lead_id: 'L1', lead_token: 't' } });
    const { user, form } = await openEnquiry();
    await fillValid(user, form);
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    const thanks = await screen.findByRole('status');
    expect(thanks).toHaveTextContent('Thank you for your enquiry');
    expect(thanks).toHaveFocus();
    expect(posts).toHaveLength(1);
    expect(posts[0].headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(posts[0].body).toMatchObject({
      type: 'enquiry',
      name: 'Sam',
      phone: '0491 570 110',
      postcode: '4032',
      message: 'Is it available?',
      opt_in: true,
      car_id: 'c9',
      dealership_slug: 'riverside-toyota',
    });
    expect(posts[0].body).not.toHaveProperty('altcha');
    expect(JSON.parse(localStorage.getItem(SUCCESS_KEY) ?? '{}')).toMatchObject({ lead_id: 'L1', site: 'riverside-toyota' });
  });

  it('spec 001 §4: the server’s field errors show on their fields and in the list', async () => {
    const message = 'Invalid postcode. Please enter a 4-digit number.';
    stubAPI({ status: 400, body: { error: { code: 'invalid', message, field: 'postcode', fields: { postcode: message, email: 'Invalid email address.' } } } });
    const { user, form } = await openEnquiry();
    await fillValid(user, form);
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    const list = await form.findByRole('alert');
    expect(list).toHaveTextContent('Please fix the following errors:');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Invalid email address.', message]);
    expect(form.getByLabelText('Postcode *')).toHaveAccessibleDescription(message);
    expect(form.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email address.');
  });

  it('spec 001 §8: another failure is a destructive alert with the server’s text or the generic one, and a retry reuses the attempt’s key', async () => {
    const posts = stubAPI(
      { status: 500, body: { error: { code: 'internal', message: '' } } },
      { status: 409, body: { error: { code: 'conflict', message: 'this Idempotency-Key was used for another lead' } } },
    );
    const { user, form } = await openEnquiry();
    await fillValid(user, form);
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    expect(await form.findByRole('alert')).toHaveTextContent('An unexpected error occured');
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    expect(await form.findByText('this Idempotency-Key was used for another lead')).toHaveAttribute('role', 'alert');
    expect(posts).toHaveLength(2);
    expect(posts[1].headers['Idempotency-Key']).toBe(posts[0].headers['Idempotency-Key']);
  });

  it('a changed form after a failure is a new attempt with a new key', async () => {
    const posts = stubAPI({ status: 503, body: {} });
    const { user, form } = await openEnquiry();
    await fillValid(user, form);
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    await form.findByRole('alert');
    await user.type(form.getByLabelText('Last Name'), 'Lee');
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    await screen.findByRole('status');
    expect(posts).toHaveLength(2);
    expect(posts[1].headers['Idempotency-Key']).not.toBe(posts[0].headers['Idempotency-Key']);
  });

  it('shows the submitting state: button disabled and busy', async () => {
    let release: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.startsWith('/api/cars/') ? json(200, { car, view }) : new Promise<Response>((r) => (release = r)))),
    );
    const { user, form } = await openEnquiry();
    await fillValid(user, form);
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    const busy = await form.findByRole('button', { name: 'Sending…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await act(async () => release(json(201, { lead_id: 'L2', lead_token: 't' })));
    await screen.findByRole('status');
  });

  it('a group site offers a dealership select with the car’s dealership chosen', async () => {
    stubAPI();
    const site = siteResponse({
      ...noCaptcha,
      dealerships: [
        { id: 'd1', slug: 'riverside-toyota', name: 'Riverside Toyota' },
        { id: 'd2', slug: 'coastal-kia', name: 'Coastal Kia' },
      ],
    });
    const { form } = await openEnquiry(site);
    const select = form.getByLabelText('Dealership *');
    expect(select).toHaveValue('riverside-toyota');
    expect(within(select).getByRole('option', { name: 'Select a Preferred Dealership' })).toBeInTheDocument();
  });

  it('message optional per dealer (site leads.message_optional)', async () => {
    const posts = stubAPI();
    const { user, form } = await openEnquiry(siteResponse({ leads: { captcha: false, message_optional: true } }));
    await user.type(form.getByLabelText('First Name *'), 'Sam');
    await user.type(form.getByLabelText('Email'), 'sam@example.com');
    await user.type(form.getByLabelText('Postcode *'), '4032');
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    await screen.findByRole('status');
    expect(posts[0].body).not.toHaveProperty('message');
  });

  it('issue 9 captcha: the widget’s verified payload is sent as altcha; none yet is the server’s message', async () => {
    const posts = stubAPI();
    const { user, form } = await openEnquiry(siteResponse({ leads: { captcha: true, message_optional: false } }));
    const widget = document.querySelector('altcha-widget') as HTMLElement;
    expect(widget).toHaveAttribute('challenge', '/api/captcha');
    await fillValid(user, form);
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Please complete the captcha.');
    expect(posts).toHaveLength(0);
    act(() => {
      widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload: 'eyJwYXlsb2FkIjoxfQ==' } }));
    });
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    await screen.findByRole('status');
    expect(posts[0].body.altcha).toBe('eyJwYXlsb2FkIjoxfQ==');
  });

  it('does not offer the enquiry on a sold car', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { car: { ...car, sold: true, status: 'sold' }, view: { ...view, available: false } })),
    );
    renderWithSite(
      <Routes>
        <Route path="/cars/:slug" element={<CarRoute />} />
      </Routes>,
      siteResponse(noCaptcha),
      `/cars/${car.slug}`,
    );
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Enquire about this car' })).not.toBeInTheDocument());
  });
});

// Issue 33 (spec 001 §2 "#vehicle-map", §3 vdp_config.show_map_section): the
// car page shows where to find the car where the site turns the section on,
// the car's own location asked by its id (spec 001 §2's location filter); no
// map style shows the static card with Get Directions.
describe('car page #vehicle-map (issue 33)', () => {
  const place = {
    id: 'loc-7',
    name: 'Riverside Toyota Sales',
    slug: 'riverside-toyota-sales',
    location_type: 'sales',
    dealership_slug: 'riverside-toyota',
    address: { street: '1 River Road', city: 'Brisbane', state: 'QLD', postcode: '4000', lat: -27.4, long: 153 },
    contact_detail: {},
    hours: [],
    holiday_hours: [],
    directions_url: 'https://maps.example/?q=1+River+Road',
    contact_path: '/contact-us/riverside-toyota',
    view_path: '/locations/riverside-toyota-sales',
    default_tab: 'sales',
  };
  function stubMap() {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/cars/')) return json(200, { car: { ...car, location_id: 'loc-7' }, view });
        if (url.startsWith('/api/locations')) {
          asked.push(url);
          return json(200, { locations: [place], grid_columns: 1 });
        }
        return json(404, { error: { code: 'not_found', message: 'not found' } });
      }),
    );
    return asked;
  }
  function renderCar(show: boolean) {
    const base = siteResponse();
    const site = {
      ...base,
      site: { ...base.site, vdp_config: { show_map_section: show }, locations_block: { ...base.site.locations_block, map_style_url: '' } },
    };
    renderWithSite(
      <Routes>
        <Route path="/cars/:slug" element={<CarRoute />} />
      </Routes>,
      site,
      `/cars/${car.slug}`,
    );
  }

  it('shows the car’s location with Get Directions where the section is on', async () => {
    const asked = stubMap();
    renderCar(true);
    const section = (await screen.findByRole('heading', { name: 'Where to find this car' })).closest('section') as HTMLElement;
    expect(section).toHaveAttribute('id', 'vehicle-map');
    expect(await within(section).findByText('Riverside Toyota Sales')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: /Get Directions/ })).toHaveAttribute('href', place.directions_url);
    expect(asked).toEqual(['/api/locations?type=loc-7']);
  });

  it('shows no section, and asks for no location, where it is off', async () => {
    const asked = stubMap();
    renderCar(false);
    await screen.findByRole('heading', { name: 'Enquire about this car' });
    expect(screen.queryByRole('heading', { name: 'Where to find this car' })).toBeNull();
    expect(asked).toEqual([]);
  });
});
