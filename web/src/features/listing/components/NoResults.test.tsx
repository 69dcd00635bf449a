import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { siteResponse } from '../../../test/fixtures';
import { renderListing } from '../test/renderListing';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

const empty = async () => {
  // The empty state is a lazy chunk: its first import is slow on a busy machine.
  const heading = await screen.findByRole('heading', { name: 'No cars match your search' }, { timeout: 15000 });
  return heading.closest<HTMLElement>('.no-results')!;
};
const enquiryHref = () => new URL(screen.getByRole('link', { name: 'Can’t find it? We’ll find it for you' }).getAttribute('href')!, 'http://x');

// Issue 32 item 15: an empty listing says "Try removing a filter" only when a
// filter is set, always offers the nearest wider searches with their counts
// and the site's stock, and an enquiry describing the search.
describe('the empty listing (issue 32 item 15)', { timeout: 30000 }, () => {
  it('with filters: says try removing one, clears them, and offers each wider search with its count', async () => {
    const user = userEvent.setup();
    // Fixture stock: Toyota HiLux from $11,000; one car (a Corolla) at $10,000.
    renderListing('/search/Toyota/HiLux?price=:10500', { site: siteResponse({ leads: { categories: ['General Enquiry', 'Sales Enquiry'] } }) });
    const box = await empty();
    expect(within(box).getByText('Try removing a filter.')).toBeInTheDocument();
    const nearest = await within(box).findByRole('navigation', { name: 'Nearest matches' });
    expect(
      within(nearest)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['1 car without the model HiLux', '/search/Toyota?price=:10500'],
      ['10 cars without the price limit', '/search/Toyota/HiLux'],
      ['1 car without the make Toyota', '/search/new-used-and-demo-cars/?price=:10500'],
      ['50 cars in stock, newest first', '/search/new-used-and-demo-cars/?sortBy=latest'],
    ]);
    const q = enquiryHref();
    expect(q.pathname).toBe('/enquiry');
    expect(q.searchParams.get('category')).toBe('Sales Enquiry');
    expect(q.searchParams.get('message')).toContain('Toyota, HiLux, price up to $10,500');
    await user.click(within(box).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'No cars match your search' })).not.toBeInTheDocument());
  });

  it('without filters: no "removing a filter", no Clear filters; the whole stock and the enquiry with the words', async () => {
    renderListing('/search/new-used-and-demo-cars/?query=lamborghini');
    const box = await empty();
    expect(within(box).queryByText(/removing a filter/i)).not.toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: /clear/i })).not.toBeInTheDocument();
    const nearest = await within(box).findByRole('navigation', { name: 'Nearest matches' });
    // Without the words is the whole stock: it is offered once.
    expect(
      within(nearest)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([['50 cars without the words “lamborghini”', '/search/new-used-and-demo-cars/']]);
    expect(enquiryHref().searchParams.get('message')).toContain('“lamborghini”');
  });

  it('a used-only site’s used-cars path is not a filter to remove', async () => {
    renderListing('/search/used-cars?query=lamborghini', { site: siteResponse({ stock: { car_types: ['used'], listing_path: '/search/used-cars' } }) });
    const box = await empty();
    expect(within(box).queryByText(/removing a filter/i)).not.toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: /clear/i })).not.toBeInTheDocument();
  });
});
