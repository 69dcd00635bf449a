import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useSite } from '../../../lib/siteContext';
import { NotFound } from '../../../components/NotFound';
import { TabList } from '../../../components/Tabs';
import { ApiError } from '../../../lib/http';
import type { LocationResponse, LocationView } from '../../../lib/types';
import { useLocation } from '../api/getLocations';
import { addressLines, LocationActions, type EmailUsForm } from './LocationCard';
import { ReviewList } from './LocationDetail';
import { LocationMap } from './LocationMap';
import { HolidayHoursButton, OpenNow, OpeningHours } from './OpeningHours';
import { Modal } from '../../../components/Modal';
import { OurLocations } from './OurLocationsCarousel';
import { StarRating } from './StarRating';
import '../locations.css';

const DEPARTMENT: Record<string, string> = { sales: 'Sales', service: 'Service', parts: 'Parts' };
const departmentOf = (l: LocationView) => DEPARTMENT[l.location_type || 'sales'] ?? l.name;

/**
 * LocationPage is /locations/{location or dealership slug} (and, with team,
 * /teams/{location slug}). Issue 32 item 11: the name, address and hours
 * each show once (the page showed them three times: a static map card, the
 * detail block and the location card), the map is a box of fixed size with
 * Open in Maps (no large blank), and the departments' hours are tabs. The
 * page's HTML carries its data (forecourt-location), so it renders at once
 * with no "Loading location…" that the page then replaced.
 */
export default function LocationPage({
  emailUs,
  team = false,
  slug: given,
  page,
}: {
  emailUs?: EmailUsForm;
  team?: boolean;
  slug?: string;
  /** page is the location's answer when the caller has it (TeamPage): not fetched again. */
  page?: LocationResponse;
}) {
  const params = useParams();
  const slug = given ?? params.slug ?? '';
  const state = useLocation(slug, page);
  const name = state.status === 'ready' ? state.data.location.name : '';
  useDocumentTitle(name ? (team ? `${name} team` : name) : 'Location');
  if (state.status === 'loading') {
    return (
      <div className="location-page location-page--loading">
        <p role="status">Loading location…</p>
      </div>
    );
  }
  if (state.status === 'error') {
    if (state.error instanceof ApiError && state.error.status === 404) return <NotFound />;
    return <p role="alert">This location could not be loaded. Please try again.</p>;
  }
  const { location, departments, reviews, reviews_shown } = state.data;
  const depts = departments && departments.length > 0 ? departments : [location];
  const review = location.review_summary;
  return (
    <div className="location-page">
      <header className="location-page__head">
        <h1>{team ? `Meet the ${location.name} team` : location.name}</h1>
        {review ? (
          <p className="location-page__rating">
            <StarRating stars={review.stars} average={review.average_rating} /> <strong>{review.average_rating.toFixed(1)}</strong> {review.text}
          </p>
        ) : null}
      </header>
      <div className="location-page__top">
        <MapBox location={location} />
        <LocationInfo location={location} emailUs={emailUs} />
      </div>
      <DepartmentHours departments={depts} location={location} />
      <ReviewList reviews={reviews ?? []} shown={reviews_shown} />
      <OurLocations exclude={depts.map((d) => d.id)} />
    </div>
  );
}

/**
 * MapBox is the map at a fixed size (the page's CSS), so nothing moves when
 * it loads: the live map where the site has a map style, else a drawn
 * placeholder with a pin. Either way Open in Maps leads to the place.
 */
