package dynamo

import (
	"context"
	"fmt"
	"time"

	"github.com/guregu/dynamo/v2"

	"forecourt/shared"
)

// reviewItem is one review in the reviews table (docs/contracts.md
// "Reviews"): partitioned by dealership, so a site reads its dealerships'
// reviews with one Query each and a provider writes only its own.
type reviewItem struct {
	DealershipSlug string    `dynamo:"dealership_slug,hash"`
	ID             string    `dynamo:"id,range"` // location id + "#" + review id
	LocationID     string    `dynamo:"location_id"`
	ReviewID       string    `dynamo:"review_id"`
	Text           string    `dynamo:"text"`
	CustomerName   string    `dynamo:"customer_name"`
	Rating         float64   `dynamo:"rating"`
	ReviewDate     string    `dynamo:"review_date,omitempty"`
	ReceivedAt     time.Time `dynamo:"received_at"`
}

// ReviewStore keeps the reviews providers push.
type ReviewStore struct {
	db    *dynamo.DB
	table dynamo.Table
	now   func() time.Time
}

// NewReviewStore returns the store over t.Reviews.
func NewReviewStore(db *dynamo.DB, t Tables) *ReviewStore {
	return &ReviewStore{db: db, table: db.Table(t.Reviews), now: time.Now}
}

// SaveReviews creates or replaces the dealership's reviews by location and
// review id, 25 to a batch.
func (s *ReviewStore) SaveReviews(ctx context.Context, dealershipSlug string, reviews []shared.Review) error {
	now := s.now().UTC()
	items := make([]any, 0, len(reviews))
	for _, r := range reviews {
		items = append(items, reviewItem{
			DealershipSlug: dealershipSlug,
			ID:             r.LocationID + "#" + r.ID,
			LocationID:     r.LocationID,
			ReviewID:       r.ID,
			Text:           r.Text,
			CustomerName:   r.CustomerName,
			Rating:         r.Rating,
			ReviewDate:     r.ReviewDate,
			ReceivedAt:     now,
		})
	}
	for start := 0; start < len(items); start += 25 {
		end := min(start+25, len(items))
		if _, err := s.table.Batch("dealership_slug", "id").Write().Put(items[start:end]...).Run(ctx); err != nil {
			return fmt.Errorf("save reviews of %s: %w", dealershipSlug, err)
		}
	}
	return nil
}

// FindReviews returns the dealership's reviews, newest review date first
// (then by id, so the order is stable).
func (s *ReviewStore) FindReviews(ctx context.Context, dealershipSlug string) ([]shared.Review, error) {
	var items []reviewItem
	if err := s.table.Get("dealership_slug", dealershipSlug).All(ctx, &items); err != nil {
		return nil, fmt.Errorf("find reviews of %s: %w", dealershipSlug, err)
	}
	out := make([]shared.Review, 0, len(items))
	for _, it := range items {
		out = append(out, shared.Review{ID: it.ReviewID, LocationID: it.LocationID, Text: it.Text, CustomerName: it.CustomerName,
			Rating: it.Rating, ReviewDate: it.ReviewDate})
	}
	shared.SortReviewsNewestFirst(out)
	return out, nil
}
