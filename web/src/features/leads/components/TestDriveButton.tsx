import { lazy, Suspense, useState } from 'react';
import type { Car } from '../../../lib/types';

const TestDriveModal = lazy(() => import('./TestDriveModal'));

/** TestDriveButton opens the test drive modal for the car (spec 001 §2 "Book a Test Drive"). */
export function TestDriveButton({ car, className = 'button button--ghost' }: { car: Car; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Book a Test Drive
      </button>
      {open ? (
        <Suspense fallback={null}>
          <TestDriveModal car={car} open onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
