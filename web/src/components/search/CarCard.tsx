import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { carTitle, imageOf } from '../../lib/carTitle';
import { carTypeLabel, formatKm } from '../../lib/format';
import { priceDisplay } from '../../lib/priceDisplay';
import { carTag, isAvailable, tagSettingsOf } from '../../lib/tagPriority';
import type { ConfiguredSite } from '../../lib/siteConfig';
import type { Car, FinanceEstimate, SearchHit } from '../../lib/types';
import { useSite } from '../../lib/siteContext';
import { carPath, LISTING_PATH } from '../../lib/listingUrl';
import { carPhone, warnNoPhone } from '../../lib/carPhone';
import { financeEstimate } from '../../lib/financeEstimate';
import { reserveOffer } from '../../lib/reserveOffer';
import { InfoPopup } from '../InfoPopup';
import { PhoneReveal } from '../PhoneReveal';
import { useCardActions, useCarHeart } from './cardActions';
import { TagBadge } from './TagBadge';
import './CarCard.css';
import { photoSrcSet } from '../../lib/photoSrcSet';

function chipText(car: Car, chip: string, usedKeyword: string): string | undefined {
  const value = (car as unknown as Record<string, unknown>)[chip];
  if (value === undefined || value === null || value === '' || value === 'null') return undefined;
  if (chip === 'km') return typeof value === 'number' ? formatKm(value) : undefined;
  if (chip === 'car_type') return carTypeLabel(String(value), usedKeyword);
  if (chip === 'stocknum') return `Stock #${String(value)}`;
  return String(value);
}

/** chipsOf: the site's attribute chips (spec 000 §2, default from /api/site) the car has a value for. */
export function chipsOf(car: Car, site: ConfiguredSite): string[] {
  return site.card.chips.map((c) => chipText(car, c, site.texts.used_keyword)).filter((t): t is string => Boolean(t));
}

/** CarCard is one result of the listing (spec 000 §2 "Car card"). */
/**
 * priority marks the card whose photo is likely the page's largest paint (the
 * first result): it loads at once with high priority instead of lazily.
 */
