import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FacetClient } from '../../../lib/search/useFacetCounts';
import type { Car } from '../../../lib/types';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { getCar } from '../../car/api/getCar';
import { CarPicker, CarSummary } from './CarPicker';
import { TestDriveForm } from './TestDriveForm';
import '../leads.css';

/**
 * BookTestDrivePage is /book-test-drive/ (spec 001 §2), linked from every
 * site's footer (issue 32 item 5): the shopper picks the car here, or
 * arrives with it from a car page (?car=<slug>); without a car they pick the
 * location, whose times the form offers. ?car_id= still names a car by id.
 */
export function BookTestDrivePage({ searchClient }: { searchClient?: FacetClient } = {}) {
  useDocumentTitle('Book a Test Drive');
  const [params] = useSearchParams();
  const slug = params.get('car') ?? '';
  const [car, setCar] = useState<{ car: Car; price?: string } | undefined>();
  const [loading, setLoading] = useState(Boolean(slug));
  useEffect(() => {
    if (!slug) return;
    let live = true;
    setLoading(true);
    getCar(slug).then(
      (res) => live && (setCar({ car: res.car, price: res.view?.price?.text }), setLoading(false)),
      () => live && setLoading(false), // gone or not found: the shopper picks one
    );
    return () => {
      live = false;
    };
  }, [slug]);
  const carId = car?.car.id ?? params.get('car_id') ?? undefined;
  return (
    <section className="lead-page lead-page--narrow">
      <h1>Book a Test Drive</h1>
      <p>Tell us when suits you and the dealership will confirm your test drive.</p>
      {loading ? (
        <p role="status" className="lead-form__hint">
          Loading the car…
        </p>
      ) : car ? (
        <div role="group" aria-label="Your car" className="car-picker__chosen card">
          <CarSummary car={car.car} price={car.price} />
          <button type="button" className="link-button" onClick={() => setCar(undefined)}>
            Change car
          </button>
        </div>
      ) : !params.get('car_id') ? (
        <CarPicker client={searchClient} onPick={(c) => setCar({ car: c })} />
      ) : null}
      {/* A new car is a new booking: the form starts again with its times. */}
      {loading ? null : <TestDriveForm key={carId ?? ''} carId={carId} dealershipSlug={car?.car.dealership_slug} dealershipId={car?.car.dealership_id} />}
    </section>
  );
}

export default BookTestDrivePage;
