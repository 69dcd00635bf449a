package dynamo

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/guregu/dynamo/v2"

	"forecourt/shared"
)

// ReviewsByLocation is the reviews table's GSI of one location's reviews,
// newest review date first (issue 31): a location page queries a page of it
// instead of reading every review of the dealership. Sparse: reviews no
// site lists (shared.NeverListed) carry no key of it.
const ReviewsByLocation = "by-location"

// reviewSummaryPrefix starts the hash key of the per-location summary
// items: "summary#<dealership>", range key the location id. A dealership
// slug never holds '#' (shared slug rule), so no dealership's reviews
// share the partition.
const reviewSummaryPrefix = "summary#"

// reviewItem is one review in the reviews table (docs/contracts.md
// "Reviews"): partitioned by dealership, so a provider writes only its own,
// and indexed by location (ReviewsByLocation) for the pages.
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
	// LocationKey is dealership + "#" + location id, ListKey the review's
	// place in the location's list (reviewListKey); both absent on a review
	// no site lists.
	LocationKey string `dynamo:"location_key,omitempty" index:"by-location,hash"`
	ListKey     string `dynamo:"list_key,omitempty" index:"by-location,range"`
}

// reviewSummaryItem is a location's count and rating sum over every review
// received (shared.ReviewSummaryOf), kept in step with the reviews by each
// save's transaction; Version counts its writes, so the backfill replaces
// it only if no save came between its read and its write.
type reviewSummaryItem struct {
	Key        string  `dynamo:"dealership_slug,hash"` // reviewSummaryPrefix + dealership
	LocationID string  `dynamo:"id,range"`
	Count      int     `dynamo:"count"`
	RatingSum  float64 `dynamo:"rating_sum"`
	Version    int64   `dynamo:"version"`
}

// reviewListKey orders a location's reviews as shared.SortReviewsNewestFirst
// does, ascending: the date's digits complemented (2026-01-31 becomes
// 7973-98-68), so newer sorts first, a review without a date ("~") last,
// then the review id.
func reviewListKey(date, id string) string {
	if date == "" {
		return "~#" + id
	}
	b := []byte(date)
	for i, c := range b {
		if c >= '0' && c <= '9' {
			b[i] = '9' - (c - '0')
		}
	}
	return string(b) + "#" + id
}

func newReviewItem(dealershipSlug string, r shared.Review, now time.Time) reviewItem {
	it := reviewItem{
		DealershipSlug: dealershipSlug,
		ID:             r.LocationID + "#" + r.ID,
		LocationID:     r.LocationID,
		ReviewID:       r.ID,
		Text:           r.Text,
		CustomerName:   r.CustomerName,
		Rating:         r.Rating,
		ReviewDate:     r.ReviewDate,
		ReceivedAt:     now,
	}
	it.indexKeys()
	return it
}

// indexKeys sets the item's ReviewsByLocation keys.
func (it *reviewItem) indexKeys() {
	it.LocationKey, it.ListKey = "", ""
	if !shared.NeverListed(it.review()) {
		it.LocationKey = it.DealershipSlug + "#" + it.LocationID
		it.ListKey = reviewListKey(it.ReviewDate, it.ReviewID)
	}
}

