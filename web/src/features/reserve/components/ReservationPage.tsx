import { Link, Navigate, useLocation, useParams } from 'react-router';
import { ApiError } from '../../../lib/http';
import { useSite } from '../../../lib/siteContext';
import { useResource } from '../../../lib/useResource';
import { signInPath } from '../../../lib/shopper/gating';
import { fetchReservation } from '../api/reservations';

const STATE_TEXT: Record<string, string> = {
  pending: 'Waiting for your payment',
  paid: 'Reserved for you',
  released: 'Your hold has ended',
  converted: 'Purchased',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** ReservationPage is /reservations/{id}: the confirmation, with the hold's end in the dealership's time zone (issue 13). */
export default function ReservationPage() {
  const { id = '' } = useParams();
  const { auth } = useSite();
  const location = useLocation();
  const state = useResource(`reservation ${auth?.userPoolId ?? ''} ${id}`, () => fetchReservation(auth, id));

  if (state.status === 'error' && state.error instanceof ApiError && state.error.status === 401)
    return <Navigate to={signInPath('reservation', location.pathname, '/')} replace />;
  return (
    <main className="page reservation">
      {state.status === 'loading' && <p role="status">Loading your reservation…</p>}
      {state.status === 'error' && <p role="alert">{state.error.message}</p>}
      {state.status === 'ready' && (
        <>
          <h1>{STATE_TEXT[state.data.state] ?? state.data.state}</h1>
          <p>
            <Link to={`/cars/${state.data.car_slug}`}>{state.data.car_title}</Link>
          </p>
          {state.data.state === 'paid' && (
            <p>
              We hold this car for you until <strong>{state.data.held_until_text}</strong>. The dealership will contact you.
            </p>
          )}
          {state.data.state === 'pending' && state.data.checkout_url && (
            <p>
              Your payment has not arrived yet. <a href={state.data.checkout_url}>Pay the deposit</a>
            </p>
          )}
          <p>{state.data.refundable_text}</p>
        </>
      )}
    </main>
  );
}
