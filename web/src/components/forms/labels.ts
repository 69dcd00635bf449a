// The lead form fields by their API names (shared.Lead's JSON), with the
// label a shopper sees. The error list follows this order, and a server error
// about a field a form does not show is named by its label.

export const FIELD_LABELS: Record<string, string> = {
  name: 'First Name',
  last_name: 'Last Name',
  phone: 'Mobile Number',
  email: 'Email',
  postcode: 'Postcode',
  location_id: 'Location',
  distribution_location: 'Distribution location',
  dealership_slug: 'Dealership',
  category: 'Category',
  Rego: 'Registration (rego)',
  preferred_contact_method: 'Preferred Contact Method',
  under_finance: 'Is your car currently under finance?',
  has_trade_in: 'Do you have a trade-in?',
  appointment: 'Preferred date and time',
  message: 'Message',
  terms_conditions: 'Terms and conditions',
  altcha: 'Captcha',
};

const ORDER = Object.keys(FIELD_LABELS);

/** fieldOrder ranks a field for the error list; unknown fields go last. */
export function fieldOrder(field: string): number {
  const i = ORDER.indexOf(field);
  return i < 0 ? ORDER.length : i;
}
