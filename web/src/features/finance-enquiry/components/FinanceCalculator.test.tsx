// The finance calculator as a shopper uses it (spec 001 §9; issue 17).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteResponse } from '../../../test/fixtures';
import { renderWithSite } from '../../../test/renderWithSite';
import FinanceEnquiryPage from './FinanceEnquiryPage';
import { FinanceCalculator, financeApplyPath } from '../../../components/finance/FinanceCalculator';

vi.mock('../../../components/forms/loadAltcha', () => ({ loadAltcha: () => Promise.resolve() }));

afterEach(() => vi.unstubAllGlobals());

const site = siteResponse({ leads: { captcha: false } } as Parameters<typeof siteResponse>[0]);

function figures() {
  const out = screen.getByRole('group', { name: 'Repayments' });
  return Object.fromEntries(
    within(out)
      .queryAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );
}

describe('finance calculator (spec 001 §9; issue 17)', () => {
  it('starts at the site calculator rate of 10% over 5 years with the car price, and shows the three repayments', () => {
    renderWithSite(<FinanceCalculator price={30000} carId="c1" />, site);
    expect(screen.getByLabelText('Interest rate (% p.a.)')).toHaveValue('10');
    expect(screen.getByLabelText('Loan term')).toHaveValue('5');
    expect(screen.getByLabelText('Vehicle price ($)')).toHaveValue('30000');
    expect(figures()).toEqual({ Weekly: '$147', Fortnightly: '$294', Monthly: '$637' });
    expect(screen.getByText('Comparison rate is based on a 5-year secured loan of $30,000.')).toBeInTheDocument();
    expect(screen.getByText(/^Repayments are indicative only/)).toBeInTheDocument();
  });

  it('recomputes as the shopper types, and names a deposit that is not below the price', async () => {
    const user = userEvent.setup();
    renderWithSite(<FinanceCalculator price={30000} />, site);
    const deposit = screen.getByLabelText('Deposit ($)');
    await user.clear(deposit);
    await user.type(deposit, '$3,000');
    expect(figures()).toEqual({ Weekly: '$132', Fortnightly: '$264', Monthly: '$574' });
    expect(screen.getByText('Amount financed: $27,000')).toBeInTheDocument();
    await user.clear(deposit);
    await user.type(deposit, '30000');
    expect(deposit).toHaveAccessibleDescription('Deposit must be $0 or more and less than the price');
    expect(deposit).toHaveAttribute('aria-invalid', 'true');
    expect(figures()).toEqual({});
  });

  it('Apply for finance opens the finance enquiry with the price and the calculator figures', async () => {
    const posts: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/leads') posts.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ lead_id: 'F1', lead_token: 't' }), { status: 201, headers: { 'content-type': 'application/json' } });
      }),
    );
    const user = userEvent.setup();
    renderWithSite(
      <Routes>
        <Route path="/finance" element={<FinanceEnquiryPage />} />
        <Route path="/finance-enquiry" element={<FinanceEnquiryPage />} />
        <Route path="/success" element={<p>Thank you</p>} />
      </Routes>,
      site,
      '/finance',
    );
    await user.type(screen.getByLabelText('Vehicle price ($)'), '30000');
    await user.clear(screen.getByLabelText('Deposit ($)'));
    await user.type(screen.getByLabelText('Deposit ($)'), '3000');
    await user.click(screen.getByRole('link', { name: 'Apply for finance' }));
    expect(await screen.findByLabelText('Vehicle price budget ($)')).toHaveValue('30000');
    // The figures travel as the lead's calculator field (Go recomputes them), not in the message.
    expect(screen.getByText(/Your figures: price \$30,000, deposit \$3,000, 5 years at 10% p.a./)).toBeInTheDocument();
    await user.type(screen.getByLabelText('First Name *'), 'Sam');
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Postcode *'), '4032');
    await user.click(screen.getByRole('button', { name: 'Send finance enquiry' }));
    await screen.findByText('Thank you');
    expect(posts[0]).toMatchObject({
      vehiclePriceBudget: 30000,
      category: 'Finance Enquiry',
      calculator: { price: 30000, deposit: 3000, term_years: 5, interest_rate: 10 },
    });
  });

  it('links to the enquiry without figures while the input is out of range', () => {
    expect(financeApplyPath(undefined, 'c1')).toBe('/finance-enquiry?car_id=c1#finance-form');
    expect(financeApplyPath({ price: 30000, deposit: 0, term_years: 5, interest_rate: 10 })).toBe(
      '/finance-enquiry?vehiclePriceBudget=30000&deposit=0&term_years=5&interest_rate=10#finance-form',
    );
  });
});
