import CarPage from '../features/car/components/CarPage';
import { EnquiryForm } from '../features/leads/components/EnquiryForm';
import { TestDriveButton } from '../features/leads/components/TestDriveButton';

/**
 * CarRoute is /cars/{slug}: the car page with the enquiry form of the leads
 * feature composed in here, at the app level, so neither feature imports the
 * other (bulletproof-react). The enquiry section also offers the test drive
 * booking until the car page's action buttons open it.
 */
export default function CarRoute() {
  return (
    <CarPage
      enquiry={(car) => (
        <>
          <EnquiryForm carId={car.id} dealershipSlug={car.dealership_slug} dealershipId={car.dealership_id} />
          <p className="lead-form__alternative">
            Rather see it in person? <TestDriveButton car={car} />
          </p>
        </>
      )}
    />
  );
}
