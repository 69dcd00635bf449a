// The trade-in as a shopper uses it (issue 9 "trade-in": three steps, one
// lead; spec 001 §2 routes, §4 form states, §7 valuation adjustments, §9 FAQ),
// with fetch stubbed at the network.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGES } from '../../../lib/types';
import { siteResponse } from '../../../test/fixtures';
import { renderWithSite } from '../../../test/renderWithSite';
import { SuccessPage } from '../../../components/forms/SuccessPage';
import TradeInPage from './TradeInPage';

vi.mock('../../../components/forms/loadAltcha', () => ({ loadAltcha: () => Promise.resolve() }));

const QUESTIONS = [
  { id: 'condition', label: 'Overall condition', options: ['Excellent', 'Good', 'Fair', 'Poor'] },
  { id: 'service_history', label: 'Service history', options: ['Full', 'Partial', 'None'] },
];

function site(features: Record<string, unknown> = {}, leads: Record<string, unknown> = {}, dealerships?: { id: string; slug: string; name: string }[]) {
  return siteResponse({
    features: { favourites: true, trade_in: true, trade_in_path: '/trade-in', ...features },
    leads: { captcha: false, message_optional: false, trade_in_questions: QUESTIONS, ...leads },
    ...(dealerships ? { dealerships } : {}),
  } as Parameters<typeof siteResponse>[0]);
}

type Call = { url: string; method: string; body: Record<string, unknown>; headers: Record<string, string> };

const MAZDA = {
  rego: 'ABC123',
  regoState: 'QLD',
  year: 2018,
  make: 'Mazda',
  model: 'CX-5',
  badge: 'Maxx Sport',
  transmission: 'Automatic',
  fuel: 'Petrol',
  vin: 'JM0KF4W1A00000001',
};

/** stubAPI answers the lead calls; patchAnswers are the PATCH answers in order (default 200). */
function stubAPI({ lookup = { status: 200, body: MAZDA as unknown }, patchAnswers = [] as { status: number; body: unknown }[] } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : {},
        headers: (init?.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      if (url === '/api/leads/rego-lookup') return json(lookup.status, lookup.body);
      if (url === '/api/leads' && call.method === 'POST') return json(201, { lead_id: 'T1', lead_token: 'tok-1', reference: REFERENCE });
      if (url === '/api/leads/T1' && call.method === 'PATCH') {
        const a = patchAnswers.shift() ?? { status: 200, body: { lead_id: 'T1', ready: call.body.form_completed === true } };
        return json(a.status, a.body);
      }
      if (url === '/api/events') return json(202, {});
      return json(404, { error: { code: 'not_found', message: 'not found' } });
    }),
  );
  return calls;
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function open(path = '/trade-in', s = site()) {
  const user = userEvent.setup();
  renderWithSite(
    <Routes>
      {PAGES.flatMap((p) => ('paths' in p && p.paths[0] === '/trade-in' ? p.paths : [])).map((p) => (
        <Route key={p} path={p} element={<TradeInPage />} />
      ))}
      <Route path="/success" element={<SuccessPage />} />
    </Routes>,
    s,
    path,
  );
  return user;
}

type User = ReturnType<typeof userEvent.setup>;

/** REFERENCE is the create answer's short reference (shared.LeadReference). */
const REFERENCE = 'T1AB-CD34';

async function vehicleByRego(user: User) {
  await user.type(screen.getByLabelText('Rego *'), 'abc 123');
  await user.selectOptions(screen.getByLabelText('State *'), 'QLD');
  await user.click(screen.getByRole('button', { name: 'Find my car' }));
  expect(await screen.findByText('2018 Mazda CX-5 Maxx Sport')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: /Step 2 of 3/ });
}

async function condition(user: User) {
  await fillCondition(user);
  await screen.findByRole('heading', { name: /Step 3 of 3/ });
}

