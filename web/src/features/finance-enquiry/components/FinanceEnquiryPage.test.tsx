// The finance enquiry as a shopper uses it (issue 9; spec 001 §2 routes and
// query parameters, §3 fields, §4 states, §5 postcode), fetch stubbed at the network.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteResponse } from '../../../test/fixtures';
import { renderWithSite } from '../../../test/renderWithSite';
import { SuccessPage } from '../../../components/forms/SuccessPage';
import FinanceEnquiryPage from './FinanceEnquiryPage';

vi.mock('../../../components/forms/loadAltcha', () => ({ loadAltcha: () => Promise.resolve() }));

const group = siteResponse({
  leads: { captcha: false, message_optional: false },
  dealerships: [
    { id: 'd1', slug: 'north', name: 'North Motors' },
    { id: 'd2', slug: 'south', name: 'South Motors' },
  ],
} as Parameters<typeof siteResponse>[0]);
const single = siteResponse({ leads: { captcha: false, message_optional: false } } as Parameters<typeof siteResponse>[0]);

function stubLeads(answer: { status: number; body: unknown } = { status: 201, body: { lead_id: 'F1', lead_token: 't' } }) {
  const posts: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/leads') {
        posts.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
      }
      return new Response('{}', { status: 202, headers: { 'content-type': 'application/json' } });
    }),
  );
  return posts;
}

function open(path: string, site = single) {
  const user = userEvent.setup();
  renderWithSite(
    <Routes>
      {['/finance', '/finance-enquiry', '/apply-for-finance', '/finance-pre-approval'].map((p) => (
        <Route key={p} path={p} element={<FinanceEnquiryPage />} />
      ))}
      <Route path="/success" element={<SuccessPage />} />
    </Routes>,
    site,
    path,
  );
  return user;
}

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First Name *'), 'Sam');
  await user.type(screen.getByLabelText('Email'), 'sam@example.com');
  await user.type(screen.getByLabelText('Postcode *'), '4032');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('finance enquiry (issue 9, spec 001 §2)', { timeout: 30_000 }, () => {
  it('reads preferredDealership, vehiclePriceBudget, car_id and car_type into one finance lead about the car', async () => {
    const posts = stubLeads();
    const user = open('/finance?car_id=c9&car_type=used&vehiclePriceBudget=35000&preferredDealership=south', group);
    expect(screen.getByRole('heading', { level: 1, name: 'Finance enquiry' })).toBeInTheDocument();
    expect(screen.getByLabelText('Vehicle price budget ($)')).toHaveValue('35000');
    expect(screen.getByLabelText('Dealership *')).toHaveValue('south');
    await fillContact(user);
    await user.selectOptions(screen.getByLabelText('Do you have a trade-in?'), 'Yes');
    await user.click(screen.getByRole('button', { name: 'Send finance enquiry' }));
    expect(await screen.findByText(/A finance specialist will contact you/)).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      type: 'finance',
      category: 'Finance Enquiry',
      car_id: 'c9',
      car_type: 'used',
      vehiclePriceBudget: 35000,
      preferredDealership: 'south',
      dealership_slug: 'south',
      has_trade_in: 'Yes',
      name: 'Sam',
      email: 'sam@example.com',
      postcode: '4032',
      preferred_contact_method: 'Phone',
      opt_in: true,
    });
    expect(posts[0]).not.toHaveProperty('subcategory');
  });

  it('spec 001 §9: the enquiry carries vehicle type Car, state qld and the calculator figures it was opened with', async () => {
    const posts = stubLeads();
    const user = open('/finance-enquiry?vehiclePriceBudget=30000&deposit=5000&term_years=5&interest_rate=10#finance-form');
    expect(screen.getByLabelText('Vehicle type')).toHaveValue('Car');
    // Issue 32 item 7: a choice of the kinds finance knows, not a free-text box.
    expect(screen.getByRole('combobox', { name: 'Vehicle type' })).toHaveDisplayValue('Car');
    expect(screen.getAllByRole('option', { name: /^(Car|Motorcycle|Caravan)$/ })).toHaveLength(3);
    expect(screen.getByLabelText('State')).toHaveValue('qld');
    expect(screen.getByText(/Your figures: price \$30,000, deposit \$5,000, 5 years at 10% p.a./)).toBeInTheDocument();
    await fillContact(user);
    await user.selectOptions(screen.getByLabelText('State'), 'nsw');
    await user.click(screen.getByRole('button', { name: 'Send finance enquiry' }));
    await screen.findByText(/A finance specialist will contact you/);
    expect(posts[0]).toMatchObject({
      vehicle_type: 'Car',
      state: 'nsw',
      vehiclePriceBudget: 30000,
      calculator: { price: 30000, deposit: 5000, term_years: 5, interest_rate: 10 },
    });
    const calc = posts[0].calculator as { weekly: number; monthly: number };
    expect(calc.weekly).toBeGreaterThan(0);
    expect(calc.monthly).toBeGreaterThan(calc.weekly);
  });

  it.each(['/finance-enquiry', '/apply-for-finance'])('%s is the same finance enquiry', (path) => {
    stubLeads();
    open(path);
    expect(screen.getByRole('heading', { level: 1, name: 'Finance enquiry' })).toBeInTheDocument();
  });

  it('/finance-pre-approval sends a pre-approval', async () => {
    const posts = stubLeads();
    const user = open('/finance-pre-approval');
    expect(screen.getByRole('heading', { level: 1, name: 'Finance pre-approval' })).toBeInTheDocument();
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Apply for pre-approval' }));
    await screen.findByText(/A finance specialist will contact you/);
    expect(posts[0]).toMatchObject({ type: 'finance', category: 'Finance Enquiry', subcategory: 'Pre-Approval' });
  });

  it('#finance-form scrolls the form into view', () => {
    stubLeads();
    // jsdom has no scrollIntoView: the test gives it one and takes it away again.
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    try {
      open('/finance?vehiclePriceBudget=20000#finance-form');
      expect(scroll).toHaveBeenCalledTimes(1);
      expect(scroll.mock.contexts[0]).toHaveAttribute('id', 'finance-form');
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('a budget that is not a number is not filled in, and only digits can be typed', async () => {
    stubLeads();
    const user = open('/finance?vehiclePriceBudget=lots');
    const budget = screen.getByLabelText('Vehicle price budget ($)');
    expect(budget).toHaveValue('');
    await user.type(budget, '$42,500');
    expect(budget).toHaveValue('42500');
  });

  it('spec 001 §5: a bad postcode gets the spec message and nothing is sent', async () => {
    const posts = stubLeads();
    const user = open('/finance');
    await user.type(screen.getByLabelText('First Name *'), 'Sam');
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Postcode *'), '40');
    await user.click(screen.getByRole('button', { name: 'Send finance enquiry' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid postcode. Please enter a 4-digit number.');
    expect(posts).toHaveLength(0);
  });

  it("a car the site no longer shows gets the server's message", async () => {
    stubLeads({
      status: 400,
      body: { error: { code: 'invalid', message: 'invalid', field: 'car_id', fields: { car_id: 'This car is no longer available.' } } },
    });
    const user = open('/finance?car_id=gone');
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Send finance enquiry' }));
    expect(await screen.findByText(/This car is no longer available\./)).toBeInTheDocument();
  });
});
