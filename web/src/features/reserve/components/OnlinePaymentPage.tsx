import { Link } from 'react-router';
import { useSite } from '../../../lib/siteContext';
import { useResource } from '../../../lib/useResource';
import { fetchMyReservations } from '../api/reservations';

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
  // Keyed by the user pool: another pool is another shopper's list.
  const state = useResource(`reservations ${auth?.userPoolId ?? ''}`, () => fetchMyReservations(auth).then((res) => res.reservations ?? []));

  return (
    <main className="page online-payment">
      <h1>Your online payments</h1>
      {state.status === 'loading' && <p role="status">Loading your reservations…</p>}
      {state.status === 'error' && <p role="alert">{state.error.message}</p>}
      {state.status === 'ready' && state.data.length === 0 && <p>You have not reserved a car online yet.</p>}
      {state.status === 'ready' && state.data.length > 0 && (
        <ul className="online-payment__list">
          {state.data.map((r) => (
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
