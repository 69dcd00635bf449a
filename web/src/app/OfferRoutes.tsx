import OfferPage from '../features/offers/components/OfferPage';
import OffersPage from '../features/offers/components/OffersPage';
import type { OfferEnquiry } from '../features/offers/components/OfferCard';
import { EnquiryForm } from '../features/leads/components/EnquiryForm';

// The offers pages with the leads feature's enquiry form composed in here, at
// the app level, so neither feature imports the other (as CarRoute does).
const enquiry: OfferEnquiry = (o) => <EnquiryForm offer={{ name: o.name, make: o.manufacturer.name, model: o.model?.name }} />;

/** OffersRoute is /special-offers. */
export function OffersRoute() {
  return <OffersPage enquiry={enquiry} />;
}

/** OfferRoute is /offers/{manufacturer slug}/{id} and /offers/{id}. */
export function OfferRoute() {
  return <OfferPage enquiry={enquiry} />;
}