export function CarCard({
  car,
  now = new Date(),
  headingLevel = 3,
  priority = false,
}: {
  /**
   * A search hit carries below_market_sites and similar_path, both decided in Go (issue 17); a car
   * without them shows no below-market badge and, when sold, links the whole listing.
   */
  car: Car & Partial<Pick<SearchHit, 'below_market_sites' | 'similar_path'>>;
  now?: Date;
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  const { site } = useSite();
  const texts = site.texts;
  // Not available (sold, or any status but in stock and coming soon) shows as sold.
  const sold = !isAvailable(car);
  const tag = carTag(car, tagSettingsOf(site), now);
  const price = priceDisplay(car, texts.no_price);
  // Go decided the badge for each site (issue 17); the card only reads it.
  const belowMarket = Boolean(car.below_market_sites?.includes(site.slug));
  const title = carTitle(car, site.card.extended_title);
  const image = imageOf(car);
  const href = carPath(car.slug);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const location = car.location_name || car.location?.name;
  // The heart: the server watchlist or local favourites, by the site's features (spec 000 §4).
  const heart = useCarHeart(car, title, sold);
  const saved = heart.saved;
  const [requesting, setRequesting] = useState(false);
  const { requestPhotos, compare } = useCardActions();
  // The card reads the index record, which every site shares, so it runs the
  // twin of shared.CarPhone for this site (vectors: car_phone.json).
  const wantsPhone = site.features.phone_links && !sold;
  const phone = wantsPhone ? carPhone(car, site.phones ?? {}) : '';
  useEffect(() => {
    if (wantsPhone && !phone) warnNoPhone(car.id);
  }, [wantsPhone, phone, car.id]);
  // The record carries finance_lenders; the twin of shared.EstimateFinance
  // decides the block (vectors: finance_estimate.json).
  const finance = financeEstimate(car, { finance: site.finance, dealerships: site.dealerships ?? [] }, now);
  // Reserve Now with the deposit, as on the car page (twin of shared.ReserveFor).
  const reserve = reserveOffer(car, site);

  return (
    <article className={`car-card car-card--${sold ? 'sold' : car.status || 'in_stock'}`} aria-label={title}>
      <div className="car-card__media">
        {image ? (
          <Link to={href} className="car-card__image-link" tabIndex={-1} aria-hidden="true">
            <img
              src={image}
              srcSet={photoSrcSet(image)}
              sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
              alt=""
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
              decoding="async"
              width={480}
              height={320}
            />
          </Link>
        ) : (
          <div className="car-card__new-arrival">
            <Link to={href} className="car-card__image-link car-card__new-arrival-link" tabIndex={-1} aria-hidden="true">
              <strong>{texts.new_arrival}</strong>
              <span>Photos coming soon</span>
            </Link>
            {requestPhotos && !sold ? (
              <button
                type="button"
                className="button button--light car-card__request-photos"
                aria-haspopup="dialog"
                aria-label={`Request photos of ${title}`}
                onClick={() => setRequesting(true)}
              >
                Request Photos
              </button>
            ) : null}
          </div>
        )}
        {requesting && requestPhotos ? requestPhotos({ car, title, onClose: () => setRequesting(false) }) : null}
        {tag.kind ? <TagBadge tag={tag} className={`car-card__tag tag tag--${tag.kind}`} /> : null}
        {site.card.location_overlay && location ? <span className="car-card__location">{location}</span> : null}
        {heart.visible ? (
          <button
            type="button"
            className="car-card__heart"
            aria-pressed={saved}
            aria-label={saved ? `Remove ${title} from saved cars` : `Save ${title}`}
            onClick={heart.toggle}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M12 21s-7.5-4.6-10-9.3C.4 8.4 2.3 4.5 6 4.5c2.1 0 3.4 1.1 4 2.1.6-1 1.9-2.1 4-2.1 3.7 0 5.6 3.9 4 7.2C19.5 16.4 12 21 12 21z" />
            </svg>
          </button>
        ) : null}
      </div>
      <div className="car-card__body">
        <Heading className="car-card__title">
          <Link to={href}>{title}</Link>
        </Heading>
        {car.badge || car.series ? <p className="car-card__badge">{[car.badge, car.series].filter(Boolean).join(' · ')}</p> : null}
        <ul className="car-card__chips" aria-label="Details">
          {chipsOf(car, site).map((c) => (
            <li key={c} className="chip">
              {c}
            </li>
          ))}
        </ul>
        <div className="car-card__price">
          {price.wasText ? (
            <s className="car-card__was" aria-label={`Was ${price.wasText}`}>
              {price.wasText}
            </s>
          ) : null}
          <span className={`car-card__amount car-card__amount${price.hasPrice ? '' : ' car-card__amount--none'}`}>{price.text}</span>
          {price.priceType ? <span className="car-card__price-type">{price.priceType}</span> : null}
          {belowMarket ? <span className="badge badge--market">Below market</span> : null}
        </div>
        {finance ? <CardFinance finance={finance} title={title} rates={site.finance.weekly_on_card} /> : null}
        <div className="car-card__actions">
          {sold ? (
            <Link className="button button--block" to={car.similar_path || LISTING_PATH}>
              {texts.find_similar}
            </Link>
          ) : (
            <Link className="button button--block button--ghost" to={href} aria-label={`View details of ${title}`}>
              View Details
            </Link>
          )}
          {reserve ? (
            <Link
              className="button button--block car-card__reserve"
              to={reserve.path}
              aria-label={`Reserve Now ${reserve.price_text}: ${title}, refundable deposit`}
            >
              Reserve Now {reserve.price_text}
            </Link>
          ) : null}
          {!sold ? compare?.({ id: car.id, title }) : null}
          {phone ? (
            <PhoneReveal
              phone={phone}
              label={texts.call_text}
              carId={car.id}
              dealershipId={car.dealership_id}
              websiteId={site.id}
              className="button--ghost button--block"
            />
          ) : null}
        </div>
      </div>
    </article>
  );
}

/**
 * CardFinance is a card's repayment line (spec 001 §2): the estimate and,
 * with rates, the popover of its rate, fine print and terms. The listing's
 * cards and the watchlist's saved cars show it.
 */
export function CardFinance({ finance, title, rates }: { finance: FinanceEstimate; title: string; rates: boolean }) {
  return (
    <p className="car-card__finance">
      <span>
        {finance.label ? `${finance.label}: ` : ''}
        <strong>{finance.amount_text}</strong> per {finance.frequency === 'monthly' ? 'month' : 'week'}*
      </span>
      {rates ? (
        <InfoPopup label={`About the finance rate for ${title}`} title="Finance rate">
          <span className="info-popup__line">Interest rate {finance.interest_rate.toFixed(2)}% p.a.</span>
          {finance.comparison_rate !== undefined ? <span className="info-popup__line">Comparison rate {finance.comparison_rate.toFixed(2)}% p.a.</span> : null}
          <span className="info-popup__line">{finance.fine_print}</span>
          <span className="info-popup__line">
            <Link to={finance.terms_path}>Terms and conditions</Link>
          </span>
        </InfoPopup>
      ) : null}
    </p>
  );
}
