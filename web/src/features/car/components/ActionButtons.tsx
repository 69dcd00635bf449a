import { Link } from 'react-router';
import { PhoneReveal } from '../../../components/PhoneReveal';
import type { CarAction } from '../../../lib/types';

/** ActionKind names the buttons that open something on the page rather than go somewhere. */
export type ActionKind = 'enquiry' | 'test_drive' | 'chat';

/** Who the call button's reveal event is about. */
export interface CallContext {
  callText: string;
  carId: string;
  dealershipId?: string;
  websiteId: string;
}

/**
 * ActionButtons are the car's action buttons in the server's order (spec
 * 001 §2 "Action buttons", view.actions): links go where the server says
 * (Reserve Now, Trade-in, the history report, Find Me Something Similar);
 * Call is the phone reveal; the rest (Enquiry, Book a Test Drive, Chat) call
 * onAction, which the app composes (the enquiry accordion, the test-drive
 * modal). The page keeps no copy of which buttons show.
 */
export function ActionButtons({
  actions,
  call,
  onAction,
  className = '',
  label,
}: {
  actions: CarAction[];
  call: CallContext;
  onAction: (kind: ActionKind) => void;
  className?: string;
  label: string;
}) {
  if (actions.length === 0) return null;
  return (
    <ul className={`car-actions ${className}`} aria-label={label}>
      {actions.map((a) => (
        <li key={a.kind}>
          <ActionButton action={a} call={call} onAction={onAction} />
        </li>
      ))}
    </ul>
  );
}

function ActionButton({ action: a, call, onAction }: { action: CarAction; call: CallContext; onAction: (kind: ActionKind) => void }) {
  const cls = `button button--block car-actions__${a.kind}`;
  switch (a.kind) {
    case 'call':
      return (
        <PhoneReveal
          phone={a.phone ?? ''}
          label={a.label || call.callText}
          carId={call.carId}
          dealershipId={call.dealershipId}
          websiteId={call.websiteId}
          className="button--ghost button--block"
        />
      );
    case 'enquiry':
    case 'test_drive':
    case 'chat':
      return (
        <button
          type="button"
          className={a.kind === 'enquiry' ? cls : `${cls} button--ghost`}
          aria-haspopup={a.kind === 'test_drive' ? 'dialog' : undefined}
          onClick={() => onAction(a.kind as ActionKind)}
        >
          {a.label}
        </button>
      );
    case 'history_report':
      // The report is the provider's page: a new tab, said in its name.
      return a.href ? (
        <a className={`${cls} button--ghost`} href={a.href} target="_blank" rel="noopener noreferrer" aria-label={`${a.label} (opens in a new tab)`}>
          {a.label}
        </a>
      ) : null;
    default:
      // reserve, trade_in, find_similar and any link kind a later server adds.
      return a.href ? (
        <Link className={a.kind === 'reserve' || a.kind === 'find_similar' ? cls : `${cls} button--ghost`} to={a.href}>
          {a.label}
        </Link>
      ) : null;
  }
}
