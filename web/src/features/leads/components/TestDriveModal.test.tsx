// Book a Test Drive (spec 001 §2 "Action buttons": a modal of width 600;
// §5 "Test drive": optional appointment and message, terms only with a
// dealer disclaimer) with the appointment times of GET /api/test-drive/slots.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Car } from '../../../lib/types';
import { fixture, siteResponse, type SiteOverrides } from '../../../test/fixtures';
import { renderWithSite } from '../../../test/renderWithSite';
import { json, SLOTS, stubLeadsAPI } from '../test/stubLeadsAPI';
import { SuccessPage } from '../../../components/forms/SuccessPage';
import { TestDriveModal } from './TestDriveModal';

afterEach(() => vi.unstubAllGlobals());

const car = fixture<Car>({
  id: 'c9',
  slug: '2020-mazda-cx-5-c9',
  year: 2020,
  make: 'Mazda',
  model: 'CX-5',
  car_type: 'used',
  dealership_slug: 'riverside-toyota',
  dealership_id: 'd1',
});

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Book a Test Drive
      </button>
      <TestDriveModal car={car} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

async function openModal(overrides: SiteOverrides = {}) {
  const user = userEvent.setup();
  renderWithSite(
    <Routes>
      <Route path="/" element={<Opener />} />
      <Route path="/success" element={<SuccessPage />} />
    </Routes>,
    siteResponse({ leads: { captcha: false, message_optional: false }, ...overrides } as SiteOverrides),
  );
  const opener = screen.getByRole('button', { name: 'Book a Test Drive' });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Book a Test Drive' });
  return { user, opener, dialog, form: within(dialog) };
}

async function fillContact(user: ReturnType<typeof userEvent.setup>, form: ReturnType<typeof within>) {
  await user.type(form.getByLabelText('First Name *'), 'Sam');
  await user.type(form.getByLabelText('Mobile Number'), '0491570110');
  await user.type(form.getByLabelText('Postcode *'), '4032');
}

// Typing whole forms takes seconds on a busy CI machine.
describe('test drive modal (spec 001 §2, §5)', { timeout: 20000 }, () => {
  it('is a named modal dialog at most 600 px wide, the first field focused; Escape closes it and focus returns', async () => {
    stubLeadsAPI();
    const { user, opener, dialog, form } = await openModal();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog.style.maxWidth).toBe('600px');
    expect(form.getByText('2020 Mazda CX-5')).toBeInTheDocument();
    expect(form.getByLabelText('First Name *')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps Tab inside the dialog', async () => {
    stubLeadsAPI();
    const { user, dialog, form } = await openModal();
    form.getByRole('button', { name: 'Request test drive' }).focus();
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(form.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(form.getByRole('button', { name: 'Request test drive' })).toHaveFocus();
  });

  it('books a chosen slot: the appointment is the slot’s start; message optional; no terms without a disclaimer', async () => {
    const { posts, slotURLs } = stubLeadsAPI({ slots: () => json(200, SLOTS) });
    const { user, form } = await openModal();
    expect(form.getByLabelText('Message')).not.toHaveAttribute('aria-required');
    expect(form.queryByRole('checkbox', { name: /terms/ })).not.toBeInTheDocument();
    await fillContact(user, form);
    await user.selectOptions(await form.findByLabelText('Day'), 'Tue 24 Nov');
    const time = form.getByLabelText('Time');
    expect(
      within(time)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any time', '9:00 am', '9:30 am']);
    await user.selectOptions(time, '9:30 am');
    await user.click(form.getByRole('button', { name: 'Request test drive' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your enquiry');
    expect(screen.getByText('The dealership will contact you to confirm the time of your test drive.')).toBeInTheDocument();
    expect(slotURLs).toEqual(['/api/test-drive/slots?car_id=c9']);
    expect(posts[0].body).toMatchObject({ type: 'test_drive', car_id: 'c9', appointment: '2026-11-24T09:30:00+10:00', dealership_slug: 'riverside-toyota' });
    expect(posts[0].body).not.toHaveProperty('message');
  });

  it('says when times are loading and when none can be booked online', async () => {
    let release: (r: Response) => void = () => {};
    stubLeadsAPI({ slots: () => new Promise<Response>((r) => (release = r)) });
    const { form } = await openModal();
    expect(form.getByText('Loading available times…')).toBeInTheDocument();
    release(json(200, { time_zone: 'Australia/Brisbane', days: [{ date: '2026-11-24', label: 'Tue 24 Nov', slots: [] }] }));
    expect(await form.findByText(/No times can be booked online/)).toBeInTheDocument();
    expect(form.queryByLabelText('Day')).not.toBeInTheDocument();
  });

  it('an error loading times leaves the form usable without one', async () => {
    const { posts } = stubLeadsAPI({ slots: () => json(500, { error: { code: 'internal', message: 'boom' } }) });
    const { user, form } = await openModal();
    expect(await form.findByText(/Available times could not be loaded/)).toBeInTheDocument();
    await fillContact(user, form);
    await user.click(form.getByRole('button', { name: 'Request test drive' }));
    await screen.findByRole('status');
    expect(posts[0].body).not.toHaveProperty('appointment');
  });

  it('spec 001 §5: with a dealer disclaimer a terms checkbox shows and must be ticked', async () => {
    const { posts } = stubLeadsAPI();
    const disclaimer = 'Drivers must hold a full licence.';
    const { user, form } = await openModal({ leads: { captcha: false, message_optional: false, disclaimer } } as SiteOverrides);
    expect(form.getByText(disclaimer)).toBeInTheDocument();
    await fillContact(user, form);
    await user.click(form.getByRole('button', { name: 'Request test drive' }));
    expect(await form.findByRole('alert')).toHaveTextContent('You must agree to the terms of use before submitting the form');
    expect(posts).toHaveLength(0);
    await user.click(form.getByRole('checkbox', { name: 'I agree to the terms above' }));
    await user.click(form.getByRole('button', { name: 'Request test drive' }));
    await screen.findByRole('status');
    expect(posts[0].body).toMatchObject({ terms_conditions: true });
  });
});
