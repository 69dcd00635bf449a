import { carTitle, imageOf } from '../../../lib/carTitle';
import { carPath } from '../../../lib/listingUrl';
import type { Car } from '../../../lib/types';
import { useSite } from '../../../lib/siteContext';
import { Modal } from '../../../components/Modal';
import { TestDriveForm } from './TestDriveForm';

/**
 * TestDriveModal is Book a Test Drive on the car page (spec 001 §2 "Action
 * buttons": a modal 600 px wide). The car page opens it; it renders nothing
 * while closed.
 */
export function TestDriveModal({ car, open, onClose }: { car: Car; open: boolean; onClose: () => void }) {
  const { site } = useSite();
  if (!open) return null;
  return (
    <Modal title="Book a Test Drive" onClose={onClose} width={600}>
      <p className="lead-modal__car">{carTitle(car)}</p>
      <TestDriveForm
        carId={car.id}
        dealershipSlug={car.dealership_slug}
        dealershipId={car.dealership_id}
        subject={{ title: carTitle(car, site.card.extended_title), image: imageOf(car), path: carPath(car.slug) }}
      />
    </Modal>
  );
}

export default TestDriveModal;
