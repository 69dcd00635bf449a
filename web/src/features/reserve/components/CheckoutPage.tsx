import { useState } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/PageLoading';
import { NotFound } from '../../../components/NotFound';
import { carTitle } from '../../../lib/carTitle';
import { ApiError, getJSON } from '../../../lib/http';
import { useSite } from '../../../lib/siteContext';
import type { CarResponse } from '../../../lib/types';
import { useResource } from '../../../lib/useResource';
import { signInPath } from '../../../lib/shopper/gating';
import { createReservation } from '../api/reservations';

type Paying = { kind: 'idle' } | { kind: 'paying' } | { kind: 'refused'; message: string } | { kind: 'signed-out' };

/**
 * CheckoutPage is /cars/{slug}/checkout (or the site's reserve path, or
 * /checkout-journey?car_id=): the car, the deposit, the hold and refund
 * terms, and Pay, which holds the car and goes to Stripe's checkout (issue 13).
 */
export default function CheckoutPage() {
  const params = useParams();
  const [query] = useSearchParams();
  const slug = params.slug ?? query.get('car_id') ?? '';
  const { site, auth } = useSite();
  const location = useLocation();
  const car = useResource(`car:${slug}`, (signal) => getJSON<CarResponse>(`/api/cars/${encodeURIComponent(slug)}`, signal));
  const [paying, setPaying] = useState<Paying>({ kind: 'idle' });

  if (paying.kind === 'signed-out') {
    return <Navigate to={signInPath('checkout', location.pathname + location.search, `/cars/${slug}`)} replace />;
  }
  if (car.status === 'loading') return <PageLoading label="Loading car…" />;
  if (car.status === 'error') {
    if (car.error instanceof ApiError && car.error.status === 404) {
      return (
        <NotFound title="Car not found">
          <p>This car is no longer listed. It may have been sold.</p>
        </NotFound>
      );
    }
    return (
      <main className="page checkout" role="alert">
        <h1>Something went wrong</h1>
        <p>We couldn’t load this car. Please try again.</p>
      </main>
    );
  }
  const { car: c, view } = car.data;
  const offer = view.reserve;
  const title = carTitle(c);

  async function pay() {
    setPaying({ kind: 'paying' });
    try {
      const res = await createReservation(auth, c.id);
      window.location.assign(res.checkout_url); // Stripe's hosted checkout (locally, the gateway's stand-in)
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) setPaying({ kind: 'signed-out' });
      else setPaying({ kind: 'refused', message: err instanceof Error ? err.message : String(err) });
    }
  }

  return (
    <main className="page checkout">
      <h1>Reserve {title}</h1>
      <p>
        <Link to={`/cars/${c.slug}`}>Back to the car</Link>
      </p>
      {!offer ? (
        <p role="status">This car can’t be reserved online right now. Please contact the dealership.</p>
      ) : (
        <section aria-labelledby="deposit-heading">
          <h2 id="deposit-heading">Refundable deposit: {offer.price_text}</h2>
          <p>
            Pay {offer.price_text} now and we hold this car for you for {offer.hold_hours} hours from payment.
          </p>
          <p>{site.reserve.refundable_text}</p>
          {view.used_car_terms && <p className="checkout-terms">{view.used_car_terms}</p>}
          {paying.kind === 'refused' && <p role="alert">{paying.message}</p>}
          <button type="button" onClick={() => void pay()} disabled={paying.kind === 'paying'}>
            {paying.kind === 'paying' ? 'Holding the car…' : `Pay ${offer.price_text} deposit`}
          </button>
        </section>
      )}
    </main>
  );
}
