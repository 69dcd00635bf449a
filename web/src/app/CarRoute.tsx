import CarPage from '../features/car/components/CarPage';
import { EnquiryForm } from '../features/leads/components/EnquiryForm';

/**
 * CarRoute is /cars/{slug}: the car page with the enquiry form of the leads
 * feature composed in here, at the app level, so neither feature imports the
 * other (bulletproof-react).
 */
export default function CarRoute() {
  return <CarPage enquiry={(car) => <EnquiryForm carId={car.id} dealershipSlug={car.dealership_slug} />} />;
}
