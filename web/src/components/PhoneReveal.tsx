import { useEffect, useRef, useState } from 'react';
import { maskPhone, telHref } from '../lib/carPhone';
import { EVENT_PHONE_REVEAL, trackEvent } from '../lib/trackEvent';
import './PhoneReveal.css';

/**
 * PhoneReveal is the Call control (spec 000 §4, spec 001 §8): the number is
 * masked until the shopper asks for it, the control saying so ("Show number",
 * issue 32 item 13: the call text beside a masked number read as a
 * placeholder); the click sends the reveal event (25)
 * without waiting for it and shows the number as a tel: link, which takes the
 * focus so a keyboard user can dial at once.
 */
export function PhoneReveal({
  phone,
  label,
  carId,
  dealershipId,
  websiteId,
  className = '',
}: {
  phone: string;
  /** the site's call text ("Call the dealer"): the revealed link's name */
  label: string;
  carId: string;
  dealershipId?: string;
  websiteId: string;
  className?: string;
}) {
  const [shown, setShown] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  const revealedNow = useRef(false);
  useEffect(() => {
    if (shown && revealedNow.current) link.current?.focus();
  }, [shown]);
  if (!phone) return null;
  if (shown) {
    return (
      <a ref={link} className={`button phone-reveal phone-reveal--shown ${className}`} href={telHref(phone)} aria-label={`${label}: ${phone}`}>
        <PhoneIcon />
        <span>{phone}</span>
      </a>
    );
  }
  return (
    <button
      type="button"
      className={`button phone-reveal ${className}`}
      onClick={() => {
        trackEvent({ event_id: EVENT_PHONE_REVEAL, car_id: carId, dealership_id: dealershipId, website_id: websiteId });
        revealedNow.current = true;
        setShown(true);
      }}
    >
      <PhoneIcon />
      Show number <span className="phone-reveal__masked">{maskPhone(phone)}</span>
    </button>
  );
}

function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1l-2.3 2.2z"
      />
    </svg>
  );
}
