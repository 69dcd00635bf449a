import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { ApiError } from '../../../lib/http';
import { useSite } from '../../../lib/siteContext';
import type { ReservationResponse } from '../../../lib/types';
import { signInPath } from '../../../lib/shopper/gating';
import { fetchReservation } from '../api/reservations';

type State = { kind: 'loading' } | { kind: 'signed-out' } | { kind: 'error'; message: string } | { kind: 'ready'; res: ReservationResponse };

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
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    fetchReservation(auth, id).then(
      (res) => live && setState({ kind: 'ready', res }),
      (err: unknown) => {
        if (!live) return;
        if (err instanceof ApiError && err.status === 401) setState({ kind: 'signed-out' });
        else setState({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => {
      live = false;
    };
  }, [auth, id]);

  if (state.kind === 'signed-out') return <Navigate to={signInPath('reservation', location.pathname, '/')} replace />;
  return (
    <main className="page reservation">
      {state.kind === 'loading' && <p role="status">Loading your reservation…</p>}
      {state.kind === 'error' && <p role="alert">{state.message}</p>}
      {state.kind === 'ready' && (
        <>
          <h1>{STATE_TEXT[state.res.state] ?? state.res.state}</h1>
          <p>
            <Link to={`/cars/${state.res.car_slug}`}>{state.res.car_title}</Link>
          </p>
          {state.res.state === 'paid' && (
            <p>
              We hold this car for you until <strong>{state.res.held_until_text}</strong>. The dealership will contact you.
            </p>
          )}
          {state.res.state === 'pending' && state.res.checkout_url && (
            <p>
              Your payment has not arrived yet. <a href={state.res.checkout_url}>Pay the deposit</a>
            </p>
          )}
          <p>{state.res.refundable_text}</p>
        </>
      )}
    </main>
  );
}
