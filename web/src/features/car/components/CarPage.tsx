import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { PageLoading } from '../../../components/PageLoading';
import { carTitle, imageOf } from '../../../lib/carTitle';
import { formatPrice } from '../../../lib/format';
import { STOCK_PATH } from '../../../lib/listingUrl';
import { similarPath } from '../../../lib/similarPath';
import { CarStrip } from '../../../components/search/CarStrip';
import { ApiError } from '../../../lib/http';
import type { Car, CarTab, CarView } from '../../../lib/types';
import { useCardActions, useCarHeart } from '../../../components/search/cardActions';
import { useSite } from '../../../lib/siteContext';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import '../car.css';
import { useCarQuery } from '../../../lib/getCar';
import { ActionButtons, type ActionKind, type CallContext } from './ActionButtons';
import { CarTabs, TabText } from './CarTabs';
import { DealerComments } from './DealerComments';
import { FeatureList } from './FeatureList';
import { FinanceEstimate } from './FinanceEstimate';
import { Gallery } from './Gallery';
import { InfoPopup } from '../../../components/InfoPopup';
import { detailsPanel, keyDetails, specifications, type DetailRow } from './keyDetails';
import { PdfDownload } from './PdfDownload';
import { isGoneCar, RecentlySold } from './RecentlySold';
import { TagBadge } from '../../../components/search/TagBadge';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import { warnNoPhone } from '../../../lib/carPhone';

// The info dialog loads only when a shopper opens it (keeps the page's first JavaScript small).
const CertifiedDialog = lazy(() => import('./CertifiedDialog'));
// The calculator closes the page's main column, below the fold: it loads after the page (car budget, issue 32).
const FinanceCalculator = lazy(() => import('../../../components/finance/FinanceCalculator').then((m) => ({ default: m.FinanceCalculator })));
// Only a sold car needs its sidebar panel (issue 32 item 15): off the car page's initial JavaScript.
const SoldPanel = lazy(() => import('./SoldPanel'));
// Only a car that is gone needs it: off the car page's initial JavaScript (budget 150 KB).
const NotFound = lazy(() => import('../../../components/NotFound').then((m) => ({ default: m.NotFound })));

const SPEC_ROWS = 4;
const PHONE_LAYOUT = '(max-width: 48rem)';

/**
 * Enquiry renders the enquiry form about a car. The app passes it in, so the
 * car feature does not import the leads feature (features stay independent).
 */
export type Enquiry = (car: Car) => ReactNode;

/**
 * OnCarAction handles a button that opens something (Book a Test Drive's
 * modal, Chat). The app composes it (CarRoute); it returns true when it
 * handled the action, and the page falls back to the enquiry form otherwise.
 */
export type OnCarAction = (kind: ActionKind, car: Car) => boolean | void;

/**
 * CarPage is /cars/{slug}: the car detail page (spec 000 §2, spec 001 §2).
 * map is the #vehicle-map section, composed by the app like enquiry.
 */
export default function CarPage({ enquiry, onAction, map }: { enquiry?: Enquiry; onAction?: OnCarAction; map?: Enquiry }) {
  const { slug = '' } = useParams();
  const car = useCarQuery(slug);
  if (car.status === 'loading') {
    return <PageLoading label="Loading car…" />;
  }
  if (car.status === 'error') {
    if (car.error instanceof ApiError && car.error.status === 410 && isGoneCar(car.error.body)) {
      return <RecentlySold gone={car.error.body} />;
    }
    if (car.error instanceof ApiError && car.error.status === 404) {
      return (
        <Suspense fallback={<PageLoading label="Loading car…" />}>
          <NotFound title="Car not found">
            <p>This car is no longer listed. It may have been sold.</p>
          </NotFound>
        </Suspense>
      );
    }
    return (
      <div className="page-status" role="alert">
        <h1>Something went wrong</h1>
        <p>We couldn’t load this car. Please try again.</p>
      </div>
    );
  }
  return <CarDetail car={car.data.car} view={car.data.view} enquiry={enquiry} onAction={onAction} map={map} />;
}

/**
 * CarDetail renders a car and the server's view of it for this site (price,
 * tag, availability, comments, finance, badges, actions, tabs: GET
 * /api/cars/{slug}), so the page keeps no copy of those rules.
 */
