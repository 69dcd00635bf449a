import { carTitle, imageOf } from '../../../lib/carTitle';
import { carPath } from '../../../lib/listingUrl';
import type { Car } from '../../../lib/types';
import { ContactFields } from '../../../components/forms/ContactFields';
import { CheckboxField, TextAreaField } from '../../../components/forms/fields';
import { LeadForm } from '../../../components/forms/LeadForm';
import { useLeadForm } from '../../../components/forms/useLeadForm';
import { Modal } from '../../../components/Modal';

/** PHOTO_REQUEST_DEFAULT is Request Photos' hidden default message (spec 000 §2). */
export const PHOTO_REQUEST_DEFAULT = 'Please send photos for this car';

/**
 * RequestPhotosModal is Request Photos on a car without photos (spec 000 §2):
 * a lead about the car (type request_photos) with the contact fields and an
 * optional message after the hidden default request, sent to the dealer like
 * every lead.
 */
export function RequestPhotosModal({ car, title, onClose }: { car: Car; title?: string; onClose: () => void }) {
  const form = useLeadForm({
    type: 'request_photos',
    fixed: { car_id: car.id, message: PHOTO_REQUEST_DEFAULT },
    dealershipSlug: car.dealership_slug,
    dealershipId: car.dealership_id,
    subject: { title: title ?? carTitle(car), image: imageOf(car), path: carPath(car.slug) },
  });
  return (
    <Modal title="Request photos" onClose={onClose}>
      <p className="lead-modal__car">{title ?? carTitle(car)}</p>
      <LeadForm form={form} submitLabel="Request photos">
        <input type="hidden" name="request" value={PHOTO_REQUEST_DEFAULT} />
        <ContactFields />
        <TextAreaField name="message" text="Message (optional)" />
        <CheckboxField name="opt_in">Keep me informed about offers and news</CheckboxField>
      </LeadForm>
    </Modal>
  );
}

export default RequestPhotosModal;
