import { useId, useState } from 'react';
import type { LocationView, ReviewView } from '../../../lib/types';
import { HolidayHoursButton, OpenNow, OpeningHours } from './OpeningHours';
import { StarRating } from './StarRating';

const DEPARTMENT: Record<string, string> = { sales: 'Sales', service: 'Service', parts: 'Parts' };

/**
 * LocationDetail is the location detail block (spec 001 §2): name, street,
 * city, state, a directions link, the review summary ('Based on {count}
 * reviews') and the Opening Hours table, with a drop-down switching between
 * the departments' hours when the dealership has several.
 */
export function LocationDetail({ location, departments }: { location: LocationView; departments: LocationView[] }) {
  const id = useId();
  const [deptID, setDeptID] = useState(location.id);
  const dept = departments.find((d) => d.id === deptID) ?? location;
  const a = location.address;
  const review = location.review_summary;
  return (
    <section className="location-detail" aria-labelledby={`${id}-name`}>
      <h2 id={`${id}-name`}>{location.name}</h2>
      <address>
        {a.street ? <span>{a.street}</span> : null}
        <span>{[a.city, a.state].filter(Boolean).join(', ')}</span>
      </address>
      {location.directions_url ? (
        <a href={location.directions_url} target="_blank" rel="noopener noreferrer">
          Get Directions<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : null}
      {review ? (
        <p className="location-detail__reviews">
          <StarRating stars={review.stars} average={review.average_rating} /> <strong>{review.average_rating.toFixed(1)}</strong> {review.text}
        </p>
      ) : null}
      {departments.length > 1 ? (
        <p>
          <label htmlFor={`${id}-dept`}>Department hours </label>
          <select id={`${id}-dept`} value={deptID} onChange={(e) => setDeptID(e.target.value)}>
            {departments.map((d) => (
              <option key={d.id} value={d.id}>
                {DEPARTMENT[d.location_type || 'sales'] ?? d.name}
              </option>
            ))}
          </select>
        </p>
      ) : null}
      <OpenNow status={dept.open_now} />
      <OpeningHours lines={dept.hours} />
      <HolidayHoursButton hours={dept.holiday_hours} name={dept.name} />
    </section>
  );
}

/**
 * ReviewList lists the reviews the API sent (filtered and cut to
 * reviews.full_quantity by shared.ListedReviews): the first `shown`
 * (reviews.shown, 10), then "Show all" reveals the rest, up to 12 (spec 001 §9).
 */
export function ReviewList({ reviews, shown = reviews.length }: { reviews: ReviewView[]; shown?: number }) {
  const [all, setAll] = useState(false);
  if (reviews.length === 0) return null;
  const more = reviews.length > shown;
  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Reviews</h2>
      <ul id="reviews-list">
        {(all || !more ? reviews : reviews.slice(0, shown)).map((r) => (
          <li key={`${r.location_id}-${r.id}`} className="review">
            <StarRating stars={r.stars} average={r.rating} />
            <p className="review__text">{r.text}</p>
            <p className="review__by">
              {r.customer_name}
              {r.review_date_in_words ? <span> · {r.review_date_in_words}</span> : null}
            </p>
          </li>
        ))}
      </ul>
      {more ? (
        <button type="button" className="link-button" aria-expanded={all} aria-controls="reviews-list" onClick={() => setAll((a) => !a)}>
          {all ? 'Show fewer reviews' : `Show all ${reviews.length} reviews`}
        </button>
      ) : null}
    </section>
  );
}
