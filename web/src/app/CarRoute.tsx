import { lazy, Suspense } from 'react';
import CarPage from '../features/car/components/CarPage';

// The form mounts only when the shopper opens the enquiry accordion, so its
// code (form library, captcha glue) stays out of the car page's first load.
const EnquiryForm = lazy(() => import('../features/leads/components/EnquiryForm').then((m) => ({ default: m.EnquiryForm })));

/**
 * CarRoute is /cars/{slug}: the car page with the enquiry form of the leads
 * feature composed in here, at the app level, so neither feature imports the
 * other (bulletproof-react). The page's onAction (Book a Test Drive, Chat)
 * is composed here too when the leads feature offers those forms.
 */
export default function CarRoute() {
  return (
    <CarPage
      enquiry={(car) => (
        <Suspense fallback={<p role="status">Loading the form…</p>}>
          <EnquiryForm carId={car.id} dealershipSlug={car.dealership_slug} />
        </Suspense>
      )}
    />
  );
}
