// /book-test-drive/ (spec 001 §2) as the page a header/footer link reaches
// (issue 32 item 5): the shopper picks the car there, or arrives with it from
// a car page's enquiry section (?car=<slug>), and the booking names it.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FacetClient } from '../../../lib/search/useFacetCounts';
import type { Car } from '../../../lib/types';
import { fakeSearchClient } from '../../../test/fakeSearchClient';
import { fixture, siteResponse, type SiteOverrides } from '../../../test/fixtures';
import { renderWithSite } from '../../../test/renderWithSite';
import { json, stubLeadsAPI } from '../test/stubLeadsAPI';
import { BookTestDrivePage } from './BookTestDrivePage';
import { SuccessPage } from '../../../components/forms/SuccessPage';

afterEach(() => vi.unstubAllGlobals());

const site = siteResponse({ leads: { captcha: false, message_optional: false } } as SiteOverrides);

function renderPage(path: string, cars: Car[] = []) {
  renderWithSite(
    <Routes>
      <Route path="/book-test-drive" element={<BookTestDrivePage searchClient={fakeSearchClient(cars) as unknown as FacetClient} />} />
      <Route path="/success" element={<SuccessPage />} />
    </Routes>,
    site,
    path,
  );
}

async function fillAndSend(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First Name *'), 'Sam');
  await user.type(screen.getByLabelText('Mobile Number'), '0491570110');
  await user.type(screen.getByLabelText('Postcode *'), '4032');
  await user.click(screen.getByRole('button', { name: 'Request test drive' }));
  await screen.findByRole('status');
}

describe('book a test drive page (issue 32 item 5)', { timeout: 20000 }, () => {
  it('the shopper finds and picks the car on the page, and the booking carries it', async () => {
    const { posts } = stubLeadsAPI();
    const cars = [
      fixture<Car>({ id: 'sold', slug: 'sold', year: 2019, make: 'Mazda', model: 'CX-5', status: 'sold', sold: true, price: 25990 }),
      fixture<Car>({ id: 'cx5', slug: 'cx5', year: 2022, make: 'Mazda', model: 'CX-5', status: 'in_stock', price: 35990 }),
      fixture<Car>({ id: 'rio', slug: 'rio', year: 2021, make: 'Kia', model: 'Rio', status: 'in_stock', price: 18990 }),
    ];
    const user = userEvent.setup();
    renderPage('/book-test-drive/', cars);
    await user.type(screen.getByRole('searchbox', { name: 'Which car would you like to drive?' }), 'cx-5');
    const matches = await screen.findByRole('list', { name: 'Matching cars' });
    // A sold car is not offered (spec 000 §4: not available).
    expect(
      within(matches)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['2022 Mazda CX-5$35,990']);
    const title = '2022 Mazda CX-5';
    await user.click(within(matches).getByRole('button', { name: /^2022 Mazda CX-5/ }));
    const chosen = screen.getByRole('group', { name: 'Your car' });
    expect(chosen).toHaveTextContent(title);
    expect(within(chosen).getByRole('button', { name: 'Change car' })).toBeInTheDocument();
    await fillAndSend(user);
    expect(posts[0].body).toMatchObject({ type: 'test_drive', car_id: 'cx5' });
  });

  it('arrives with the car from a car page link (?car=slug) and names it', async () => {
    const car = fixture<Car>({ id: 'c9', slug: '2020-mazda-cx-5-c9', year: 2020, make: 'Mazda', model: 'CX-5', status: 'in_stock', price: 30990 });
    const { posts } = stubLeadsAPI();
    const leadsFetch = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/cars/2020-mazda-cx-5-c9') return json(200, { car, view: { price: { text: '$30,990' } } });
        return leadsFetch(url, init);
      }),
    );
    const user = userEvent.setup();
    renderPage('/book-test-drive/?car=2020-mazda-cx-5-c9');
    expect(await screen.findByRole('group', { name: 'Your car' })).toHaveTextContent('2020 Mazda CX-5');
    await fillAndSend(user);
    expect(posts[0].body).toMatchObject({ type: 'test_drive', car_id: 'c9' });
  });

  it('a car sold since the link was made is not booked: the shopper picks one', async () => {
    const car = fixture<Car>({ id: 's1', slug: '2019-mazda-cx-5-s1', year: 2019, make: 'Mazda', model: 'CX-5', status: 'sold', sold: true, price: 25990 });
    const leadsFetch = globalThis.fetch;
    stubLeadsAPI();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/cars/2019-mazda-cx-5-s1') return json(200, { car, view: { price: { text: '$25,990' } } });
        return leadsFetch(url, init);
      }),
    );
    renderPage('/book-test-drive/?car=2019-mazda-cx-5-s1');
    expect(await screen.findByRole('searchbox', { name: 'Which car would you like to drive?' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Your car' })).not.toBeInTheDocument();
  });
});
