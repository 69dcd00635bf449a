import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { TestDriveForm } from './TestDriveForm';
import '../leads.css';

/**
 * BookTestDrivePage is /book-test-drive/ (spec 001 §2): the test drive
 * booking without a car page. The shopper picks the location, whose times
 * the form offers; ?car_id= names a car when a link carries one.
 */
export function BookTestDrivePage() {
  useDocumentTitle('Book a Test Drive');
  const [params] = useSearchParams();
  const carId = params.get('car_id') ?? undefined;
  return (
    <section className="lead-page lead-page--narrow">
      <h1>Book a Test Drive</h1>
      <p>Tell us when suits you and the dealership will confirm your test drive.</p>
      <TestDriveForm carId={carId} />
    </section>
  );
}

export default BookTestDrivePage;
