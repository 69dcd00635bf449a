import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhoneReveal } from './PhoneReveal';

afterEach(() => vi.unstubAllGlobals());

function reveal(fetchImpl: () => Promise<Response>) {
  const fetchMock = vi.fn(fetchImpl);
  vi.stubGlobal('fetch', fetchMock);
  render(<PhoneReveal phone="07 3000 0002" label="Call the dealer" carId="c9" dealershipId="d1" websiteId="s1" />);
  return fetchMock;
}

describe('phone reveal (spec 000 §4, spec 001 §8)', () => {
  it('masks the number until clicked, then sends event 25 and shows a tel: link with the focus', async () => {
    const user = userEvent.setup();
    const fetchMock = reveal(async () => new Response(null, { status: 202 }));
    expect(screen.queryByText('07 3000 0002')).not.toBeInTheDocument();
    expect(screen.getByText('07 30XX XXXX')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show number 07 30XX XXXX' }));
    const link = screen.getByRole('link', { name: 'Call the dealer: 07 3000 0002' });
    expect(link).toHaveAttribute('href', 'tel:0730000002');
    expect(link).toHaveFocus();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/events');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ event_id: 25, car_id: 'c9', dealership_id: 'd1', website_id: 's1' });
  });

  it('shows the number even when the event never answers or fails (logged only, spec 000 §8)', async () => {
    const user = userEvent.setup();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    reveal(() => Promise.reject(new TypeError('offline')));
    await user.click(screen.getByRole('button', { name: 'Show number 07 30XX XXXX' }));
    expect(screen.getByRole('link', { name: 'Call the dealer: 07 3000 0002' })).toBeInTheDocument();
    await vi.waitFor(() => expect(errors).toHaveBeenCalled());
    errors.mockRestore();
  });

  // Issue 32 item 13: "Call the dealer (02) 55XX XXXX" read as a placeholder;
  // the control says what a tap does, and the number it shows is the real one.
  it('says Show number beside the masked number, then shows the full number to tap', async () => {
    const user = userEvent.setup();
    reveal(async () => new Response(null, { status: 202 }));
    const button = screen.getByRole('button');
    expect(button).toHaveTextContent(/^Show number 07 30XX XXXX$/);
    await user.click(button);
    expect(screen.getByRole('link')).toHaveTextContent(/^07 3000 0002$/);
  });

  it('renders nothing without a number', () => {
    const { container } = render(<PhoneReveal phone="" label="Call the dealer" carId="c9" websiteId="s1" />);
    expect(container).toBeEmptyDOMElement();
  });
});
