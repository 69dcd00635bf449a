import { EnquiryForm } from '../features/leads/components/EnquiryForm';
import type { LocationView } from '../lib/types';
import LocationPage from '../features/locations/components/LocationPage';
import TeamPage from '../features/locations/components/TeamPage';
import { LocationsBlock } from '../features/locations/components/LocationsBlock';
import type { LocationQuery } from '../features/locations/api/getLocations';
import { NearestDealership } from '../features/locations/components/NearestDealership';
import DealershipsPage from '../features/dealerships/components/DealershipsPage';
import '../features/locations/locations.css';

/**
 * The location pages with the leads feature's enquiry form composed in as the
 * cards' email-us modal, at the app level, so neither feature imports the
 * other (bulletproof-react).
 */
const emailUs = (l: LocationView) => <EnquiryForm dealershipSlug={l.dealership_slug} />;

/** LocationRoute is /locations/{location or dealership slug}. */
export function LocationRoute() {
  return <LocationPage emailUs={emailUs} />;
}

/** TeamRoute is /teams/{location slug}: the location's team, else its location page. */
export function TeamRoute() {
  return <TeamPage emailUs={emailUs} />;
}

/**
 * ContactLocations is the locations block of the contact page (ContactRoute
 * places it): the locations filter picks (spec 001 §2's filters; the site's
 * locations_block.contact_filter), with their hours and reviews.
 */
export function ContactLocations({ filter, title }: { filter?: LocationQuery; title?: string }) {
  return <LocationsBlock filter={filter ?? { type: 'all' }} emailUs={emailUs} title={title} />;
}

/** DealershipsRoute is /dealerships: the dealerships with their stock, "Find your nearest dealership" and every location's card. */
export function DealershipsRoute() {
  return (
    <DealershipsPage>
      <NearestDealership />
      <LocationsBlock emailUs={emailUs} />
    </DealershipsPage>
  );
}
