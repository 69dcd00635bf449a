// The enquiry form's checks (spec 001 §5), the client half of shared/leads.go
// ValidateLead: the same field names and messages, run on submit so a shopper
// sees them before anything is sent. shared/testdata/vectors/lead_validation.json
// holds the cases both run.
import type { LeadType } from '../types';

/** PostcodeMessage is the postcode field's error (spec 001 §5). */
export const POSTCODE_MESSAGE = 'Invalid postcode. Please enter a 4-digit number.';

/** CONTACT_MESSAGE is the error of a lead with neither a phone nor an email (shared.ContactMessage; issue 32 item 14). */
export const CONTACT_MESSAGE = 'Enter a mobile number or an email so we can reply';

/** LeadFields are the form fields the rules read, by their API names. */
export interface LeadFields {
  type?: LeadType | '';
  name?: string;
  phone?: string;
  email?: string;
  postcode?: string;
  message?: string;
  dealership_slug?: string;
  /** the car the enquiry is about */
  car_id?: string;
}

/** RuleSite is the part of the site the rules read. */
export interface RuleSite {
  leads?: { message_optional?: boolean };
  dealerships?: { slug: string }[] | null;
}

const POSTCODE = /^\d{4}$/;
// Go's \s: ASCII whitespace only.
const EMAIL = /^[^@\t\n\f\r ]+@[^@\t\n\f\r ]+\.[^@\t\n\f\r ]+$/;

/** validateLead returns each invalid field's message by field; {} when the lead may be sent. */
export function validateLead(l: LeadFields, site: RuleSite): Record<string, string> {
  const errs: Record<string, string> = {};
  const bad = (field: string, msg: string) => {
    errs[field] ??= msg;
  };
  const blank = (v?: string) => (v ?? '').trim() === '';
  const dealerships = site.dealerships ?? [];
  if (blank(l.name)) bad('name', 'First Name is required');
  if (blank(l.phone) && blank(l.email)) bad('phone', CONTACT_MESSAGE);
  if (l.email && !EMAIL.test(l.email.trim())) bad('email', 'Invalid email address.');
  if (l.postcode && !POSTCODE.test(l.postcode)) bad('postcode', POSTCODE_MESSAGE);
  // A car enquiry needs no message: the car is its subject (issue 32 item 14).
  if ((l.type === 'enquiry' || !l.type) && blank(l.car_id) && !site.leads?.message_optional && blank(l.message)) bad('message', 'Message is required');
  if (dealerships.length > 1 && !l.dealership_slug) bad('dealership_slug', 'Select a Preferred Dealership');
  if (l.dealership_slug && !dealerships.some((d) => d.slug === l.dealership_slug)) bad('dealership_slug', 'unknown dealership');
  return errs;
}
