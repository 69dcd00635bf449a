import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSite } from '../../../lib/siteContext';
import type { ReservationResponse } from '../../../lib/types';
import { fetchMyReservations } from '../api/reservations';

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; list: ReservationResponse[] };

const STATE_TEXT: Record<string, string> = {
  pending: 'Awaiting payment',
  paid: 'Reserved',
  released: 'Hold ended',
  converted: 'Purchased',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** OnlinePaymentPage is the gated /online-payment (spec 001 §5): the shopper's reservations and deposits on this site (issue 13). */
export default function OnlinePaymentPage() {
  const { auth } = useSite();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    fetchMyReservations(auth).then(
      (res) => live && setState({ kind: 'ready', list: res.reservations ?? [] }),
      (err: unknown) => live && setState({ kind: 'error', message: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [auth]);

  return (
    <main className="page online-payment">
      <h1>Your online payments</h1>
      {state.kind === 'loading' && <p role="status">Loading your reservations…</p>}
      {state.kind === 'error' && <p role="alert">{state.message}</p>}
      {state.kind === 'ready' && state.list.length === 0 && <p>You have not reserved a car online yet.</p>}
      {state.kind === 'ready' && state.list.length > 0 && (
        <ul className="online-payment__list">
          {state.list.map((r) => (
            <li key={r.reservation_id}>
              <Link to={`/reservations/${r.reservation_id}`}>{r.car_title}</Link>
              {' — '}
              {STATE_TEXT[r.state] ?? r.state}, deposit ${(r.deposit_cents / 100).toFixed(0)}
              {r.holding && <> — held until {r.held_until_text}</>}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