export function CarDetail({
  car,
  view,
  now = new Date(),
  enquiry,
  onAction,
  map,
}: {
  car: Car;
  view: CarView;
  now?: Date;
  enquiry?: Enquiry;
  onAction?: OnCarAction;
  map?: Enquiry;
}) {
  const { site } = useSite();
  const title = carTitle(car, site.card.extended_title);
  useDocumentTitle(title);
  const { price, tag } = view;
  const sold = !view.available;
  const primary = imageOf(car);
  const urls = (car.images ?? []).map((i) => i.url).filter(Boolean);
  const images = primary ? (urls.length > 0 ? urls : [primary]) : [];
  const heart = useCarHeart(car, title, sold);
  const { compare } = useCardActions();
  const saved = heart.saved;
  const phoneLayout = useMediaQuery(PHONE_LAYOUT);
  const [enquiryOpen, setEnquiryOpen] = useState(false);
  const [certifiedOpen, setCertifiedOpen] = useState(false);
  const enquiryRef = useRef<HTMLElement>(null);

  const actions = view.actions ?? [];
  // An unavailable car has exactly one action, Find Me Something Similar: the sold notice carries it.
  const findSimilar = actions.find((a) => a.kind === 'find_similar');
  const buttons = sold ? [] : actions.filter((a) => a.kind !== 'find_similar');
  // Spec 001 §8: a car on sale with no number to call logs a warning; the server sent no call action.
  useEffect(() => {
    if (!sold && !view.phone) warnNoPhone(car.id);
  }, [sold, view.phone, car.id]);
  const call: CallContext = { callText: site.texts.call_text, carId: car.id, dealershipId: car.dealership_id, websiteId: site.id };

  const openEnquiry = useCallback(() => {
    setEnquiryOpen(true);
    requestAnimationFrame(() => enquiryRef.current?.scrollIntoView?.({ block: 'start' }));
  }, []);
  // The comparison's Enquire links to #enquire: the form opens (issue 32 item 12).
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#enquire') openEnquiry();
  }, [hash, openEnquiry]);
  const act = (kind: ActionKind) => {
    if (kind !== 'enquiry' && onAction?.(kind, car)) return;
    openEnquiry();
  };

  const renderPanel = (t: CarTab) => {
    switch (t.id) {
      case 'dealer_comments':
        return <DealerComments comments={view.comments} pendingText={site.texts.dealer_comments_pending} />;
      case 'features':
        return <FeatureList features={t.items ?? []} />;
      default:
        return <TabText body={t.body} />;
    }
  };

  const facts = detailsPanel(car);
  const featured = car.filtered_features ?? [];

  return (
    <article className={`car-page${buttons.length > 0 && phoneLayout ? ' car-page--sticky-actions' : ''}`}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to={STOCK_PATH}>Our Stock</Link> <span aria-hidden="true">/</span> <span>{title}</span>
      </nav>
      <header className="car-page__head">
        <div>
          {tag.kind && tag.kind !== 'sold' ? <TagBadge as="p" tag={tag} className={`car-page__tag tag tag--${tag.kind}`} /> : null}
          <h1>{title}</h1>
          {car.badge || car.series ? <p className="car-page__badge">{[car.badge, car.series].filter(Boolean).join(' · ')}</p> : null}
          {view.certified ? (
            <p className="car-page__certified">
              <span className="badge badge--certified">{view.certified.title}</span>
              <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => setCertifiedOpen(true)}>
                What is {view.certified.title}?
              </button>
            </p>
          ) : null}
        </div>
        <div className="car-page__price">
          {price.was_text ? <s aria-label={`Was ${price.was_text}`}>{price.was_text}</s> : null}
          <strong>{price.text}</strong>
          {price.price_type ? <span>{price.price_type}</span> : null}
          {view.market ? (
            <span className="car-page__market">
              <span className="badge badge--market">Below market</span>
              <InfoPopup label="About the below-market price" title="Below market">
                <span className="info-popup__line">
                  {formatPrice(view.market.below_by)} under the state average market price of {formatPrice(view.market.state_average)}.
                </span>
                {view.market.national_average ? <span className="info-popup__line">National average: {formatPrice(view.market.national_average)}.</span> : null}
              </InfoPopup>
            </span>
          ) : null}
          {view.finance ? (
            <a className="car-page__weekly" href="#finance-title">
              {view.finance.amount_text} per {view.finance.frequency === 'monthly' ? 'month' : 'week'}*
            </a>
          ) : null}
        </div>
      </header>
      {certifiedOpen && view.certified ? (
        <Suspense fallback={null}>
          <CertifiedDialog certified={view.certified} onClose={() => setCertifiedOpen(false)} />
        </Suspense>
      ) : null}
      {sold ? (
        <div className="sold-notice" role="note">
          <p>{site.texts.sold_notice}</p>
          {findSimilar?.href ? (
            <Link className="button" to={findSimilar.href}>
              {findSimilar.label}
            </Link>
          ) : null}
        </div>
      ) : null}
      <div className="car-page__layout">
        <div className="car-page__main">
          <Gallery images={images} title={title} placeholder={site.texts.new_arrival} />
          {facts.length > 0 ? (
            <section aria-labelledby="panel-title" className="car-page__section car-page__panel">
              <h2 id="panel-title" className="visually-hidden">
                Details
              </h2>
              <ul className="car-page__facts">
                {facts.map((f) => (
                  <li key={f.label}>
                    <span className="car-page__fact-label">{f.label}</span> <strong>{f.value}</strong>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="details-title" className="car-page__section">
            <h2 id="details-title">Key information</h2>
            <DetailList rows={keyDetails(car, now, site.texts.used_keyword)} />
          </section>
          {featured.length > 0 ? (
            <section aria-labelledby="summary-title" className="car-page__section">
              <h2 id="summary-title">Car Summary</h2>
              <FeatureList features={featured} />
            </section>
          ) : null}
          <Specifications rows={specifications(car)} />
          <section aria-label="About this car" className="car-page__section">
            <CarTabs tabs={view.tabs ?? []} label="About this car" renderPanel={renderPanel} />
          </section>
          {view.used_car_terms || view.used_guarantee ? (
            <section aria-labelledby="terms-title" className="car-page__section">
              <h2 id="terms-title">Buy with confidence</h2>
              {view.used_guarantee ? <p>{view.used_guarantee}</p> : null}
              {view.used_car_terms ? <TabText body={view.used_car_terms} /> : null}
            </section>
          ) : null}
          {/* issue 17: the finance calculator with the car's price, for a car on sale with a price */}
          {!sold && view.price.has_price ? (
            <Suspense fallback={null}>
              <FinanceCalculator price={car.price} carId={car.id} estimate={view.finance ?? undefined} />
            </Suspense>
          ) : null}
        </div>
        <aside className="car-page__side" aria-label="Act on this car">
          {sold ? (
            <Suspense fallback={null}>
              <SoldPanel car={car} title={title} similarHref={findSimilar?.href} strip={!!view.similar} categories={site.leads?.categories ?? []} />
            </Suspense>
          ) : null}
          {buttons.length > 0 ? <ActionButtons actions={buttons} call={call} onAction={act} label="Actions" /> : null}
          {view.finance && !sold ? <FinanceEstimate finance={view.finance} /> : null}
          {enquiry && !sold ? (
            <EnquirySection ref={enquiryRef} label={site.texts.enquire_label} open={enquiryOpen} onToggle={() => setEnquiryOpen((o) => !o)}>
              {enquiry(car)}
            </EnquirySection>
          ) : null}
          {heart.visible ? (
            <button type="button" className="button button--ghost button--block" aria-pressed={saved} onClick={heart.toggle}>
              {saved ? 'Saved' : 'Save this car'}
            </button>
          ) : null}
          {!sold ? compare?.({ id: car.id, title, className: 'compare-toggle--block' }) : null}
          {view.pdf_path ? <PdfDownload path={view.pdf_path} slug={car.slug} /> : null}
        </aside>
      </div>
      {map?.(car)}
      {/* issue 17: similar cars, asked for only once scrolled into view (issue 18: 0 searches on load) */}
      {view.similar ? (
        <CarStrip
          id="similar-cars"
          title="Similar cars"
          filters={view.similar.filters}
          limit={view.similar.limit}
          exclude={car.id}
          now={now}
          more={{ to: findSimilar?.href ?? similarPath(car), label: site.texts.find_similar }}
          // Spec 001 §2: "on one brand for similar cars" (the server's test_drive).
          action={
            view.similar.test_drive && onAction
              ? (c) => (
                  <button
                    type="button"
                    className="button button--ghost button--block car-strip__action"
                    aria-haspopup="dialog"
                    aria-label={`Book a Test Drive: ${carTitle(c, site.card.extended_title)}`}
                    onClick={() => onAction('test_drive', c)}
                  >
                    Book a Test Drive
                  </button>
                )
              : undefined
          }
        />
      ) : null}
      {phoneLayout && buttons.length > 0 ? (
        <ActionButtons actions={buttons.slice(0, 2)} call={call} onAction={act} className="car-actions--sticky" label="Quick actions" />
      ) : null}
    </article>
  );
}

/**
 * EnquirySection is the car's enquiry accordion: the form mounts when opened,
 * so a car view fetches no captcha and loads no widget until the shopper asks.
 */
function EnquirySection({
  label,
  open,
  onToggle,
  children,
  ref,
}: {
  label: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
  ref: React.Ref<HTMLElement>;
}) {
  return (
    <section ref={ref} id="enquire" aria-labelledby="enquire-title" className="car-page__section card car-page__enquire">
      <h2 id="enquire-title">Enquire about this car</h2>
      <button type="button" className="button button--block" aria-expanded={open} aria-controls={open ? 'enquire-panel' : undefined} onClick={onToggle}>
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

/** Specifications is All Specifications: the first 4 rows, Show more / Show less (spec 001 §2, §9). */
function Specifications({ rows }: { rows: DetailRow[] }) {
  const [all, setAll] = useState(false);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="specs-title" className="car-page__section">
      <h2 id="specs-title">All Specifications</h2>
      <DetailList rows={all ? rows : rows.slice(0, SPEC_ROWS)} />
      {rows.length > SPEC_ROWS ? (
        <button type="button" className="link-button" aria-expanded={all} onClick={() => setAll((a) => !a)}>
          {all ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </section>
  );
}
