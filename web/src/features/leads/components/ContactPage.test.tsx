// The contact pages (spec 001 §2: /contact, /contact-us, /contact-us/{location
// slug} with ' - Sales' / ' - Service' / ' - Parts' stripped) and /success.
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteResponse, type SiteOverrides } from '../../../test/fixtures';
import { renderWithSite } from '../../../test/renderWithSite';
import { stubLeadsAPI } from '../test/stubLeadsAPI';
import { ContactPage } from './ContactPage';
import { SuccessPage } from '../../../components/forms/SuccessPage';

afterEach(() => vi.unstubAllGlobals());

const site = siteResponse({
  leads: {
    captcha: false,
    message_optional: false,
    categories: ['General Enquiry'],
    default_category: 'General Enquiry',
    location_placeholder: 'Please Select a Department',
  },
  locations: [
    {
      id: 'svc',
      name: 'Coastal Kia - Service',
      slug: 'coastal-kia-service',
      location_type: 'service',
      dealership_slug: 'riverside-toyota',
      contact_detail: { phone: '07 5550 1111' },
    },
    {
      id: 'sales',
      name: 'Coastal Kia - Sales',
      slug: 'coastal-kia-sales',
      location_type: 'sales',
      dealership_slug: 'riverside-toyota',
      contact_detail: { phone: '07 5550 2222' },
    },
    { id: 'hidden', name: 'Old Yard', slug: 'old-yard', visible: false, dealership_slug: 'riverside-toyota' },
  ],
} as SiteOverrides);

function renderAt(path: string) {
  stubLeadsAPI();
  renderWithSite(
    <Routes>
      <Route path="/contact-us" element={<ContactPage />} />
      <Route path="/contact-us/:slug" element={<ContactPage />} />
      <Route path="/success" element={<SuccessPage />} />
    </Routes>,
    site,
    path,
  );
}

// Role queries over a whole page are slow on a busy machine.
describe('contact pages (spec 001 §2)', { timeout: 20000 }, () => {
  it('/contact-us offers the general enquiry and every visible location', () => {
    renderAt('/contact-us');
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(screen.getByLabelText('Location *')).toHaveValue('');
    expect(screen.getByText('Please Select a Department', { selector: 'option' })).toBeInTheDocument();
    expect(screen.getByLabelText('Our locations')).toHaveTextContent('Coastal Kia - Sales');
    expect(screen.queryByText('Old Yard')).not.toBeInTheDocument();
  });

  it('/contact-us/{slug} matches the name without its department suffix and chooses the sales location', () => {
    renderAt('/contact-us/coastal-kia');
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Coastal Kia' })).toBeInTheDocument();
    expect(screen.getByLabelText('Location *')).toHaveValue('sales');
    expect(screen.getByRole('link', { name: '07 5550 2222' })).toHaveAttribute('href', 'tel:0755502222');
  });

  // Issue 32 item 15: the empty listing's "We'll find it for you" opens the
  // general enquiry with the search in its message; an unknown category is ignored.
  it('?message= and ?category= start the general enquiry', () => {
    renderAt('/contact-us?message=I+searched+for%3A+Toyota%2C+HiLux&category=General+Enquiry');
    expect(screen.getByLabelText('Message *')).toHaveValue('I searched for: Toyota, HiLux');
    expect(screen.getByLabelText('Category *')).toHaveValue('General Enquiry');
  });

  it('an unknown or hidden location is not found', () => {
    renderAt('/contact-us/old-yard');
    expect(screen.getByRole('heading', { level: 1, name: 'Location not found' })).toBeInTheDocument();
  });
});

describe('/success (spec 001 §4)', () => {
  it('thanks the shopper from the stored success marker and links back', () => {
    localStorage.setItem('forecourt:lead-success', JSON.stringify({ type: 'test_drive', lead_id: 'L1' }));
    renderAt('/success');
    const thanks = screen.getByRole('status');
    expect(thanks).toHaveTextContent('Thank you for your enquiry');
    expect(thanks).toHaveFocus();
    expect(screen.getByText('The dealership will contact you to confirm the time of your test drive.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all cars' })).toBeInTheDocument();
  });
});
