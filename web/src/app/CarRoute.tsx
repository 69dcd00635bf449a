import { lazy, Suspense, useState } from 'react';
import CarPage from '../features/car/components/CarPage';
import type { Car } from '../lib/types';
import { useSite } from '../lib/siteContext';
import { carTitle, imageOf } from '../lib/carTitle';
import { carPath } from '../lib/listingUrl';

// The forms mount only when the shopper opens them, so their code (form
// library, captcha glue) stays out of the car page's first load.
const EnquiryForm = lazy(() => import('../features/leads/components/EnquiryForm').then((m) => ({ default: m.EnquiryForm })));
const TestDriveModal = lazy(() => import('../features/leads/components/TestDriveModal'));
// Where to find the car (issue 33): below the details, its code off the car page's first load.
const CarMap = lazy(() => import('./CarMap'));

/**
 * CarRoute is /cars/{slug}: the car page with the leads feature's forms
 * composed in here, at the app level, so neither feature imports the other
 * (bulletproof-react): the enquiry form in the page's accordion, and the
 * test drive modal behind Book a Test Drive (the sidebar's on a
 * test-drive-only car, the similar cars' where the site offers it: spec 001
 * §2), and the locations feature's #vehicle-map where
 * vdp_config.show_map_section is on. Chat has no
 * widget yet, so it falls back to the enquiry form.
 */
export default function CarRoute() {
  const { site } = useSite();
  const [testDrive, setTestDrive] = useState<Car | null>(null);
  return (
    <>
      <CarPage
        enquiry={(car) => (
          <Suspense fallback={<p role="status">Loading the form…</p>}>
            <EnquiryForm
              carId={car.id}
              dealershipSlug={car.dealership_slug}
              dealershipId={car.dealership_id}
              subject={{ title: carTitle(car, site.card.extended_title), image: imageOf(car), path: carPath(car.slug) }}
            />
          </Suspense>
        )}
        map={
          site.vdp_config.show_map_section
            ? (car) => (
                <Suspense fallback={null}>
                  <CarMap car={car} />
                </Suspense>
              )
            : undefined
        }
        onAction={(kind, car) => {
          if (kind !== 'test_drive') return false;
          setTestDrive(car);
          return true;
        }}
      />
      {testDrive ? (
        <Suspense fallback={null}>
          <TestDriveModal car={testDrive} open onClose={() => setTestDrive(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
