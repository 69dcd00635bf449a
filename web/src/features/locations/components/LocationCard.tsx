import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useSite } from '../../../lib/siteContext';
import { PAGES, type LocationView } from '../../../lib/types';

/** samePage reports whether two paths are one page of the page table (/contact and /contact-us). */
function samePage(a: string, b: string): boolean {
  const norm = (p: string) => p.replace(/\/+$/, '') || '/';
  const [x, y] = [norm(a), norm(b)];
  return x === y || PAGES.some((p) => 'paths' in p && (p.paths as readonly string[]).includes(x) && (p.paths as readonly string[]).includes(y));
}
import { HolidayHoursButton, OpenNow, OpeningHours } from './OpeningHours';
import { Modal } from '../../../components/Modal';
import { StarRating } from './StarRating';

/** EmailUsForm renders the enquiry form for a location; the app composes the leads feature's form in. */
export type EmailUsForm = (location: LocationView) => ReactNode;

export function addressLines(l: LocationView): string[] {
  const a = l.address;
  return [a.street, [a.city, a.state, a.postcode].filter(Boolean).join(' ')].filter((s): s is string => !!s);
}

/**
 * LocationCard is one location (spec 001 §2 "Location card"): a 150 px
 * image, the name, a badge, the star rating, the address, the mobile as a
 * tel: link, an email-us modal, the landline, the open-now line and hours,
 * licence numbers, the review count, a contact button, Get Directions and,
 * for service locations where the site says so, Book a Service. The site's
 * show flag (locations_block.show_contact) hides contact buttons and licences.
 */
export function LocationCard({
  location: l,
  emailUs,
  headingLevel = 3,
  viewLink = true,
}: {
  location: LocationView;
  emailUs?: EmailUsForm;
  headingLevel?: 2 | 3;
  /** viewLink shows View Location (off on the location's own page). */
  viewLink?: boolean;
}) {
  const { site } = useSite();
  const cfg = site.locations_block;
  const [emailing, setEmailing] = useState(false);
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const phoneLinks = site.features.phone_links;
  const review = l.review_summary;
  const image = l.image?.thumb?.url || l.image?.image?.url;
  return (
    <article className="location-card" aria-label={l.name}>
      {image ? <img className="location-card__image" src={image} alt="" height={150} loading="lazy" /> : null}
      <div className="location-card__body">
        <H className="location-card__name">{l.name}</H>
        {l.badge ? <span className="location-card__badge">{l.badge}</span> : null}
        {review ? (
          <p className="location-card__rating">
            <StarRating stars={review.stars} average={review.average_rating} /> <span>{review.average_rating.toFixed(1)}</span>
          </p>
        ) : null}
        <address className="location-card__address">
          {addressLines(l).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
        <OpenNow status={l.open_now} />
        <ul className="location-card__contact">
          {l.contact_detail.phone ? (
            <li>Mobile: {phoneLinks ? <a href={`tel:${l.contact_detail.phone.replace(/\s+/g, '')}`}>{l.contact_detail.phone}</a> : l.contact_detail.phone}</li>
          ) : null}
          {l.contact_detail.landline_phone ? (
            <li>
              Phone:{' '}
              {phoneLinks ? (
                <a href={`tel:${l.contact_detail.landline_phone.replace(/[^\d+]/g, '')}`}>{l.contact_detail.landline_phone}</a>
              ) : (
                l.contact_detail.landline_phone
              )}
            </li>
          ) : null}
        </ul>
        <OpeningHours lines={l.hours} />
        <HolidayHoursButton hours={l.holiday_hours} name={l.name} />
        {cfg.show_contact && (l.dealer_license_number || l.motor_vehicle_repairer) ? (
          <p className="location-card__licences">
            {l.dealer_license_number ? <span>Dealer Licence: {l.dealer_license_number}</span> : null}
            {l.motor_vehicle_repairer ? <span>MVR: {l.motor_vehicle_repairer}</span> : null}
          </p>
        ) : null}
        {review ? <p className="location-card__reviews">{review.count} reviews</p> : null}
        <LocationActions location={l} className="location-card__actions" primary viewLink={viewLink} onEmail={emailUs ? () => setEmailing(true) : undefined} />
      </div>
      {emailing && emailUs ? (
        <Modal title={`Email ${l.name}`} onClose={() => setEmailing(false)}>
          {emailUs(l)}
        </Modal>
      ) : null}
    </article>
  );
}

/**
 * LocationActions are a location's buttons (spec 001 §2): Contact and Email
 * Us (where the site's locations_block shows contact), View Location (with
 * viewLink), Get Directions and, for a service location where the site says
 * so, Book a Service. The card makes Contact its primary button; the
 * location's own page shows every button alike.
 */
export function LocationActions({
  location: l,
  className,
  onEmail,
  primary = false,
  viewLink = false,
}: {
  location: LocationView;
  className: string;
  /** onEmail opens the Email Us form; none hides the button. */
  onEmail?: () => void;
  primary?: boolean;
  viewLink?: boolean;
}) {
  const { site } = useSite();
  // View Location on the page it leads to (/contact on a manufacturer's site, issue 33) leads nowhere.
  const here = useLocation().pathname;
  const cfg = site.locations_block;
  return (
    <div className={className}>
      {cfg.show_contact ? (
        <Link className={primary ? 'button' : 'button button--ghost'} to={l.contact_path}>
          Contact
        </Link>
      ) : null}
      {cfg.show_contact && cfg.email_us && onEmail ? (
        <button type="button" className="button button--ghost" onClick={onEmail}>
          Email Us
        </button>
      ) : null}
      {viewLink && l.view_path && !samePage(l.view_path, here) ? (
        <Link className="button button--ghost" to={l.view_path}>
          View Location<span className="visually-hidden">: {l.name}</span>
        </Link>
      ) : null}
      {l.directions_url ? (
        <a className="button button--ghost" href={l.directions_url} target="_blank" rel="noopener noreferrer">
          Get Directions<span className="visually-hidden"> to {l.name} (opens in a new tab)</span>
        </a>
      ) : null}
      {cfg.book_service && l.location_type === 'service' ? (
        <Link className="button button--ghost" to="/service">
          Book a Service
        </Link>
      ) : null}
    </div>
  );
}