async function fillCondition(user: User) {
  await user.type(screen.getByLabelText('Odometer (km) *'), '85,000');
  await user.click(within(screen.getByRole('group', { name: 'Overall condition *' })).getByLabelText('Good'));
  await user.click(within(screen.getByRole('group', { name: 'Service history *' })).getByLabelText('Full'));
  await user.click(within(screen.getByRole('group', { name: 'Is your car currently under finance?' })).getByLabelText('No'));
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// Typing through three steps in jsdom on a shared machine takes a few seconds.
describe('trade-in (issue 9)', { timeout: 30_000 }, () => {
  it('issue 32 item 14: says what it is, an appraisal the dealer follows up with a value, and never promises a value online', () => {
    stubAPI();
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Get a trade-in appraisal' })).toBeInTheDocument();
    expect(screen.queryByText(/Value your trade-in/)).not.toBeInTheDocument();
    expect(screen.getByText(/contact you with a value/)).toBeInTheDocument();
  });

  it("issue 32 item 14: the success page gives the lead's reference", async () => {
    stubAPI();
    const user = open();
    await vehicleByRego(user);
    await condition(user);
    await user.type(screen.getByLabelText('First Name *'), 'Sam');
    await user.type(screen.getByLabelText('Mobile Number'), '0491 570 110');
    await user.type(screen.getByLabelText('Postcode *'), '4032');
    await user.click(screen.getByRole('button', { name: 'Get my trade-in appraisal' }));
    expect(await screen.findByText(REFERENCE)).toBeInTheDocument();
  });

  it('is one lead over three steps: the vehicle creates it, condition and contact PATCH it with its token, the last completes it', async () => {
    const calls = stubAPI();
    const user = open();
    expect(screen.getByRole('heading', { name: /Step 1 of 3/ })).toBeInTheDocument();
    await vehicleByRego(user);
    await condition(user);
    await user.type(screen.getByLabelText('First Name *'), 'Sam');
    await user.type(screen.getByLabelText('Mobile Number'), '0491 570 110');
    await user.type(screen.getByLabelText('Postcode *'), '4032');
    await user.click(screen.getByRole('button', { name: 'Get my trade-in appraisal' }));
    await screen.findByText(/appraise your car from the details you gave and contact you with a value/);

    const posts = calls.filter((c) => c.url === '/api/leads' && c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(posts[0].body).toMatchObject({
      type: 'trade_in',
      category: 'Trade-In',
      subcategory: '1. Vehicle Details',
      source: 'Website',
      Rego: 'abc 123',
      regoState: 'QLD',
      trade_in_vehicle: { year: 2018, make: 'Mazda', model: 'CX-5', badge: 'Maxx Sport', vin: 'JM0KF4W1A00000001' },
    });
    const patches = calls.filter((c) => c.method === 'PATCH');
    expect(patches.map((p) => p.url)).toEqual(['/api/leads/T1', '/api/leads/T1']);
    expect(patches.every((p) => p.headers['X-Lead-Token'] === 'tok-1')).toBe(true);
    expect(patches[0].body).toEqual({
      subcategory: '2. Vehicle Condition',
      trade_in_vehicle: { km: 85000 },
      adjustmentAnswers: { condition: 'Good', service_history: 'Full' },
      under_finance: 'No',
    });
    expect(patches[1].body).toMatchObject({
      form_completed: true,
      subcategory: '3. Contact Details',
      name: 'Sam',
      phone: '0491 570 110',
      postcode: '4032',
      preferred_contact_method: 'Phone',
      opt_in: true,
    });
    // The finished trade-in is not resumed on the next visit.
    expect(Object.keys(sessionStorage)).toHaveLength(0);
    expect(JSON.parse(localStorage.getItem('forecourt:lead-success') ?? '{}')).toMatchObject({ lead_id: 'T1', type: 'trade_in' });
  });

  it('an unknown plate (404) asks for the make, model and year instead', async () => {
    const calls = stubAPI({ lookup: { status: 404, body: { error: { code: 'not_found', message: 'no such rego' } } } });
    const user = open();
    await user.type(screen.getByLabelText('Rego *'), 'ZZZ999');
    await user.selectOptions(screen.getByLabelText('State *'), 'NSW');
    await user.click(screen.getByRole('button', { name: 'Find my car' }));
    expect(await screen.findByText("We could not find that rego. Please enter your car's details.")).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'By make and model' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please fix the following errors:');
    expect(alert).toHaveTextContent('Make is required');
    expect(screen.getByLabelText('Make *')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Year *'), '2015');
    await user.type(screen.getByLabelText('Make *'), 'Kia');
    await user.type(screen.getByLabelText('Model *'), 'Rio');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Step 2 of 3/ });
    const post = calls.find((c) => c.url === '/api/leads');
    expect(post?.body).toMatchObject({ Rego: '', regoState: '', trade_in_vehicle: { year: 2015, make: 'Kia', model: 'Rio', vin: '' } });
  });

  it('issue 35: without a registration provider (rego_lookup false) the form asks for make and model, never a rego', async () => {
    const calls = stubAPI();
    const user = open('/trade-in', { ...site(), rego_lookup: false });
    expect(screen.queryByLabelText('Rego *')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'By rego' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Find my car' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Year *'), '2015');
    await user.type(screen.getByLabelText('Make *'), 'Kia');
    await user.type(screen.getByLabelText('Model *'), 'Rio');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Step 2 of 3/ });
    expect(calls.some((c) => c.url === '/api/leads/rego-lookup')).toBe(false);
    expect(calls.find((c) => c.url === '/api/leads')?.body).toMatchObject({
      Rego: '',
      regoState: '',
      trade_in_vehicle: { year: 2015, make: 'Kia', model: 'Rio' },
    });
  });

  it('a year typed as two digits is refused with the message Go gives (trade_in_validation.json)', async () => {
    stubAPI();
    const user = open();
    await user.click(screen.getByRole('radio', { name: 'By make and model' }));
    await user.type(screen.getByLabelText('Year *'), '18');
    await user.type(screen.getByLabelText('Make *'), 'Kia');
    await user.type(screen.getByLabelText('Model *'), 'Rio');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the year the car was built, like 2018');
  });

  it('Back keeps what was entered, and Next again updates the same lead instead of creating another', async () => {
    const calls = stubAPI();
    const user = open();
    await vehicleByRego(user);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: /Step 1 of 3/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Rego *')).toHaveValue('abc 123');
    expect(screen.getByText('2018 Mazda CX-5 Maxx Sport')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Step 2 of 3/ });
    expect(calls.filter((c) => c.url === '/api/leads')).toHaveLength(1);
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toMatchObject({ subcategory: '1. Vehicle Details', trade_in_vehicle: { make: 'Mazda' } });
  });

  it('a reload resumes at the step the shopper reached, with the same lead', async () => {
    const calls = stubAPI();
    await vehicleByRego(open());
    cleanup();
    const again = open();
    expect(await screen.findByRole('heading', { name: /Step 2 of 3/ })).toBeInTheDocument();
    await condition(again);
    expect(calls.filter((c) => c.url === '/api/leads')).toHaveLength(1);
    expect(calls.find((c) => c.method === 'PATCH')?.headers['X-Lead-Token']).toBe('tok-1');
  });

  it('the condition step asks for the odometer and each question before it sends', async () => {
    const calls = stubAPI();
    const user = open();
    await vehicleByRego(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Odometer is required');
    expect(alert).toHaveTextContent('Overall condition: choose an answer');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it("shows the server's field error and its text when a step is refused", async () => {
    stubAPI({
      patchAnswers: [
        {
          status: 400,
          body: { error: { code: 'invalid', message: 'invalid', fields: { 'trade_in_vehicle.km': 'Enter the odometer in km, up to 2,000,000' } } },
        },
      ],
    });
    const user = open();
    await vehicleByRego(user);
    await fillCondition(user);
    expect(await screen.findByText('Odometer: Enter the odometer in km, up to 2,000,000')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Step 2 of 3/ })).toBeInTheDocument();
  });

  it('a network failure shows the generic error and keeps the step', async () => {
    stubAPI();
    const user = open();
    await vehicleByRego(user);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await fillCondition(user);
    expect(await screen.findByText('An unexpected error occured')).toBeInTheDocument();
  });

  it('a trade-in against a car (/cars/trade-in?car_id=) sends the car and does not ask for a dealership', async () => {
    const calls = stubAPI();
    const user = open(
      '/cars/trade-in?car_id=c9',
      site({}, {}, [
        { id: 'd1', slug: 'a', name: 'A Motors' },
        { id: 'd2', slug: 'b', name: 'B Motors' },
      ]),
    );
    expect(screen.queryByLabelText('Dealership *')).not.toBeInTheDocument();
    await vehicleByRego(user);
    expect(calls.find((c) => c.url === '/api/leads')?.body).toMatchObject({ car_id: 'c9', lead_attributes: { linked_query_params: { car_id: 'c9' } } });
  });

  it('spec 001 §3: the trade-in lead names the pages opened before it (visited_pages), with source Website and the user agent', async () => {
    window.sessionStorage.setItem('forecourt:visited-pages', JSON.stringify(['/', '/cars/kia-rio']));
    const calls = stubAPI();
    const user = open('/trade-in');
    await vehicleByRego(user);
    expect(calls.find((c) => c.url === '/api/leads')?.body).toMatchObject({
      source: 'Website',
      user_agent: navigator.userAgent,
      lead_attributes: { visited_pages: ['/', '/cars/kia-rio'] },
    });
    window.sessionStorage.removeItem('forecourt:visited-pages');
  });

  it('a group site asks which dealership the trade-in is for', async () => {
    stubAPI();
    const user = open(
      '/trade-in',
      site({}, {}, [
        { id: 'd1', slug: 'a', name: 'A Motors' },
        { id: 'd2', slug: 'b', name: 'B Motors' },
      ]),
    );
    await user.type(screen.getByLabelText('Rego *'), 'ABC123');
    await user.selectOptions(screen.getByLabelText('State *'), 'QLD');
    await user.click(screen.getByRole('button', { name: 'Find my car' }));
    await screen.findByText('2018 Mazda CX-5 Maxx Sport');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Select a Preferred Dealership');
  });

  it("spec 001 §5: the dealer's terms must be ticked before the last step sends, and the lead says they were", async () => {
    const calls = stubAPI();
    const user = open('/trade-in', site({}, { terms: 'I agree to the terms of use.', terms_note: true }));
    await vehicleByRego(user);
    await condition(user);
    expect(screen.getByText('You must agree to the terms of use before submitting the form')).toBeInTheDocument();
    await user.type(screen.getByLabelText('First Name *'), 'Sam');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'sam@example.com');
    await user.type(screen.getByLabelText('Postcode *'), '4032');
    await user.click(screen.getByRole('button', { name: 'Get my trade-in appraisal' }));
    expect(screen.getByRole('alert')).toHaveTextContent('You must agree to the terms of use before submitting the form');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    await user.click(screen.getByLabelText('I agree to the terms of use.'));
    await user.click(screen.getByRole('button', { name: 'Get my trade-in appraisal' }));
    await screen.findByText(/appraise your car from the details you gave and contact you with a value/);
    expect(calls.filter((c) => c.method === 'PATCH')[1].body).toMatchObject({ terms_conditions: true, form_completed: true });
  });

  it('spec 001 §9: the trade-in FAQ is a closed disclosure (details/summary) that opens', async () => {
    stubAPI();
    const user = open();
    const faq = screen.getByRole('region', { name: 'Trade-in FAQ' });
    const summary = within(faq).getByText('Can I get an online estimate for any car?');
    const details = summary.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(faq).toHaveTextContent('Online estimates are generally not given for cars over 7 years old or with more than 100,000 km.');
    expect(faq).toHaveTextContent('Estimates are indicative only and subject to an inspection of your car.');
    await user.click(summary);
    await waitFor(() => expect(details.open).toBe(true));
  });

  it("spec 001 §2: the other entry points go to the site's own (/sell-my-car), titled Sell your car", async () => {
    stubAPI();
    open('/trade-in?utm_source=x', site({ trade_in_path: '/sell-my-car' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sell your car' })).toBeInTheDocument();
  });

  it('a site with trade-in turned off has no trade-in page', () => {
    stubAPI();
    open('/trade-in', site({ trade_in: false }));
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
