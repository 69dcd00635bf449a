import { useSite } from '../../../lib/siteContext';
import { ContactFields, visibleLocations } from '../../../components/forms/ContactFields';
import { CheckboxField, CheckOptionsField, SelectField, TextAreaField, TextField } from '../../../components/forms/fields';
import { LeadForm } from '../../../components/forms/LeadForm';
import { useLeadForm } from '../../../components/forms/useLeadForm';
import type { LeadSubject } from '../../../lib/leads/submitLead';

export { CAPTCHA_MESSAGE } from '../../../components/forms/useLeadForm';

/** GENERIC_FAILURE heads the generic enquiry's failure alert (spec 001 §8). */
export const GENERIC_FAILURE = 'An error occurred when submitting this form';

const YES_NO = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
];
const CONTACT_METHODS = ['Phone', 'Email', 'SMS'].map((m) => ({ value: m, label: m }));

/** REGO_HINT says what the spec's optional Rego field is for (issue 32 item 14). */
export const REGO_HINT = 'Optional: the number plate of a car you want to trade in or have serviced.';

/** MAX_PREFILL bounds a message a link may start the form with. */
const MAX_PREFILL = 1000;

/**
 * EnquiryForm is the generic enquiry of spec 001 §3 and §5: the contact
 * fields, a message (required unless the site or the caller lifts it, and
 * never about a car: the car is the subject, issue 32 item 14), the
 * registration (rego, optional, with what it is for), the preferred contact method (Phone, Email or SMS; Phone by
 * default), the site's Yes/No questions about finance and a trade-in, opt-in
 * (checked by default) and the dealer's terms. About a car (carId) it names
 * the car and its dealership; without one it is the general enquiry (event
 * 22): it asks for a category and, when the site has locations, a location.
 */
export function EnquiryForm({
  carId,
  dealershipSlug,
  dealershipId,
  locationId,
  messageOptional,
  id,
  offer,
  prefill,
  subject,
}: {
  carId?: string;
  /** the car, named on the success page */
  subject?: LeadSubject;
  dealershipSlug?: string;
  dealershipId?: string;
  /** a location page's location, chosen in the location select */
  locationId?: string;
  messageOptional?: boolean;
  id?: string;
  /** An offer the enquiry is about (issue 11): named in the message, its make and model sent with the lead. */
  offer?: { name: string; make?: string; model?: string };
  /** A message and category to start from (the listing's "We'll find it for you" link, issue 32 item 15); an unknown category is ignored. */
  prefill?: { message?: string; category?: string };
}) {
  const { site } = useSite();
  const leads = site.leads;
  const general = !carId;
  const categories = leads?.categories ?? [];
  const askCategory = general && categories.length > 0;
  const askLocation = general && visibleLocations(site.locations).length > 0;
  const terms = leads?.terms ?? '';
  // Spec 001 §3 "Enquiry form fields": a distribution-location field, offered
  // when the site's locations name the areas they deliver to.
  const distribution = [...new Set(visibleLocations(site.locations).flatMap((l) => l.distribution_locations ?? []))];
  const optional = messageOptional || !general || (leads?.message_optional ?? false);
  const form = useLeadForm({
    type: 'enquiry',
    subject,
    fixed: { car_id: carId, 'Vehicle Make': offer?.make || undefined, 'Vehicle Model': offer?.model || undefined },
    dealershipSlug,
    dealershipId,
    messageOptional,
    defaults: {
      category: askCategory ? (prefill?.category && categories.includes(prefill.category) ? prefill.category : leads?.default_category || categories[0]) : '',
      location_id: locationId ?? '',
      message: offer ? `I'm interested in the offer "${offer.name}".` : (prefill?.message ?? '').slice(0, MAX_PREFILL),
    },
    require: { location: askLocation, category: askCategory, terms: terms !== '' },
  });

  return (
    <LeadForm form={form} id={id} submitLabel="Send enquiry" failureTitle={general ? GENERIC_FAILURE : undefined}>
      <ContactFields location={askLocation} />
      {distribution.length > 0 ? (
        <SelectField
          name="distribution_location"
          text="Distribution location"
          placeholder="Choose"
          options={distribution.map((d) => ({ value: d, label: d }))}
        />
      ) : null}
      {askCategory ? <SelectField name="category" text="Category" required options={categories.map((c) => ({ value: c, label: c }))} /> : null}
      <div className="lead-form__row">
        <TextField name="Rego" text="Registration (rego)" hint={REGO_HINT} autoComplete="off" />
        <SelectField name="preferred_contact_method" text="Preferred Contact Method" options={CONTACT_METHODS} />
      </div>
      {leads?.ask_under_finance || leads?.ask_trade_in ? (
        <div className="lead-form__row">
          {leads?.ask_under_finance ? (
            <SelectField name="under_finance" text="Is your car currently under finance?" placeholder="Choose" options={YES_NO} />
          ) : null}
          {leads?.ask_trade_in ? <SelectField name="has_trade_in" text="Do you have a trade-in?" placeholder="Choose" options={YES_NO} /> : null}
        </div>
      ) : null}
      {leads?.check_options?.length ? <CheckOptionsField text="I'm also interested in" options={leads.check_options} /> : null}
      <TextAreaField name="message" text="Message" required={!optional} />
      <CheckboxField name="opt_in">Keep me informed about offers and news</CheckboxField>
      {terms ? (
        <CheckboxField name="terms_conditions" required>
          {terms}
        </CheckboxField>
      ) : null}
      {leads?.terms_note ? <p className="lead-form__hint">You must agree to the terms of use before submitting the form</p> : null}
    </LeadForm>
  );
}
