import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FacetClient } from '../../../lib/search/useFacetCounts';
import type { Car } from '../../../lib/types';
import { carTitle, imageOf } from '../../../lib/carTitle';
import { carPath } from '../../../lib/listingUrl';
import { useSite } from '../../../lib/siteContext';
import { isAvailable } from '../../../lib/tagPriority';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { getCar } from '../../../lib/getCar';
import { useResource } from '../../../lib/useResource';
import { CarPicker, CarSummary } from './CarPicker';
import { TestDriveForm } from './TestDriveForm';
import '../../../components/forms/leads.css';

/**
 * BookTestDrivePage is /book-test-drive/ (spec 001 §2), linked from every
 * site's footer (issue 32 item 5): the shopper picks the car here, or
 * arrives with it from a car page (?car=<slug>); without a car they pick the
 * location, whose times the form offers. ?car_id= still names a car by id.
 */
export function BookTestDrivePage({ searchClient }: { searchClient?: FacetClient } = {}) {
  useDocumentTitle('Book a Test Drive');
  const { site } = useSite();
  const [params] = useSearchParams();
  const slug = params.get('car') ?? '';
  // The car the link named, unless it is sold since (still shown during its
  // retention, it cannot be driven) or gone: then the shopper picks one.
  const linked = useResource(`car:${slug}`, (signal) => (slug ? getCar(slug, signal) : Promise.resolve(undefined)));
  const fromLink =
    linked.status === 'ready' && linked.data && isAvailable(linked.data.car) ? { car: linked.data.car, price: linked.data.view?.price?.text } : undefined;
  // undefined: the shopper has not chosen (the linked car stands); null: Change car.
  const [choice, setChoice] = useState<{ car: Car; price?: string } | null>();
  const car = choice === undefined ? fromLink : (choice ?? undefined);
  const loading = Boolean(slug) && choice === undefined && linked.status === 'loading';
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
          <button type="button" className="link-button" onClick={() => setChoice(null)}>
            Change car
          </button>
        </div>
      ) : !params.get('car_id') ? (
        <CarPicker client={searchClient} onPick={(c) => setChoice({ car: c })} />
      ) : null}
      {/* A new car is a new booking: the form starts again with its times. */}
      {loading ? null : (
        <TestDriveForm
          key={carId ?? ''}
          carId={carId}
          dealershipSlug={car?.car.dealership_slug}
          dealershipId={car?.car.dealership_id}
          // The success page names the car, as every car lead's does (item 14).
          subject={car ? { title: carTitle(car.car, site.card.extended_title), image: imageOf(car.car), path: carPath(car.car.slug) } : undefined}
        />
      )}
    </section>
  );
}

export default BookTestDrivePage;
