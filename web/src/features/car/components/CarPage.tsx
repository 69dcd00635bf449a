import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { NotFound } from '../../../components/NotFound';
import { PageLoading } from '../../../components/PageLoading';
import { carTitle, imageOf } from '../../../lib/carTitle';
import { similarPath, STOCK_PATH } from '../../../lib/listingUrl';
import { ApiError } from '../../../lib/http';
import type { Car, CarView } from '../../../lib/types';
import { useFavourites } from '../../../lib/useFavourites';
import { useSite } from '../../../lib/siteContext';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import '../car.css';
import { useCarQuery } from '../api/getCar';
import { DealerComments } from './DealerComments';
import { FeatureList } from './FeatureList';
import { Gallery } from './Gallery';
import { keyDetails, specifications, type DetailRow } from './keyDetails';

const SPEC_ROWS = 4;

/**
 * Enquiry renders the enquiry form about a car. The app passes it in, so the
 * car feature does not import the leads feature (features stay independent).
 */
export type Enquiry = (car: Car) => ReactNode;

/** CarPage is /cars/{slug}: the car detail page (spec 000 §2, spec 001 §2). */
export default function CarPage({ enquiry }: { enquiry?: Enquiry }) {
  const { slug = '' } = useParams();
  const car = useCarQuery(slug);
  if (car.status === 'loading') {
    return <PageLoading label="Loading car…" />;
  }
  if (car.status === 'error') {
    if (car.error instanceof ApiError && car.error.status === 404) {
      return (
        <NotFound title="Car not found">
          <p>This car is no longer listed. It may have been sold.</p>
        </NotFound>
      );
    }
    return (
      <div className="page-status" role="alert">
        <h1>Something went wrong</h1>
        <p>We couldn’t load this car. Please try again.</p>
      </div>
    );
  }
  return <CarDetail car={car.data.car} view={car.data.view} enquiry={enquiry} />;
}

/**
 * CarDetail renders a car and the server's view of it for this site (price,
 * tag, availability, comments: GET /api/cars/{slug}), so the page keeps no
 * copy of those rules.
 */
export function CarDetail({ car, view, now = new Date(), enquiry }: { car: Car; view: CarView; now?: Date; enquiry?: Enquiry }) {
  const { site } = useSite();
  const title = carTitle(car, site.card.extended_title);
  useDocumentTitle(title);
  // The tag shows beside the title; a sold car has its notice instead.
  const { price, tag } = view;
  const sold = !view.available;
  const primary = imageOf(car);
  const urls = (car.images ?? []).map((i) => i.url).filter(Boolean);
  const images = primary ? (urls.length > 0 ? urls : [primary]) : [];
  const { isSaved, toggle } = useFavourites(site.slug);
  const saved = isSaved(car.id);
  return (
    <article className="car-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to={STOCK_PATH}>Our Stock</Link> <span aria-hidden="true">/</span> <span>{title}</span>
      </nav>
      <header className="car-page__head">
        <div>
          {tag.kind && tag.kind !== 'sold' ? <p className={`car-page__tag tag tag--${tag.kind}`}>{tag.text}</p> : null}
          <h1>{title}</h1>
          {car.badge || car.series ? <p className="car-page__badge">{[car.badge, car.series].filter(Boolean).join(' · ')}</p> : null}
        </div>
        <div className="car-page__price">
          {price.was_text ? <s aria-label={`Was ${price.was_text}`}>{price.was_text}</s> : null}
          <strong>{price.text}</strong>
          {price.price_type ? <span>{price.price_type}</span> : null}
          {price.below_market ? <span className="badge badge--market">Below market</span> : null}
        </div>
      </header>
      {sold ? (
        <div className="sold-notice" role="note">
          <p>{site.texts.sold_notice}</p>
          <Link className="button" to={similarPath(car)}>
            {site.texts.find_similar}
          </Link>
        </div>
      ) : null}
      <div className="car-page__layout">
        <div className="car-page__main">
          <Gallery images={images} title={title} placeholder={site.texts.new_arrival} />
          <section aria-labelledby="comments-title" className="car-page__section">
            <h2 id="comments-title">{site.texts.dealer_comments_title}</h2>
            <DealerComments comments={view.comments} pendingText={site.texts.dealer_comments_pending} />
          </section>
          <Specifications rows={specifications(car)} />
          {car.standardEquipment && car.standardEquipment.length > 0 ? (
            <section aria-labelledby="features-title" className="car-page__section">
              <h2 id="features-title">Features</h2>
              <FeatureList features={car.standardEquipment} />
            </section>
          ) : null}
        </div>
        <aside className="car-page__side">
          <section aria-labelledby="details-title" className="car-page__section card">
            <h2 id="details-title">Key details</h2>
            <DetailList rows={keyDetails(car, now)} />
          </section>
          {enquiry && !sold ? <EnquirySection label={site.texts.enquire_label}>{enquiry(car)}</EnquirySection> : null}
          {site.features.favourites && (!sold || saved) ? (
            <button
              type="button"
              className="button button--ghost button--block"
              aria-pressed={saved}
              onClick={() =>
                toggle({ id: car.id, name: title, slug: car.slug, make: car.make, model: car.model, primary_image_url: car.primary_image_url })
              }
            >
              {saved ? 'Saved' : 'Save this car'}
            </button>
          ) : null}
        </aside>
      </div>
    </article>
  );
}

/**
 * EnquirySection is the car's enquiry accordion: the form mounts when opened,
 * so a car view fetches no captcha and loads no widget until the shopper asks.
 */
function EnquirySection({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="enquire-title" className="car-page__section card car-page__enquire">
      <h2 id="enquire-title">Enquire about this car</h2>
      <button
        type="button"
        className="button button--block"
        aria-expanded={open}
        aria-controls={open ? 'enquire-panel' : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      {open ? <div id="enquire-panel">{children}</div> : null}
    </section>
  );
}

function DetailList({ rows }: { rows: DetailRow[] }) {
  return (
    <dl className="details">
      {rows.map((r) => (
        <div key={r.label}>
          <dt>{r.label}</dt>
          <dd>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Specifications({ rows }: { rows: DetailRow[] }) {
  const [all, setAll] = useState(false);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="specs-title" className="car-page__section">
      <h2 id="specs-title">Specifications</h2>
      <DetailList rows={all ? rows : rows.slice(0, SPEC_ROWS)} />
      {rows.length > SPEC_ROWS ? (
        <button type="button" className="link-button" aria-expanded={all} onClick={() => setAll((a) => !a)}>
          {all ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </section>
  );
}
