import { Navigate, useParams } from 'react-router';
import { NotFound } from '../../../components/NotFound';
import { PageLoading } from '../../../components/PageLoading';
import { ApiError } from '../../../lib/http';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useOfferQuery } from '../api/getOffers';
import { OfferCard, type OfferEnquiry } from './OfferCard';
import '../offers.css';

/**
 * OfferPage is /offers/{manufacturer slug}/{id} or /offers/{id} (spec 001
 * §2): one offer in full with its enquiry form. Any other form of the
 * offer's address is sent to the one the server names.
 */
export default function OfferPage({ enquiry }: { enquiry: OfferEnquiry }) {
  const { id = '', manufacturer } = useParams();
  const offer = useOfferQuery(id);
  useDocumentTitle(offer.status === 'ready' ? offer.data.name : offer.status === 'error' ? 'Offer not found' : '');
  if (offer.status === 'loading') return <PageLoading label="Loading offer…" />;
  if (offer.status === 'error') {
    if (offer.error instanceof ApiError && offer.error.status === 404) {
      return (
        <NotFound title="Offer not found">
          <p>This offer has ended or is not available here.</p>
        </NotFound>
      );
    }
    return <p role="alert">This offer could not be loaded. Please try again in a moment.</p>;
  }
  const want = manufacturer ? `/offers/${manufacturer}/${id}` : `/offers/${id}`;
  if (offer.data.path !== want) return <Navigate to={offer.data.path} replace />;
  return (
    <section className="offers-page offers-page--single">
      <OfferCard offer={offer.data} enquiry={enquiry} headingLevel={1} expanded />
    </section>
  );
}