function MapBox({ location }: { location: LocationView }) {
  const { site } = useSite();
  const live = Boolean(site.locations_block.map_style_url) && Boolean(location.address.lat || location.address.long);
  return (
    <section className="location-map" aria-label={`Map of ${location.name}`}>
      {live ? (
        <LocationMap locations={[location]} label={`Map of ${location.name}`} />
      ) : (
        <div className="location-map__placeholder" aria-hidden="true">
          <svg className="location-map__pin" viewBox="0 0 24 32" width="36" height="48" focusable="false">
            <path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z" fill="currentColor" />
            <circle cx="12" cy="12" r="4.5" fill="#fff" />
          </svg>
        </div>
      )}
      {location.directions_url ? (
        <a className="button location-map__open" href={location.directions_url} target="_blank" rel="noopener noreferrer">
          Open in Maps<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : null}
    </section>
  );
}

/** LocationInfo is the address, once, with the ways to get in touch and the licences. */
function LocationInfo({ location: l, emailUs }: { location: LocationView; emailUs?: EmailUsForm }) {
  const { site } = useSite();
  const cfg = site.locations_block;
  const [emailing, setEmailing] = useState(false);
  return (
    <section className="location-page__info" aria-labelledby="location-info-title">
      <h2 id="location-info-title">Address</h2>
      <address>
        {addressLines(l).map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
      {cfg.show_contact && (l.dealer_license_number || l.motor_vehicle_repairer) ? (
        <p className="location-page__licences">
          {l.dealer_license_number ? <span>Dealer Licence: {l.dealer_license_number}</span> : null}
          {l.motor_vehicle_repairer ? <span>MVR: {l.motor_vehicle_repairer}</span> : null}
        </p>
      ) : null}
      <LocationActions location={l} className="location-page__actions" onEmail={emailUs ? () => setEmailing(true) : undefined} />
      {emailing && emailUs ? (
        <Modal title={`Email ${l.name}`} onClose={() => setEmailing(false)}>
          {emailUs(l)}
        </Modal>
      ) : null}
    </section>
  );
}

/**
 * DepartmentHours is each department's phone, open-now line and hours
 * (spec 001 §2 "a drop-down switches between department hours"; issue 32
 * item 7: tabs, not a bare select), a department's address only where it
 * is not the page's. Arrow keys, Home and End move between the tabs.
 */
function DepartmentHours({ departments, location }: { departments: LocationView[]; location: LocationView }) {
  const id = useId();
  const [active, setActive] = useState(departments.some((d) => d.id === location.id) ? location.id : departments[0].id);
  const dept = departments.find((d) => d.id === active) ?? departments[0];
  const tabs = departments.length > 1;
  return (
    <section className="location-hours" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Opening hours</h2>
      {tabs ? (
        <TabList
          tabs={departments.map((d, i) => ({ key: d.id, id: `${id}-tab-${i}`, controls: `${id}-panel`, label: departmentOf(d) }))}
          current={departments.indexOf(dept)}
          onSelect={(i) => setActive(departments[i].id)}
          label="Department"
          className="tabs location-hours__tabs"
        />
      ) : null}
      <div
        className="location-hours__panel"
        id={`${id}-panel`}
        {...(tabs ? { role: 'tabpanel', 'aria-labelledby': `${id}-tab-${departments.indexOf(dept)}` } : {})}
      >
        <div className="location-hours__contact">
          <OpenNow status={dept.open_now} />
          <Phones location={dept} />
          {dept.address.street !== location.address.street ? (
            <address>
              {addressLines(dept).map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
          ) : null}
        </div>
        <div className="location-hours__table">
          <OpeningHours lines={dept.hours} />
          <HolidayHoursButton hours={dept.holiday_hours} name={dept.name} />
        </div>
      </div>
    </section>
  );
}

/** Phones are a location's landline and mobile, as tel: links where the site links phones. */
function Phones({ location: l }: { location: LocationView }) {
  const { site } = useSite();
  const link = site.features.phone_links;
  const lines = [
    { label: 'Phone', number: l.contact_detail.landline_phone },
    { label: 'Mobile', number: l.contact_detail.phone },
  ].filter((p): p is { label: string; number: string } => Boolean(p.number));
  if (lines.length === 0) return null;
  return (
    <ul className="location-hours__phones">
      {lines.map((p) => (
        <li key={p.label}>
          {p.label}: {link ? <a href={`tel:${p.number.replace(/[^\d+]/g, '')}`}>{p.number}</a> : p.number}
        </li>
      ))}
    </ul>
  );
}
