import { useState } from 'react';
import { PageLoading } from '../../../components/PageLoading';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useOffersQuery } from '../api/getOffers';
import { OfferCard, type OfferEnquiry } from './OfferCard';
import '../offers.css';

/** OffersPage is /special-offers: the site's offers as list or grid cards. */
export default function OffersPage({ enquiry }: { enquiry: OfferEnquiry }) {
  useDocumentTitle('Special Offers');
  const offers = useOffersQuery();
  const [layout, setLayout] = useState<'list' | 'grid'>('list');
  const list = offers.status === 'ready' ? (offers.data.offers ?? []) : [];
  return (
    <section className="offers-page">
      <div className="offers-page__head">
        <h1>Special Offers</h1>
        <div className="offers-page__layout" role="group" aria-label="Show offers as">
          {(['list', 'grid'] as const).map((l) => (
            <button key={l} type="button" className="button button--ghost" aria-pressed={layout === l} onClick={() => setLayout(l)}>
              {l === 'list' ? 'List' : 'Grid'}
            </button>
          ))}
        </div>
      </div>
      {offers.status === 'loading' ? <PageLoading label="Loading offers…" /> : null}
      {offers.status === 'error' ? <p role="alert">Offers could not be loaded. Please try again in a moment.</p> : null}
      {offers.status === 'ready' && list.length === 0 ? <p>There are no special offers just now. Please check back soon.</p> : null}
      {list.length > 0 ? (
        <ul className={`offers-page__list offers-page__list--${layout}`}>
          {list.map((o) => (
            <li key={o.id}>
              <OfferCard offer={o} enquiry={enquiry} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
