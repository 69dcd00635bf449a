// The generic enquiry (spec 001 §3 "Enquiry form fields", §5 "Enquiry form")
// and the engine under it (issue 9 "one form engine"), as a shopper uses them.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteResponse, type SiteOverrides } from '../../../test/fixtures';
import { renderWithSite } from '../../../test/renderWithSite';
import { toPayload, type LeadFormValues } from '../../../components/forms/useLeadForm';
import { stubLeadsAPI } from '../test/stubLeadsAPI';
import { EnquiryForm } from './EnquiryForm';
import { SuccessPage } from '../../../components/forms/SuccessPage';

afterEach(() => vi.unstubAllGlobals());

const LOCATIONS = [
  { id: 'l1', name: 'Riverside Toyota - Sales', slug: 'riverside-toyota-sales', dealership_slug: 'riverside-toyota', location_type: 'sales' },
  { id: 'l2', name: 'Riverside Toyota - Service', slug: 'riverside-toyota-service', dealership_slug: 'riverside-toyota', location_type: 'service' },
];
const CATEGORIES = ['General Enquiry', 'Sales Enquiry', 'Careers Enquiry'];

function leads(extra: Record<string, unknown> = {}) {
  return {
    captcha: false,
    message_optional: false,
    default_category: 'General Enquiry',
    categories: CATEGORIES,
    location_placeholder: 'Please Select a Dealership Location',
    ...extra,
  };
}

function renderForm(ui = <EnquiryForm />, overrides: SiteOverrides = {}) {
  const user = userEvent.setup();
  renderWithSite(
    <Routes>
      <Route path="/" element={ui} />
      <Route path="/success" element={<SuccessPage />} />
    </Routes>,
    siteResponse({ leads: leads(), locations: LOCATIONS, ...overrides } as SiteOverrides),
  );
  return { user, form: within(document.querySelector('form') as HTMLElement) };
}

async function fillContact(user: ReturnType<typeof userEvent.setup>, form: ReturnType<typeof within>) {
  await user.type(form.getByLabelText('First Name *'), 'Sam');
  await user.type(form.getByLabelText('Email'), 'sam@example.com');
  await user.type(form.getByLabelText('Postcode *'), '4032');
}

