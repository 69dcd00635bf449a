import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { NotFound } from '../../../components/NotFound';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useSite } from '../../../lib/siteContext';
import type { Location } from '../../../lib/types';
import { contactLocation, contactMatches } from '../contactSlug';
import { visibleLocations } from '../../../components/forms/ContactFields';
import { EnquiryForm } from './EnquiryForm';
import '../../../components/forms/leads.css';

/**
 * ContactPage is /contact, /contact-us and /contact-us/{location slug}
 * (spec 001 §2): the general enquiry (event 22, with its category and
 * location selects) beside where to find the dealer. A location's page
 * matches the slug against the location names with their ' - Sales',
 * ' - Service' or ' - Parts' suffix stripped, and chooses that location in
 * the form; an unknown slug is a not-found page. ?message= and ?category=
 * prefill the form. locations, composed by the app, is the block of the
 * dealership's locations with their hours and reviews: the general page
 * shows it under the form in place of the short address list.
 */
export function ContactPage({ title = 'Contact Us', locations }: { title?: string; locations?: ReactNode }) {
  const { site } = useSite();
  const { slug } = useParams();
  // ?message= and ?category= start the form (issue 32 item 15: the listing's
  // "We'll find it for you" link describes the search that found nothing).
  const [params] = useSearchParams();
  const prefill = { message: params.get('message') ?? undefined, category: params.get('category') ?? undefined };
  const matches = slug ? contactMatches(site.locations, slug) : visibleLocations(site.locations);
  // A location's departments share one page: sales is offered first.
  const location = slug ? contactLocation(matches) : undefined;
  const heading = location ? `Contact ${stripDepartment(location.name)}` : title;
  useDocumentTitle(slug && !location ? 'Location not found' : heading);
  if (slug && !location) return <NotFound title="Location not found" />;
  return (
    <section className="lead-page">
      <h1>{heading}</h1>
      <div className="lead-page__grid">
        <div className="lead-page__form" id="contact-form">
          <h2>Send us an enquiry</h2>
          <EnquiryForm locationId={location?.id} dealershipSlug={location?.dealership_slug} prefill={prefill} />
        </div>
        {matches.length > 0 && (slug || !locations) ? (
          <aside className="lead-page__aside" aria-label={location ? 'This location' : 'Our locations'}>
            {matches.map((l) => (
              <LocationContact key={l.id} location={l} />
            ))}
          </aside>
        ) : null}
      </div>
      {slug ? null : (
        <div id="locations" className="lead-page__locations">
          {locations}
        </div>
      )}
    </section>
  );
}

function LocationContact({ location: l }: { location: Location }) {
  const phone = l.contact_detail?.phone || l.contact_detail?.landline_phone;
  const address = [l.address?.street, [l.address?.city, l.address?.state, l.address?.postcode].filter(Boolean).join(' ')].filter(Boolean);
  return (
    <div className="lead-page__location">
      <h2>{l.name}</h2>
      {address.length > 0 ? (
        <address>
          {address.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </address>
      ) : null}
      {phone ? (
        <p>
          <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
        </p>
      ) : null}
      {l.contact_detail?.email ? (
        <p>
          <a href={`mailto:${l.contact_detail.email}`}>{l.contact_detail.email}</a>
        </p>
      ) : null}
    </div>
  );
}

function stripDepartment(name: string): string {
  return name.replace(/[\t\n\f\r ]+-[\t\n\f\r ]+(sales|service|parts)[\t\n\f\r ]*$/i, '');
}

export default ContactPage;
