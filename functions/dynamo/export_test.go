package dynamo

import (
	"context"
	"time"

	"github.com/guregu/dynamo/v2"

	"forecourt/shared"
)

// SetCarStoreClock sets the clock a test's car store stamps its writes with.
func SetCarStoreClock(s *CarStore, now func() time.Time) { s.now = now }

// PutLegacyReviews stores reviews as releases before the by-location index
// did: no index keys, no summaries.
func PutLegacyReviews(ctx context.Context, db *dynamo.DB, t Tables, dealershipSlug string, reviews []shared.Review) error {
	table := db.Table(t.Reviews)
	for _, r := range reviews {
		it := newReviewItem(dealershipSlug, r, time.Now())
		it.LocationKey, it.ListKey = "", ""
		if err := table.Put(it).Run(ctx); err != nil {
			return err
		}
	}
	return nil
}