// Typing whole forms takes seconds on a busy CI machine.
describe('general enquiry (event 22; spec 001 §5)', { timeout: 20000 }, () => {
  it('asks for a category (General Enquiry by default) and a location with its placeholder; Rego optional, contact method Phone by default', () => {
    stubLeadsAPI();
    const { form } = renderForm();
    const category = form.getByLabelText('Category *');
    expect(category).toHaveValue('General Enquiry');
    expect(
      within(category)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(CATEGORIES);
    const location = form.getByLabelText('Location *');
    expect(location).toHaveValue('');
    expect(within(location).getByRole('option', { name: 'Please Select a Dealership Location' })).toBeInTheDocument();
    expect(form.getByLabelText('Registration (rego)')).not.toBeRequired();
    expect(form.getByLabelText('Registration (rego)')).not.toHaveAttribute('aria-required');
    expect(form.getByLabelText('Preferred Contact Method')).toHaveValue('Phone');
    expect(
      within(form.getByLabelText('Preferred Contact Method'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Phone', 'Email', 'SMS']);
    expect(form.getByRole('checkbox', { name: /Keep me informed/ })).toBeChecked();
    // Not configured: no finance or trade-in question, no terms.
    expect(form.queryByLabelText('Is your car currently under finance?')).not.toBeInTheDocument();
    expect(form.queryByRole('checkbox', { name: /terms/i })).not.toBeInTheDocument();
  });

  it('issue 32: on a site that asks for express consent (leads.opt_in_checked false) the opt-in starts unticked', () => {
    stubLeadsAPI();
    const { form } = renderForm(<EnquiryForm />, { leads: leads({ opt_in_checked: false }) } as SiteOverrides);
    expect(form.getByRole('checkbox', { name: /Keep me informed/ })).not.toBeChecked();
  });

  it('spec 001 §5: the location select is required when shown; nothing is sent until it is chosen', async () => {
    const { posts } = stubLeadsAPI();
    const { user, form } = renderForm();
    await fillContact(user, form);
    await user.type(form.getByLabelText('Message *'), 'Hello');
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    const list = await form.findByRole('alert');
    expect(list).toHaveTextContent('Please fix the following errors:');
    expect(list).toHaveTextContent('Please Select a Dealership Location');
    expect(posts).toHaveLength(0);
    await user.selectOptions(form.getByLabelText('Location *'), 'Riverside Toyota - Service');
    await user.selectOptions(form.getByLabelText('Category *'), 'Careers Enquiry');
    await user.type(form.getByLabelText('Registration (rego)'), 'ABC123');
    await user.selectOptions(form.getByLabelText('Preferred Contact Method'), 'SMS');
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your enquiry');
    expect(posts[0].body).toEqual({
      type: 'enquiry',
      name: 'Sam',
      email: 'sam@example.com',
      postcode: '4032',
      location_id: 'l2',
      dealership_slug: 'riverside-toyota',
      category: 'Careers Enquiry',
      Rego: 'ABC123',
      preferred_contact_method: 'SMS',
      message: 'Hello',
      opt_in: true,
    });
  });

  it("spec 001 §3: a distribution-location field from the locations' distribution areas, sent with the lead", async () => {
    const { posts } = stubLeadsAPI();
    const areas = [
      { ...LOCATIONS[0], distribution_locations: ['Gold Coast', 'Logan'] },
      { ...LOCATIONS[1], distribution_locations: ['Logan'] },
    ];
    const { user, form } = renderForm(<EnquiryForm />, { locations: areas } as SiteOverrides);
    await fillContact(user, form);
    await user.type(form.getByLabelText('Message *'), 'Hello');
    await user.selectOptions(form.getByLabelText('Location *'), 'Riverside Toyota - Sales');
    const field = form.getByLabelText('Distribution location');
    expect(
      within(field)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose', 'Gold Coast', 'Logan']);
    await user.selectOptions(field, 'Logan');
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    await screen.findByRole('status');
    expect(posts[0].body).toMatchObject({ distribution_location: 'Logan' });
  });

  it("issue 33, spec 001 §3: the site's check options are tick boxes, folded into one additional_services list", async () => {
    const { posts } = stubLeadsAPI();
    const { user, form } = renderForm(<EnquiryForm carId="c1" />, {
      leads: leads({ check_options: ['Finance', 'Extended warranty', 'Servicing'] }),
    } as SiteOverrides);
    await fillContact(user, form);
    // A car enquiry's message is optional (issue 32 item 14): its label has no asterisk.
    await user.type(form.getByLabelText('Message'), 'Hello');
    const group = form.getByRole('group', { name: "I'm also interested in" });
    await user.click(within(group).getByLabelText('Servicing'));
    await user.click(within(group).getByLabelText('Finance'));
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    await screen.findByRole('status');
    expect(posts[0].body).toMatchObject({ additional_services: ['Finance', 'Servicing'] });
  });

  it('issue 33: a site without check options shows no tick boxes and sends no additional_services', async () => {
    const { posts } = stubLeadsAPI();
    const { user, form } = renderForm(<EnquiryForm carId="c1" />);
    expect(form.queryByRole('group', { name: "I'm also interested in" })).toBeNull();
    await fillContact(user, form);
    await user.type(form.getByLabelText('Message'), 'Hello');
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    await screen.findByRole('status');
    expect(posts[0].body).not.toHaveProperty('additional_services');
  });

  it("spec 001 §8: a failed generic enquiry says 'An error occurred when submitting this form' with the server's message", async () => {
    stubLeadsAPI({ leads: [{ status: 503, body: { error: { code: 'unavailable', message: 'Leads are paused for maintenance.' } } }] });
    const { user, form } = renderForm();
    await fillContact(user, form);
    await user.type(form.getByLabelText('Message *'), 'Hello');
    await user.selectOptions(form.getByLabelText('Location *'), 'Riverside Toyota - Sales');
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    const alert = await form.findByRole('alert');
    expect(alert).toHaveTextContent('An error occurred when submitting this form');
    expect(alert).toHaveTextContent('Leads are paused for maintenance.');
  });

  it('spec 001 §4: a select with one option is chosen for the shopper and not shown', async () => {
    const { posts } = stubLeadsAPI();
    const { user, form } = renderForm(<EnquiryForm />, { locations: [LOCATIONS[0]] } as SiteOverrides);
    expect(form.queryByLabelText('Location *')).not.toBeInTheDocument();
    expect(form.queryByLabelText('Dealership *')).not.toBeInTheDocument();
    await fillContact(user, form);
    await user.type(form.getByLabelText('Message *'), 'Hello');
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    await screen.findByRole('status');
    expect(posts[0].body).toMatchObject({ location_id: 'l1', dealership_slug: 'riverside-toyota' });
  });

  it('spec 001 §3: the finance and trade-in Yes/No questions and the dealer terms show where the site configures them', async () => {
    const { posts } = stubLeadsAPI();
    const terms = 'I agree to the Riverside Toyota privacy policy';
    const { user, form } = renderForm(<EnquiryForm />, {
      leads: leads({ ask_under_finance: true, ask_trade_in: true, terms, terms_note: true }),
      locations: [LOCATIONS[0]],
    } as SiteOverrides);
    expect(form.getByText('You must agree to the terms of use before submitting the form')).toBeInTheDocument();
    await fillContact(user, form);
    await user.type(form.getByLabelText('Message *'), 'Hello');
    await user.selectOptions(form.getByLabelText('Is your car currently under finance?'), 'No');
    await user.selectOptions(form.getByLabelText('Do you have a trade-in?'), 'Yes');
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    expect(await form.findByRole('alert')).toHaveTextContent('You must agree to the terms of use before submitting the form');
    expect(posts).toHaveLength(0);
    await user.click(form.getByRole('checkbox', { name: terms }));
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    await screen.findByRole('status');
    expect(posts[0].body).toMatchObject({ under_finance: 'No', has_trade_in: 'Yes', terms_conditions: true });
  });

  it('spec 001 §5: the caller can lift the message requirement', async () => {
    const { posts } = stubLeadsAPI();
    const { user, form } = renderForm(<EnquiryForm messageOptional />, { locations: [LOCATIONS[0]] } as SiteOverrides);
    expect(form.getByLabelText('Message')).not.toHaveAttribute('aria-required');
    await fillContact(user, form);
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    await screen.findByRole('status');
    expect(posts[0].body).not.toHaveProperty('message');
  });

  it('spec 001 §4: success sends the conversion event, stores the marker and goes to /success', async () => {
    const { events } = stubLeadsAPI();
    const { user, form } = renderForm(<EnquiryForm carId="c9" dealershipSlug="riverside-toyota" dealershipId="d1" />);
    await fillContact(user, form);
    await user.type(form.getByLabelText('Message'), 'Hello');
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all cars' })).toBeInTheDocument();
    expect(events).toEqual([
      { event_id: 'conversion', car_id: 'c9', dealership_id: 'd1' },
      { event_id: 'car_viewed', car_id: 'c9', dealership_id: 'd1' },
    ]);
    expect(JSON.parse(localStorage.getItem('forecourt:lead-success') ?? '{}')).toMatchObject({ lead_id: 'L1', type: 'enquiry' });
  });
});

// Issue 32 item 14: a form a shopper can finish without guessing.
describe('car enquiry (issue 32 item 14)', { timeout: 20000 }, () => {
  const subject = { title: '2021 Toyota Corolla Ascent Sport', image: '/img/corolla.jpg', path: '/cars/2021-toyota-corolla' };

  it('sends without a message: the car is the subject; the button says what it does', async () => {
    const { posts } = stubLeadsAPI();
    const { user, form } = renderForm(<EnquiryForm carId="c9" dealershipSlug="riverside-toyota" subject={subject} />);
    expect(form.getByLabelText('Message')).not.toHaveAttribute('aria-required');
    await fillContact(user, form);
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    await screen.findByRole('status');
    expect(posts[0].body).toMatchObject({ car_id: 'c9' });
    expect(posts[0].body).not.toHaveProperty('message');
  });

  it('asks for a mobile number or an email on both fields, as a person would', async () => {
    const { posts } = stubLeadsAPI();
    const { user, form } = renderForm(<EnquiryForm carId="c9" subject={subject} />);
    await user.type(form.getByLabelText('First Name *'), 'Sam');
    await user.type(form.getByLabelText('Postcode *'), '4032');
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    const msg = 'Enter a mobile number or an email so we can reply';
    expect(await form.findByRole('alert')).toHaveTextContent(msg);
    for (const name of ['Mobile Number', 'Email']) {
      expect(form.getByLabelText(name)).toHaveAttribute('aria-invalid', 'true');
      expect(form.getByLabelText(name)).toHaveAccessibleDescription(msg);
    }
    expect(posts).toHaveLength(0);
  });

  it('labels the rego field and says what it is for', () => {
    stubLeadsAPI();
    const { form } = renderForm(<EnquiryForm carId="c9" subject={subject} />);
    const rego = form.getByLabelText('Registration (rego)');
    expect(rego).not.toHaveAttribute('aria-required');
    expect(rego).toHaveAccessibleDescription(/car you want to trade in or have serviced/);
  });

  it('the success page names the car, shows its photo and the reference, and says what happens next', async () => {
    stubLeadsAPI({ leads: [{ status: 201, body: { lead_id: 'ab12cd34ef', lead_token: 't', reference: 'AB12-CD34' } }] });
    const { user, form } = renderForm(<EnquiryForm carId="c9" subject={subject} />);
    await fillContact(user, form);
    await user.click(form.getByRole('button', { name: 'Send enquiry' }));
    const thanks = await screen.findByRole('status');
    expect(thanks).toHaveTextContent('2021 Toyota Corolla Ascent Sport');
    expect(screen.getByRole('link', { name: /2021 Toyota Corolla Ascent Sport/ })).toHaveAttribute('href', subject.path);
    expect(screen.getByRole('img', { name: '2021 Toyota Corolla Ascent Sport' })).toHaveAttribute('src', subject.image);
    expect(screen.getByText('AB12-CD34')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
  });
});

describe('toPayload (the POST /api/leads body of a form)', () => {
  const values: LeadFormValues = {
    name: ' Sam ',
    last_name: '',
    phone: ' 0491 570 110 ',
    email: '',
    postcode: '4032',
    location_id: '',
    distribution_location: '',
    dealership_slug: 'a',
    category: '',
    Rego: '',
    preferred_contact_method: 'Phone',
    under_finance: '',
    has_trade_in: '',
    appointment: '',
    message: '',
    opt_in: false,
    terms_conditions: false,
    additional_services: [],
    altcha: 'payload',
  };
  it('trims, leaves out empty fields, keeps opt_in false when unticked and the captcha payload', () => {
    expect(toPayload('enquiry', values)).toEqual({
      type: 'enquiry',
      name: 'Sam',
      phone: '0491 570 110',
      postcode: '4032',
      dealership_slug: 'a',
      preferred_contact_method: 'Phone',
      opt_in: false,
      altcha: 'payload',
    });
  });
  it('a fixed message (Request Photos’ hidden default) is sent alone or before the shopper’s message', () => {
    const fixed = { message: 'Please send photos for this car', car_id: 'c1' };
    expect(toPayload('request_photos', values, fixed, false)).toMatchObject({
      type: 'request_photos',
      car_id: 'c1',
      message: 'Please send photos for this car',
    });
    expect(toPayload('request_photos', { ...values, message: ' Interior ' }, fixed, false).message).toBe('Please send photos for this car\n\nInterior');
    expect(toPayload('request_photos', values, fixed, false)).not.toHaveProperty('altcha');
  });
});
