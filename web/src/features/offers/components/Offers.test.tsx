import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SiteProvider } from '../../../lib/siteContext';
import type { OfferView } from '../../../lib/types';
import { fixture, siteResponse } from '../../../test/fixtures';
import OfferPage from './OfferPage';
import OffersPage from './OffersPage';

const LONG = 'd'.repeat(250);
const offer = (over: Partial<OfferView> = {}): OfferView =>
  fixture<OfferView>({
    id: 'rav4',
    name: 'RAV4 drive away',
    manufacturer: { name: 'Toyota' },
    model: { name: 'RAV4', slug: 'rav4', override_url: '/models/rav4' },
    sanitized_description: LONG,
    description_short: 'd'.repeat(160) + '…',
    disclaimer: 'x'.repeat(250),
    disclaimer_short: 'x'.repeat(200) + '…',
    path: '/offers/toyota/rav4',
    model_link: '/models/rav4',
    image: '/media/demo/suv/white.svg',
    ...over,
  });

function answer(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

const enquiry = (o: OfferView) => <p>form about {o.name}</p>;

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SiteProvider value={siteResponse()}>
        <Routes>
          <Route path="/special-offers" element={<OffersPage enquiry={enquiry} />} />
          <Route path="/offers/:manufacturer/:id" element={<OfferPage enquiry={enquiry} />} />
          <Route path="/offers/:id" element={<OfferPage enquiry={enquiry} />} />
          <Route path="/models/rav4" element={<h1>RAV4 page</h1>} />
        </Routes>
      </SiteProvider>
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('special offers (spec 001 §2 "Offers", §4 descriptions and disclaimers)', () => {
  it('shows the server’s cut description and disclaimer, each expanding and collapsing', async () => {
    const user = userEvent.setup();
    answer({ offers: [offer()] });
    renderAt('/special-offers');
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('heading', { name: 'RAV4 drive away' })).toBeInTheDocument();
    expect(within(card).getByText('d'.repeat(160) + '…')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'View more' }));
    expect(within(card).getByText(LONG)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'View less' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(card).getByRole('button', { name: 'View full' }));
    expect(within(card).getByText('x'.repeat(250))).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Explore RAV4' })).toHaveAttribute('href', '/models/rav4');
  });

  it('shows a short description whole, with no toggle', async () => {
    answer({ offers: [offer({ sanitized_description: 'Short.', description_short: undefined })] });
    renderAt('/special-offers');
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Short.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'View more' })).toBeNull();
  });

  it('Enquire Now opens the enquiry form about the offer and moves focus to it', async () => {
    const user = userEvent.setup();
    answer({ offers: [offer()] });
    renderAt('/special-offers');
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: 'Enquire Now' }));
    const region = within(card).getByRole('region', { name: 'Enquire about RAV4 drive away' });
    expect(region).toHaveTextContent('form about RAV4 drive away');
    expect(within(region).getByRole('heading', { name: 'Enquire about RAV4 drive away' })).toHaveFocus();
  });

  it('switches between list and grid cards', async () => {
    const user = userEvent.setup();
    answer({ offers: [offer(), offer({ id: 'b', name: 'Second' })] });
    renderAt('/special-offers');
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Grid' }));
    expect(screen.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('list')[0]).toHaveClass('offers-page__list--grid');
  });

  it('says so when there are no offers, and when they cannot be loaded', async () => {
    answer({ offers: [] });
    const { unmount } = renderAt('/special-offers');
    expect(await screen.findByText(/no special offers just now/)).toBeInTheDocument();
    unmount();
    answer({ error: { code: 'internal', message: 'x' } }, 500);
    renderAt('/special-offers');
    expect(await screen.findByRole('alert')).toHaveTextContent('Offers could not be loaded');
  });

  it('shows an offer’s page in full with its form, and sends /offers/{id} to the address the server names', async () => {
    answer(offer());
    renderAt('/offers/rav4');
    expect(await screen.findByRole('heading', { level: 1, name: 'RAV4 drive away' })).toBeInTheDocument();
    expect(screen.getByText(LONG)).toBeInTheDocument();
    expect(screen.getByText('form about RAV4 drive away')).toBeInTheDocument();
  });

  it('shows Offer not found for an offer the site does not show', async () => {
    answer({ error: { code: 'not_found', message: 'offer not found' } }, 404);
    renderAt('/offers/toyota/gone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Offer not found' })).toBeInTheDocument();
  });
});
