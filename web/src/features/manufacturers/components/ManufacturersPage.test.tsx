import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SiteProvider } from '../../../lib/siteContext';
import type { Car } from '../../../lib/types';
import type { FacetClient } from '../../../lib/search/useFacetCounts';
import { fakeSearchClient } from '../../../test/fakeSearchClient';
import { siteResponse, stock } from '../../../test/fixtures';
import ManufacturersPage, { matchMakes } from './ManufacturersPage';
import imageNotFound from '../../../components/assets/image-not-found.svg';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

/** 30 makes: Make 00 has 1 car, Make 01 two, ... */
const manyMakes = (): Car[] =>
  Array.from({ length: 30 }, (_, m) => stock(m + 1).map((c, i) => ({ ...c, id: `m${m}-${i}`, make: `Make ${String(m).padStart(2, '0')}` }))).flat();

function renderManufacturers(url: string, cars: Car[] = manyMakes()) {
  const client = fakeSearchClient(cars) as unknown as FacetClient;
  render(
    <MemoryRouter initialEntries={[url]}>
      <SiteProvider value={siteResponse()}>
        <Routes>
          <Route
            path="/manufacturers"
            element={
              <>
                <ManufacturersPage searchClient={client} />
                <Where />
              </>
            }
          />
        </Routes>
      </SiteProvider>
    </MemoryRouter>,
  );
  return client;
}

describe('manufacturer directory search (spec 000 §2, §7, §9)', () => {
  it('lists the makes with stock, 21 to a page, each linked to its listing', async () => {
    const user = userEvent.setup();
    renderManufacturers('/manufacturers');
    expect(await screen.findByText('30 makes in stock')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Makes' });
    expect(within(list).getAllByRole('link')).toHaveLength(21);
    expect(within(list).getByRole('link', { name: 'Make 02 3 cars' })).toHaveAttribute('href', '/search/Make%2002');
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/manufacturers?page=2');
    expect(within(screen.getByRole('list', { name: 'Makes' })).getAllByRole('link')).toHaveLength(9);
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('searches makes after 300 ms and starts again at page 1', async () => {
    const user = userEvent.setup();
    renderManufacturers('/manufacturers?page=2');
    await screen.findByText('30 makes in stock');
    await user.type(screen.getByRole('searchbox', { name: 'Search makes' }), 'make 1');
    // Make 01, Make 10 to 19 and Make 21 carry both words.
    await waitFor(() => expect(screen.getByText('12 makes in stock')).toBeInTheDocument());
    expect(screen.getByTestId('where')).toHaveTextContent('/manufacturers?query=make+1');
    await user.clear(screen.getByRole('searchbox', { name: 'Search makes' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search makes' }), 'lamborghini{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('No makes match “lamborghini”');
  });

  it('matches every word of the query, ignoring case', () => {
    const makes = [
      { name: 'Mercedes-Benz', count: 2 },
      { name: 'Land Rover', count: 1 },
      { name: 'BMW', count: 3 },
    ];
    expect(matchMakes(makes, 'benz')).toEqual([{ name: 'Mercedes-Benz', count: 2 }]);
    expect(matchMakes(makes, 'ROVER land')).toEqual([{ name: 'Land Rover', count: 1 }]);
    expect(matchMakes(makes, '').map((m) => m.name)).toEqual(['BMW', 'Land Rover', 'Mercedes-Benz']);
  });
});

describe('manufacturer directory logos (spec 001 §3 built-in list, §8 missing logo)', () => {
  it('shows a listed make with its logo, and the image-not-found image for a make the list lacks or a logo that fails', async () => {
    const cars = [...stock(2).map((c, i) => ({ ...c, id: `t${i}`, make: 'Toyota' })), ...stock(1).map((c) => ({ ...c, id: 'j0', make: 'Jayco' }))];
    renderManufacturers('/manufacturers', cars);
    const list = await screen.findByRole('list', { name: 'Makes' });
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(2));
    const logo = (name: string) =>
      within(list)
        .getByRole('link', { name: new RegExp(`^${name}`) })
        .querySelector('img');
    expect(logo('Toyota')).toHaveAttribute('src', '/media/manufacturers/toyota.svg');
    expect(logo('Jayco')).toHaveAttribute('src', imageNotFound);
    fireEvent.error(logo('Toyota')!);
    expect(logo('Toyota')).toHaveAttribute('src', imageNotFound);
  });
});
