import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { LISTING_PATH } from '../../lib/listingUrl';
import { useSite } from '../../lib/siteContext';
import type { LeadType } from '../../lib/types';
import { SUCCESS_KEY, type LeadSubject, type SuccessMarker } from '../../lib/leads/submitLead';
import './leads.css';

const NEXT: Partial<Record<LeadType, string>> = {
  test_drive: 'The dealership will contact you to confirm the time of your test drive.',
  request_photos: 'The dealership will send you photos of the car.',
  finance: 'A finance specialist will contact you about your application.',
  trade_in: 'The dealership will appraise your car from the details you gave and contact you with a value.',
};

/** SentLead is what the success page says about the lead sent. */
interface SentLead {
  type?: LeadType;
  reference?: string;
  subject?: LeadSubject;
}

/**
 * lastLead is the lead that brought the shopper here: the navigation's,
 * else the stored success marker's (a reload of /success keeps the car and
 * the reference).
 */
function lastLead(state: unknown): SentLead {
  const fromNav = state as SentLead | null;
  if (fromNav?.type) return fromNav;
  try {
    const m = JSON.parse(localStorage.getItem(SUCCESS_KEY) ?? 'null') as Partial<SuccessMarker> | null;
    return { type: m?.type, reference: m?.reference, subject: m?.subject };
  } catch {
    return {};
  }
}

/**
 * SuccessPage is /success (spec 001 §2, §4), shown after a lead form
 * succeeds: the thank-you (focused, so a screen reader announces it) naming
 * the car the lead is about with its photo and the lead's reference (the one
 * the dealer's e-mail carries; issue 32 item 14), what happens next for the
 * kind of lead sent, and links back to the stock.
 */
export function SuccessPage() {
  const { site } = useSite();
  const { state } = useLocation();
  const { type, reference, subject } = lastLead(state);
  const thanks = useRef<HTMLDivElement>(null);
  useEffect(() => {
    thanks.current?.focus();
    document.title = `Thank you | ${site.name}`;
  }, [site.name]);
  return (
    <section className="lead-success-page">
      <div ref={thanks} tabIndex={-1} role="status" className="lead-success">
        <h1>Thank you for your enquiry</h1>
        <p>
          {site.name} has received your {subject ? `enquiry about the ${subject.title}` : 'details'}.
        </p>
        {subject ? (
          <Link className="lead-success__car" to={subject.path || site.stock.listing_path || LISTING_PATH}>
            {subject.image ? <img src={subject.image} alt={subject.title} width={160} height={107} /> : null}
            <span>{subject.title}</span>
          </Link>
        ) : null}
        {reference ? (
          <p className="lead-success__ref">
            Your reference: <strong>{reference}</strong>
          </p>
        ) : null}
      </div>
      <h2>What happens next</h2>
      <ul>
        <li>{(type && NEXT[type]) || 'The dealership will be in touch with you soon, usually within one business day.'}</li>
        <li>They will reach you by the contact method you chose.</li>
      </ul>
      <nav aria-label="Keep browsing" className="lead-success-page__links">
        <Link className="button" to={site.stock.listing_path || LISTING_PATH}>
          Browse all cars
        </Link>
        <Link className="button button--ghost" to="/">
          Back to home
        </Link>
        <Link className="button button--ghost" to="/contact">
          Contact us
        </Link>
      </nav>
    </section>
  );
}

export default SuccessPage;
