import { useState } from 'react';
import type { ReviewView } from '../../../lib/types';
import { StarRating } from './StarRating';

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