func (it reviewItem) review() shared.Review {
	return shared.Review{ID: it.ReviewID, LocationID: it.LocationID, Text: it.Text, CustomerName: it.CustomerName,
		Rating: it.Rating, ReviewDate: it.ReviewDate}
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

// reviewsPerTx is how many reviews one save transaction writes: with one
// summary update per location they touch, at most 100 items.
const reviewsPerTx = 50

// saveAttempts bounds the re-reads of a chunk whose reviews another save
// changed between its read and its write.
const reviewSaveAttempts = 8

// SaveReviews creates or replaces the dealership's reviews by location and
// review id, and keeps each location's summary in step: each chunk's
// reviews and the summaries' deltas are one transaction, each review
// written only if it is as read, so concurrent saves never lose a count.
func (s *ReviewStore) SaveReviews(ctx context.Context, dealershipSlug string, reviews []shared.Review) error {
	now := s.now().UTC()
	for start := 0; start < len(reviews); start += reviewsPerTx {
		chunk := reviews[start:min(start+reviewsPerTx, len(reviews))]
		if err := s.saveChunk(ctx, dealershipSlug, chunk, now); err != nil {
			return fmt.Errorf("save reviews of %s: %w", dealershipSlug, err)
		}
	}
	return nil
}

func (s *ReviewStore) saveChunk(ctx context.Context, dealershipSlug string, chunk []shared.Review, now time.Time) error {
	keys := make([]dynamo.Keyed, len(chunk))
	for i, r := range chunk {
		keys[i] = dynamo.Keys{dealershipSlug, r.LocationID + "#" + r.ID}
	}
	for range reviewSaveAttempts {
		var old []reviewItem
		err := s.table.Batch("dealership_slug", "id").Get(keys...).Consistent(true).All(ctx, &old)
		if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
			return err
		}
		before := make(map[string]reviewItem, len(old))
		for _, it := range old {
			before[it.ID] = it
		}
		type delta struct {
			count int
			sum   float64
		}
		deltas := map[string]*delta{}
		var locations []string
		tx := s.db.WriteTx()
		for _, r := range chunk {
			it := newReviewItem(dealershipSlug, r, now)
			d := deltas[r.LocationID]
			if d == nil {
				d = &delta{}
				deltas[r.LocationID] = d
				locations = append(locations, r.LocationID)
			}
			put := s.table.Put(it)
			if prev, ok := before[it.ID]; ok {
				d.sum += r.Rating - prev.Rating
				put = put.If("attribute_exists('id') AND 'rating' = ?", prev.Rating)
			} else {
				d.count++
				d.sum += r.Rating
				put = put.If("attribute_not_exists('id')")
			}
			tx = tx.Put(put)
		}
		for _, loc := range locations {
			d := deltas[loc]
			tx = tx.Update(s.table.Update("dealership_slug", reviewSummaryPrefix+dealershipSlug).Range("id", loc).
				Add("count", d.count).Add("rating_sum", d.sum).Add("version", 1))
		}
		err = tx.Run(ctx)
		if dynamo.IsCondCheckFailed(err) {
			continue // another save changed one of these reviews: read again
		}
		return err
	}
	return fmt.Errorf("reviews changed by other saves %d times in a row; send them again", reviewSaveAttempts)
}

// FindReviews returns every review of the dealership, newest review date
// first (then by id, so the order is stable). Pages do not call it: it
// reads the whole partition (the demo seeding and the backfill do).
func (s *ReviewStore) FindReviews(ctx context.Context, dealershipSlug string) ([]shared.Review, error) {
	var items []reviewItem
	if err := s.table.Get("dealership_slug", dealershipSlug).All(ctx, &items); err != nil {
		return nil, fmt.Errorf("find reviews of %s: %w", dealershipSlug, err)
	}
	out := make([]shared.Review, 0, len(items))
	for _, it := range items {
		out = append(out, it.review())
	}
	shared.SortReviewsNewestFirst(out)
	return out, nil
}

// ReviewSummaries returns the stored summary of each of the locations (by
// location id) that has received reviews, with one BatchGetItem per 100
// locations; a location without a dealership has none.
func (s *ReviewStore) ReviewSummaries(ctx context.Context, locations []shared.Location) (map[string]shared.ReviewSummary, error) {
	var keys []dynamo.Keyed
	for _, l := range locations {
		if l.DealershipSlug != "" && l.ID != "" {
			keys = append(keys, dynamo.Keys{reviewSummaryPrefix + l.DealershipSlug, l.ID})
		}
	}
	out := map[string]shared.ReviewSummary{}
	if len(keys) == 0 {
		return out, nil
	}
	var items []reviewSummaryItem
	err := s.table.Batch("dealership_slug", "id").Get(keys...).All(ctx, &items)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return nil, fmt.Errorf("review summaries: %w", err)
	}
	want := map[[2]string]bool{}
	for _, l := range locations {
		want[[2]string{reviewSummaryPrefix + l.DealershipSlug, l.ID}] = true
	}
	for _, it := range items {
		if want[[2]string{it.Key, it.LocationID}] && it.Count > 0 {
			out[it.LocationID] = shared.ReviewSummaryOf(it.Count, it.RatingSum)
		}
	}
	return out, nil
}

// LatestReviews returns up to limit of the location's reviews that keep
// accepts, newest first (shared.SortReviewsNewestFirst), reading the
// location's index in pages of limit until it has them: a page read is
// about limit reviews, not the location's every review. read is how many
// reviews the queries returned.
func (s *ReviewStore) LatestReviews(ctx context.Context, dealershipSlug, locationID string, limit int, keep func(shared.Review) bool) (out []shared.Review, read int, err error) {
	if limit <= 0 {
		return nil, 0, nil
	}
	q := s.table.Get("location_key", dealershipSlug+"#"+locationID).Index(ReviewsByLocation).Order(dynamo.Ascending)
	var from dynamo.PagingKey
	for {
		var items []reviewItem
		page := q.SearchLimit(limit)
		if from != nil {
			page = page.StartFrom(from)
		}
		from, err = page.AllWithLastEvaluatedKey(ctx, &items)
		if err != nil {
			return nil, read, fmt.Errorf("reviews of %s at %s: %w", dealershipSlug, locationID, err)
		}
		read += len(items)
		for _, it := range items {
			if r := it.review(); keep(r) {
				out = append(out, r)
				if len(out) == limit {
					return out, read, nil
				}
			}
		}
		if from == nil {
			return out, read, nil
		}
	}
}

