import { useWatch } from 'react-hook-form';
import { useSite } from '../../../lib/siteContext';
import type { LeadSubject } from '../../../lib/leads/submitLead';
import { AppointmentField } from '../../../components/forms/AppointmentField';
import { ContactFields, visibleLocations } from '../../../components/forms/ContactFields';
import { CheckboxField, TextAreaField } from '../../../components/forms/fields';
import { LeadForm } from '../../../components/forms/LeadForm';
import { useLeadForm } from '../../../components/forms/useLeadForm';

/**
 * TestDriveForm books a test drive (spec 001 §5 "Test drive"): the contact
 * fields, an optional date and time from the location's opening hours, an
 * optional message, opt-in, and a terms checkbox only when the dealer has a
 * disclaimer. About a car it names the car; without one (/book-test-drive/)
 * the shopper picks the location, whose times it then offers.
 */
export function TestDriveForm({
  carId,
  dealershipSlug,
  dealershipId,
  subject,
}: {
  carId?: string;
  dealershipSlug?: string;
  dealershipId?: string;
  /** the car, named on the success page */
  subject?: LeadSubject;
}) {
  const { site } = useSite();
  const disclaimer = site.leads?.disclaimer ?? '';
  const askLocation = !carId && visibleLocations(site.locations).length > 0;
  const form = useLeadForm({
    type: 'test_drive',
    fixed: { car_id: carId },
    dealershipSlug,
    dealershipId,
    subject,
    require: { location: askLocation, terms: disclaimer !== '' },
  });
  return (
    <LeadForm form={form} submitLabel="Request test drive">
      <ContactFields location={askLocation} />
      <TestDriveAppointment carId={carId} />
      <TextAreaField name="message" text="Message" />
      <CheckboxField name="opt_in">Keep me informed about offers and news</CheckboxField>
      {disclaimer ? (
        <>
          <p className="lead-form__hint lead-form__disclaimer">{disclaimer}</p>
          <CheckboxField name="terms_conditions" required>
            I agree to the terms above
          </CheckboxField>
        </>
      ) : null}
    </LeadForm>
  );
}

/** TestDriveAppointment offers the car's location's times, or the chosen location's. */
function TestDriveAppointment({ carId }: { carId?: string }) {
  const locationId = useWatch<{ location_id: string }>({ name: 'location_id' });
  return <AppointmentField carId={carId} locationId={carId ? undefined : locationId || undefined} />;
}
