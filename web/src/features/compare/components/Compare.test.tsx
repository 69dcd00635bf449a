// Compare as a shopper sees it (spec 000 §4, issue 12): picking cars, the
// bar with the shareable link, and the page rendering GET /api/compare.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Comparison } from '../../../lib/types';
import { siteResponse } from '../../../test/fixtures';
import { renderWithSite } from '../../../test/renderWithSite';
import { CompareBar } from './CompareBar';
import ComparePage, { idsOf } from './ComparePage';
import { CompareToggle } from './CompareToggle';

const comparison: Comparison = {
  cars: [
    { id: 'a', slug: 'a-slug', title: '2021 Kia Rio', available: true },
    { id: 'b', slug: 'b-slug', title: '2020 Mazda 3', available: true },
    { id: 'c', slug: 'c-slug', title: '2019 Toyota Corolla', available: false },
  ],
  rows: [
    { key: 'price', label: 'Price', group: 'overview', values: ['$18,990', '$21,990', '$17,500'], differs: true },
    { key: 'body', label: 'Body', group: 'overview', values: ['Hatch', 'Hatch', 'Hatch'], differs: false },
    { key: 'feature:sunroof', label: 'Sunroof', group: 'features', values: ['', 'Yes', ''], differs: true },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('compare', () => {
  it('reads the ids of a shared link in order, without blanks or repeats', () => {
    expect(idsOf('a, b,,a,c')).toEqual(['a', 'b', 'c']);
    expect(idsOf(null)).toEqual([]);
  });

  it('shows the cars side by side with the rows they differ in highlighted', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(comparison), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    renderWithSite(<ComparePage />, siteResponse(), '/compare?cars=a,b,c');
    expect(await screen.findByRole('link', { name: '2021 Kia Rio' })).toHaveAttribute('href', '/cars/a-slug');
    expect(fetch).toHaveBeenCalledWith('/api/compare?cars=a,b,c', expect.anything());
    const price = screen.getByText('Price').closest('tr') as HTMLElement;
    expect(price).toHaveClass('compare__row--differs');
    expect(
      within(price)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$18,990', '$21,990', '$17,500']);
    expect(screen.getByText('Body').closest('tr')).not.toHaveClass('compare__row--differs');
    expect(screen.getByText('SOLD')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Features/ })).toBeInTheDocument();
  });

  // Issue 32 item 12: a car without a photo shows the cards' no-photo panel,
  // each car has Enquire (its car page's enquiry) and Remove, which takes it
  // out of the comparison and of the picks without a reload.
  it('shows the no-photo panel, Enquire and Remove for each car', async () => {
    window.localStorage.setItem('forecourt:compare:riverside-toyota', JSON.stringify(comparison.cars!.map((c) => ({ id: c.id, title: c.title }))));
    const withPhoto: Comparison = {
      ...comparison,
      cars: comparison.cars!.map((c, i) => (i === 0 ? { ...c, primary_image_url: '/media/demo/suv/red.svg' } : c)),
    };
    const two: Comparison = { cars: withPhoto.cars!.filter((c) => c.id !== 'b'), rows: [{ ...comparison.rows![0], values: ['$18,990', '$17,500'] }] };
    const fetch = vi.fn(async (url: string) => new Response(JSON.stringify(url.includes('a,b,c') ? withPhoto : two), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    renderWithSite(<ComparePage />, siteResponse(), '/compare?cars=a,b,c');
    await screen.findByRole('link', { name: '2021 Kia Rio' });
    expect(screen.getAllByText('Photos coming soon')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Enquire about 2020 Mazda 3' })).toHaveAttribute('href', '/cars/b-slug#enquire');
    expect(screen.queryByRole('link', { name: 'Enquire about 2019 Toyota Corolla' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Cars compared side by side' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove 2020 Mazda 3 from the comparison' }));
    expect(screen.queryByRole('link', { name: '2020 Mazda 3' })).toBeNull();
    expect(fetch).toHaveBeenLastCalledWith('/api/compare?cars=a,c', expect.anything());
    expect(JSON.parse(window.localStorage.getItem('forecourt:compare:riverside-toyota')!).map((p: { id: string }) => p.id)).toEqual(['a', 'c']);
    expect(await screen.findByRole('link', { name: '2019 Toyota Corolla' })).toBeInTheDocument();
  });

  it('picks at most three cars on a narrow screen and links the bar to the shareable comparison', async () => {
    renderWithSite(
      <>
        {['a', 'b', 'c', 'd'].map((id) => (
          <CompareToggle key={id} id={id} title={`Car ${id}`} />
        ))}
        <CompareBar />
      </>,
      siteResponse({ features: { favourites: true, compare: true } as never }),
    );
    for (const id of ['a', 'b', 'c']) await userEvent.click(screen.getByRole('checkbox', { name: `Compare Car ${id}` }));
    expect(screen.getByRole('checkbox', { name: 'Compare Car d' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Compare 3 cars' })).toHaveAttribute('href', '/compare?cars=a,b,c');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Car b from the comparison' }));
    expect(screen.getByRole('link', { name: 'Compare 2 cars' })).toHaveAttribute('href', '/compare?cars=a,c');
    expect(screen.getByRole('checkbox', { name: 'Compare Car d' })).toBeEnabled();
  });
});