// BackfillReport is what BackfillReviews did.
type BackfillReport struct {
	Reviews   int // review items given their index keys
	Summaries int // location summaries written
}

// BackfillReviews brings reviews stored before the by-location index and
// the summaries (issue 31) into them: it gives every review its index keys
// and writes each location's summary from its reviews, each summary only if
// no save changed it since it was read (else it is computed again). It is
// idempotent: run it once after the deploy that adds the index, and again
// whenever in doubt.
func (s *ReviewStore) BackfillReviews(ctx context.Context) (BackfillReport, error) {
	var rep BackfillReport
	dealerships := map[string]bool{}
	var order []string
	it := s.table.Scan().Iter()
	for {
		var item reviewItem // fresh: an item without index keys must not keep the last one's
		if !it.Next(ctx, &item) {
			break
		}
		if strings.HasPrefix(item.DealershipSlug, reviewSummaryPrefix) {
			continue
		}
		if !dealerships[item.DealershipSlug] {
			dealerships[item.DealershipSlug] = true
			order = append(order, item.DealershipSlug)
		}
		want := item
		want.indexKeys()
		if want.LocationKey == item.LocationKey && want.ListKey == item.ListKey {
			continue
		}
		u := s.table.Update("dealership_slug", item.DealershipSlug).Range("id", item.ID).If("attribute_exists('id')")
		if want.LocationKey != "" {
			u = u.Set("location_key", want.LocationKey).Set("list_key", want.ListKey)
		} else {
			u = u.Remove("location_key", "list_key")
		}
		if err := u.Run(ctx); err != nil && !dynamo.IsCondCheckFailed(err) {
			return rep, fmt.Errorf("backfill review %s of %s: %w", item.ID, item.DealershipSlug, err)
		}
		rep.Reviews++
	}
	if err := it.Err(); err != nil {
		return rep, fmt.Errorf("backfill reviews: scan: %w", err)
	}
	for _, d := range order {
		n, err := s.backfillSummaries(ctx, d)
		if err != nil {
			return rep, err
		}
		rep.Summaries += n
	}
	return rep, nil
}

// backfillSummaries writes the dealership's location summaries from its
// reviews, each only if its version is still the one read before them.
func (s *ReviewStore) backfillSummaries(ctx context.Context, dealershipSlug string) (int, error) {
	for range reviewSaveAttempts {
		var current []reviewSummaryItem
		if err := s.table.Get("dealership_slug", reviewSummaryPrefix+dealershipSlug).Consistent(true).All(ctx, &current); err != nil {
			return 0, fmt.Errorf("backfill summaries of %s: %w", dealershipSlug, err)
		}
		version := map[string]int64{}
		for _, c := range current {
			version[c.LocationID] = c.Version
		}
		var items []reviewItem
		if err := s.table.Get("dealership_slug", dealershipSlug).Consistent(true).All(ctx, &items); err != nil {
			return 0, fmt.Errorf("backfill summaries of %s: %w", dealershipSlug, err)
		}
		sums := map[string]*reviewSummaryItem{}
		var order []string
		for _, it := range items {
			sum := sums[it.LocationID]
			if sum == nil {
				sum = &reviewSummaryItem{Key: reviewSummaryPrefix + dealershipSlug, LocationID: it.LocationID}
				sums[it.LocationID] = sum
				order = append(order, it.LocationID)
			}
			sum.Count++
			sum.RatingSum += it.Rating
		}
		raced := false
		for _, loc := range order {
			sum := sums[loc]
			v, exists := version[loc]
			sum.Version = v + 1
			put := s.table.Put(sum)
			if exists {
				put = put.If("'version' = ?", v)
			} else {
				put = put.If("attribute_not_exists('id')")
			}
			err := put.Run(ctx)
			if dynamo.IsCondCheckFailed(err) {
				raced = true // a save came between: compute this dealership again
				break
			}
			if err != nil {
				return 0, fmt.Errorf("backfill summary of %s at %s: %w", dealershipSlug, loc, err)
			}
		}
		if !raced {
			return len(order), nil
		}
	}
	return 0, fmt.Errorf("backfill summaries of %s: changed by saves %d times in a row; run it again", dealershipSlug, reviewSaveAttempts)
}
