// The enquiry form's checks (spec 001 §5), the client half of shared/leads.go
// ValidateLead: the same field names and messages, run on submit so a shopper
// sees them before anything is sent. shared/testdata/vectors/lead_validation.json
// holds the cases both run.
import type { LeadType } from './api/submitLead';

/** PostcodeMessage is the postcode field's error (spec 001 §5). */
export const POSTCODE_MESSAGE = 'Invalid postcode. Please enter a 4-digit number.';

/** LeadFields are the form fields the rules read, by their API names. */
export interface LeadFields {
  type?: LeadType | '';
  name?: string;
  phone?: string;
  email?: string;
  postcode?: string;
  message?: string;
  dealership_slug?: string;
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
  if (blank(l.phone) && blank(l.email)) bad('phone', 'a Mobile Number or an email is required');
  if (l.email && !EMAIL.test(l.email.trim())) bad('email', 'Invalid email address.');
  if (l.postcode && !POSTCODE.test(l.postcode)) bad('postcode', POSTCODE_MESSAGE);
  if ((l.type === 'enquiry' || !l.type) && !site.leads?.message_optional && blank(l.message)) bad('message', 'Message is required');
  if (dealerships.length > 1 && !l.dealership_slug) bad('dealership_slug', 'Select a Preferred Dealership');
  if (l.dealership_slug && !dealerships.some((d) => d.slug === l.dealership_slug)) bad('dealership_slug', 'unknown dealership');
  return errs;
}
