import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteResponse, stock } from '../../../test/fixtures';
import { renderListing } from '../test/renderListing';
import { fakeSearchClient } from '../../../test/fakeSearchClient';
import { SLIDER_DEBOUNCE_MS } from '../../../lib/search/range';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const cards = () => within(screen.getByRole('list', { name: 'Cars' })).queryAllByRole('article');

describe('search listing (spec 000 §2, issue 5)', () => {
  it('shows 21 cars per page with the count and title', async () => {
    renderListing('/search/new-used-and-demo-cars/');
    await waitFor(() => expect(cards()).toHaveLength(21));
    expect(screen.getByRole('heading', { level: 1, name: 'New, used and demo cars' })).toBeInTheDocument();
    expect(screen.getByText('50 cars found')).toBeInTheDocument();
  });

  it('refines by make, puts the make in the path and resets the page', async () => {
    const user = userEvent.setup();
    renderListing('/search/new-used-and-demo-cars/?page=2');
    await waitFor(() => expect(cards()).toHaveLength(21));
    await user.click(await screen.findByRole('checkbox', { name: /Mazda/ }));
    await waitFor(() => expect(window.location.pathname).toBe('/search/Mazda'));
    expect(window.location.search).toBe('');
    await waitFor(() => expect(cards()).toHaveLength(10));
    for (const card of cards()) expect(card).toHaveAccessibleName(/Mazda CX-5/);
  });

  it('reads a preset path: /search/used-cars shows used cars only', async () => {
    renderListing('/search/used-cars');
    await waitFor(() => expect(screen.getByText('17 cars found')).toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Used cars' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Used/ })).toBeChecked();
  });

  it('applies a path preset even when the site shows no filter for it', async () => {
    renderListing('/search/Toyota/HiLux', { site: siteResponse({ search: { facets: ['price'] } }) });
    await waitFor(() => expect(screen.getByText('10 cars found')).toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Toyota HiLux' })).toBeInTheDocument();
    for (const card of cards()) expect(card).toHaveAccessibleName(/Toyota HiLux/);
  });

  it('pages with readable URLs and back restores the previous page', async () => {
    const user = userEvent.setup();
    renderListing('/search/new-used-and-demo-cars/');
    await waitFor(() => expect(cards()).toHaveLength(21));
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    await waitFor(() => expect(cards()[0]).toHaveAccessibleName('2016 Toyota HiLux'));
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    act(() => window.history.back());
    await waitFor(() => expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page'));
  });

  it('sorts by lowest price through the replica and adds price > 0 where the site says so (spec 000 §5)', async () => {
    const user = userEvent.setup();
    const cars = stock(30);
    cars[5].price = 0;
    const { client } = renderListing('/search/new-used-and-demo-cars/', {
      cars,
      site: siteResponse({ search: { price_asc_excludes_zero: true, facets: ['make'] } }),
    });
    await waitFor(() => expect(cards()).toHaveLength(21));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Lowest price');
    await waitFor(() => expect(window.location.search).toBe('?sortBy=price_asc'));
    await waitFor(() => expect(screen.getByText('29 cars found')).toBeInTheDocument());
    const last = client.search.mock.calls.at(-1)?.[0] as Array<{ indexName: string; params: { filters?: string } }>;
    expect(last[0].indexName).toBe('cars_price_asc');
    expect(last[0].params.filters).toBe('price > 0');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Lowest price');
  });

  it('offers the site’s sort options only (spec 001 §9 defaults)', async () => {
    renderListing('/search/new-used-and-demo-cars/');
    const select = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Most relevant', 'Latest', 'Highest price', 'Lowest price']);
  });

  it('keeps the previous hits and count when a search fails (spec 000 §4, §8)', async () => {
    const user = userEvent.setup();
    const { client } = renderListing('/search/new-used-and-demo-cars/');
    await waitFor(() => expect(cards()).toHaveLength(21));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    client.search.mockRejectedValue(new Error('engine down'));
    await user.click(screen.getByRole('checkbox', { name: /Kia/ }));
    await waitFor(() => expect(client.search).toHaveBeenCalledTimes(2));
    // Let the failed search settle before looking at what is shown.
    await act(() => client.search.mock.results[1].value.catch(() => {}));
    expect(cards()).toHaveLength(21);
    expect(screen.getByText('50 cars found')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the cars could not be loaded when the first search fails, and Try again recovers (spec 000 §8)', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = fakeSearchClient(stock(50));
    client.search.mockRejectedValueOnce(new Error('network'));
    renderListing('/search/new-used-and-demo-cars/', { client });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'We couldn’t load the cars' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(21));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the empty state with a way back to every car (issue 32 item 15)', async () => {
    const user = userEvent.setup();
    renderListing('/search/new-used-and-demo-cars/?query=lamborghini');
    expect(await screen.findByRole('heading', { name: 'No cars match your search' })).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: '50 cars without the words “lamborghini”' }));
    await waitFor(() => expect(cards()).toHaveLength(21));
  });

  it('narrows by price through the URL and shows the range', async () => {
    renderListing('/search/new-used-and-demo-cars/?price=20000:25000');
    await waitFor(() => expect(screen.getByText('6 cars found')).toBeInTheDocument());
    expect(screen.getByRole('slider', { name: 'Minimum price' })).toHaveValue('20000');
    expect(screen.getByRole('slider', { name: 'Maximum price' })).toHaveValue('25000');
  });

  it('debounces a slider change by 400 ms and rounds price to 1000 (spec 000 §5)', async () => {
    const { client } = renderListing('/search/new-used-and-demo-cars/');
    const max = await screen.findByRole('slider', { name: 'Maximum price' });
    await waitFor(() => expect(screen.getByText('50 cars found')).toBeInTheDocument());
    const before = client.search.mock.calls.length;
    vi.useFakeTimers();
    try {
      fireEvent.change(max, { target: { value: '30400' } });
      expect(max).toHaveValue('30000');
      await act(() => vi.advanceTimersByTimeAsync(SLIDER_DEBOUNCE_MS - 1));
      expect(client.search.mock.calls.length).toBe(before);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(client.search.mock.calls.length).toBeGreaterThan(before);
      // The history router writes the URL after a delay of its own; run it
      // while its timer is still the fake one.
      await act(() => vi.advanceTimersByTimeAsync(1000));
    } finally {
      vi.useRealTimers();
    }
    expect(window.location.search).toBe('?price=:30000');
    await waitFor(() => expect(screen.getByText('21 cars found')).toBeInTheDocument());
  });

  it('toggles simple_body from the body-type tiles (spec 001 §4)', async () => {
    const user = userEvent.setup();
    renderListing('/search/new-used-and-demo-cars/');
    const tiles = await screen.findByRole('group', { name: 'Body type' });
    const ute = within(tiles).getByRole('button', { name: 'Ute' });
    await user.click(ute);
    await waitFor(() => expect(window.location.search).toBe('?body=Ute'));
    await waitFor(() => expect(screen.getByText('20 cars found')).toBeInTheDocument());
    expect(within(screen.getByRole('group', { name: 'Body type' })).getByRole('button', { name: 'Ute' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(screen.getByRole('group', { name: 'Body type' })).getByRole('button', { name: 'Ute' }));
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('records a settled search in the history (spec 001 §3)', async () => {
    renderListing('/search/Kia?page=2');
    await waitFor(() => expect(screen.getByText('10 cars found')).toBeInTheDocument());
    await waitFor(
      () =>
        expect(JSON.parse(window.localStorage.getItem('forecourt:search-history:riverside-toyota') ?? '[]')).toEqual([{ path: '/search/Kia', label: 'Kia' }]),
      { timeout: 3000 },
    );
  });

  it('restricts to the car types the site sells (base filter)', async () => {
    const { client } = renderListing('/cars/', { site: siteResponse({ stock: { car_types: ['used'] } }) });
    await waitFor(() => expect(client.search).toHaveBeenCalled());
    const first = client.search.mock.calls[0][0] as Array<{ params: { filters?: string } }>;
    expect(first[0].params.filters).toBe('(car_type:"used")');
  });

  it('inserts promo tiles at positions 8 and 17 (spec 001 §9)', async () => {
    renderListing('/search/new-used-and-demo-cars/', {
      site: siteResponse({
        promotions: [
          { id: 'warranty', title: '3 Year Warranty' },
          { id: 'finance', title: 'Finance made easy' },
        ],
      }),
    });
    await waitFor(() => expect(cards()).toHaveLength(21));
    const items = Array.from(screen.getByRole('list', { name: 'Cars' }).children) as HTMLElement[];
    expect(within(items[7]).getByRole('complementary', { name: '3 Year Warranty' })).toBeInTheDocument();
    expect(within(items[16]).getByRole('complementary', { name: 'Finance made easy' })).toBeInTheDocument();
  });

  it('shows the CTA card at result 30: not on page 1, the 9th slot of page 2 at 21 per page (spec 001 §9)', async () => {
    const site = siteResponse({ search: { cta: { id: 'cta', title: 'Can’t find the right car?', link_path: '/contact-us' }, cta_position: 30 } });
    renderListing('/search/new-used-and-demo-cars/', { site });
    await waitFor(() => expect(cards()).toHaveLength(21));
    expect(screen.queryByRole('complementary', { name: 'Can’t find the right car?' })).toBeNull();
    window.history.replaceState(null, '', '/');
    cleanup();
    renderListing('/search/new-used-and-demo-cars/?page=2', { site });
    await waitFor(() => expect(screen.getByRole('complementary', { name: 'Can’t find the right car?' })).toBeInTheDocument());
    const items = Array.from(screen.getByRole('list', { name: 'Cars' }).children) as HTMLElement[];
    expect(within(items[8]).getByRole('link')).toHaveAttribute('href', '/contact-us');
    expect(cards()).toHaveLength(21);
  });

  it('opens the filters in a drawer on phones and closes it with Escape', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const user = userEvent.setup();
    renderListing('/search/new-used-and-demo-cars/');
    await waitFor(() => expect(cards()).toHaveLength(21));
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('button', { name: 'Close filters' })).toHaveFocus();
    await user.click(within(dialog).getByRole('checkbox', { name: /Kia/ }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Show 10 cars' })).toBeInTheDocument());
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('issue 17 "found on the way": headings never skip a level on a phone, where the Filters drawer is closed (card titles are h3 under the results h2)', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderListing('/search/new-used-and-demo-cars/');
    await waitFor(() => expect(cards()).toHaveLength(21));
    // What a screen reader's heading list holds: the closed drawer is inert, so its h2 is not there.
    const levels = screen
      .getAllByRole('heading')
      .filter((h) => !h.closest('[inert]'))
      .map((h) => Number(h.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level - levels[i - 1], `heading ${i} (h${level}) after h${levels[i - 1]}`).toBeLessThanOrEqual(1);
    });
    expect(screen.getByRole('region', { name: 'Search results' })).toBeInTheDocument();
  });
});
