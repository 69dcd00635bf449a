import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSearchClient } from '../../../test/fakeSearchClient';
import { stock } from '../../../test/fixtures';
import { renderWithSite } from '../../../test/renderWithSite';
import { BudgetFinder } from './BudgetFinder';

function Where() {
  const l = useLocation();
  return <p>at {l.pathname + l.search}</p>;
}

function renderFinder(cars = stock(50)) {
  const client = fakeSearchClient(cars);
  renderWithSite(
    <Routes>
      <Route path="/" element={<BudgetFinder searchClient={client as never} />} />
      <Route path="*" element={<Where />} />
    </Routes>,
  );
  return client;
}

describe('budget finder (spec 001 §2, §4, §5, §9)', () => {
  it('estimates 600 a month over 5 years plus 2000 and opens the listing up to that price', async () => {
    const user = userEvent.setup();
    const client = renderFinder();
    expect(screen.getByRole('heading', { name: 'Find cars for your budget' })).toBeInTheDocument();
    expect(screen.getByText('$38,000')).toBeInTheDocument();
    const button = await screen.findByRole('button', { name: 'Show 29 Cars' });
    const call = client.search.mock.calls.at(-1)?.[0] as unknown as { requests: Array<{ filters: string }> };
    expect(call.requests[0].filters).toBe('price > 1000');
    await user.click(button);
    expect(screen.getByText('at /search/new-used-and-demo-cars/?price=:38000')).toBeInTheDocument();
  });

  it('switches to weekly with its default of 200 (200 x 52 x 5 + 2000)', async () => {
    const user = userEvent.setup();
    renderFinder();
    await user.click(screen.getByRole('radio', { name: 'Weekly' }));
    expect(screen.getByLabelText('Weekly repayment ($)')).toHaveValue('200');
    expect(screen.getByText('$54,000')).toBeInTheDocument();
  });

  it('disables the button with "0 … Found" when the budget is under the cheapest car', async () => {
    const user = userEvent.setup();
    renderFinder();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Car type' }), 'Used Cars');
    const repayment = screen.getByLabelText('Monthly repayment ($)');
    await user.clear(repayment);
    await user.type(repayment, '100');
    const deposit = screen.getByLabelText('Deposit ($)');
    await user.clear(deposit);
    await user.type(deposit, 'abc');
    expect(screen.getByText('$6,000')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '0 Used Cars Found' })).toBeDisabled());
    expect(screen.getByText('No used cars found for this budget')).toBeInTheDocument();
  });

  // Issue 34: no page sends a search on load that the shopper did not ask
  // for. The finder sits below the fold of the home page: it counts once it
  // is on screen, not on load.
  describe('counts once on screen', () => {
    let show: (() => void) | undefined;
    class Observer {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        show = () => this.callback([{ target, isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
      }
      disconnect() {}
    }
    afterEach(() => {
      vi.unstubAllGlobals();
      show = undefined;
    });

    it('sends nothing while off screen, then counts when scrolled to', async () => {
      vi.stubGlobal('IntersectionObserver', Observer);
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        const client = renderFinder();
        await act(async () => {
          await vi.advanceTimersByTimeAsync(1000);
        });
        expect(client.search).not.toHaveBeenCalled();
        expect(screen.getByRole('button', { name: 'Searching…' })).toBeDisabled();
        act(() => show?.());
        expect(await screen.findByRole('button', { name: 'Show 29 Cars' })).toBeEnabled();
        expect(client.search).toHaveBeenCalledTimes(1);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
