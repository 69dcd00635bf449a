import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { LISTING_PATH } from '../../../lib/listingUrl';
import { useSite } from '../../../lib/siteContext';
import { SUCCESS_KEY, type LeadType } from '../api/submitLead';
import '../leads.css';

const NEXT: Partial<Record<LeadType, string>> = {
  test_drive: 'The dealership will contact you to confirm the time of your test drive.',
  request_photos: 'The dealership will send you photos of the car.',
  finance: 'A finance specialist will contact you about your application.',
  trade_in: 'The dealership will contact you about your trade-in.',
};

/** lastLeadType is the type of the lead that brought the shopper here: the navigation's, else the stored success marker's. */
function lastLeadType(state: unknown): LeadType | undefined {
  const fromNav = (state as { type?: LeadType } | null)?.type;
  if (fromNav) return fromNav;
  try {
    return (JSON.parse(localStorage.getItem(SUCCESS_KEY) ?? 'null') as { type?: LeadType } | null)?.type;
  } catch {
    return undefined;
  }
}

/**
 * SuccessPage is /success (spec 001 §2, §4), shown after a lead form
 * succeeds: the thank-you (focused, so a screen reader announces it), what
 * happens next for the kind of lead sent, and links back to the stock.
 */
export function SuccessPage() {
  const { site } = useSite();
  const { state } = useLocation();
  const type = lastLeadType(state);
  const thanks = useRef<HTMLDivElement>(null);
  useEffect(() => {
    thanks.current?.focus();
    document.title = `Thank you | ${site.name}`;
  }, [site.name]);
  return (
    <section className="lead-success-page">
      <div ref={thanks} tabIndex={-1} role="status" className="lead-success">
        <h1>Thank you for your enquiry</h1>
        <p>{site.name} has received your details.</p>
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
