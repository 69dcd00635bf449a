// Request Photos (spec 000 §2 "Forms": optional message, hidden default
// "Please send photos for this car"): a lead the dealer receives, opened
// from a car card without photos as the app composes it.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardActions } from './cardActions';
import { CardActionsProvider } from '../components/search/cardActions';
import { CarCard } from '../components/search/CarCard';
import type { Car } from '../lib/types';
import { fixture, siteResponse } from '../test/fixtures';
import { renderWithSite } from '../test/renderWithSite';
import { stubLeadsAPI } from '../features/leads/test/stubLeadsAPI';
import { SuccessPage } from '../components/forms/SuccessPage';

afterEach(() => vi.unstubAllGlobals());

const car = fixture<Car>({
  id: 'c1',
  slug: '2021-toyota-corolla-c1',
  year: 2021,
  make: 'Toyota',
  model: 'Corolla',
  car_type: 'used',
  status: 'in_stock',
  primary_image_url: '/media/demo/placeholder.svg',
  dealership_slug: 'riverside-toyota',
  created_at: '2025-01-01T00:00:00Z',
});

async function openRequest() {
  const user = userEvent.setup();
  renderWithSite(
    <CardActionsProvider value={cardActions}>
      <Routes>
        <Route path="/" element={<CarCard car={car} now={new Date('2026-03-02T00:00:00Z')} />} />
        <Route path="/success" element={<SuccessPage />} />
      </Routes>
    </CardActionsProvider>,
    siteResponse({ leads: { captcha: false, message_optional: false } }),
  );
  const open = screen.getByRole('button', { name: 'Request photos of 2021 Toyota Corolla' });
  await user.click(open);
  const dialog = await screen.findByRole('dialog', { name: 'Request photos' });
  return { user, open, dialog, form: within(dialog) };
}

// Typing whole forms takes seconds on a busy CI machine.
describe('Request Photos (spec 000 §2)', { timeout: 20000 }, () => {
  it('is a named dialog with the hidden default and an optional message; Escape closes it', async () => {
    stubLeadsAPI();
    const { user, open, dialog, form } = await openRequest();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog.querySelector('input[type="hidden"][name="request"]')).toHaveValue('Please send photos for this car');
    expect(form.getByLabelText('Message (optional)')).not.toHaveAttribute('aria-required');
    expect(screen.queryByRole('link', { name: /Email/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('posts a request_photos lead about the car with the default message, then thanks the shopper', async () => {
    const { posts } = stubLeadsAPI();
    const { user, form } = await openRequest();
    await user.type(form.getByLabelText('First Name *'), 'Sam');
    await user.type(form.getByLabelText('Email'), 'sam@example.com');
    await user.type(form.getByLabelText('Postcode *'), '4032');
    await user.click(form.getByRole('button', { name: 'Request photos' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your enquiry');
    expect(screen.getByText('The dealership will send you photos of the car.')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toMatchObject({
      type: 'request_photos',
      car_id: 'c1',
      message: 'Please send photos for this car',
      dealership_slug: 'riverside-toyota',
    });
  });
});
