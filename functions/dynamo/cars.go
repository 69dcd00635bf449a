package dynamo

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"
	"golang.org/x/sync/errgroup"

	"forecourt/shared"
)

// batchSize is BatchWriteItem's limit; writeWorkers is how many batches run
// at once (the ingest benchmark's throughput comes from this).
const (
	batchSize    = 25
	writeWorkers = 8
)

// carItem is the cars table's item of a shared.StoredCar: the Car JSON
// attributes plus bookkeeping (docs/contracts.md).
type carItem shared.StoredCar

var jsonTags = func(o *attributevalue.EncoderOptions) { o.TagKey = "json" }
var jsonTagsDecode = func(o *attributevalue.DecoderOptions) { o.TagKey = "json" }

// MarshalDynamoItem encodes the car by its JSON names.
func (s carItem) MarshalDynamoItem() (dynamo.Item, error) {
	item, err := attributevalue.MarshalMapWithOptions(s.Car, jsonTags)
	if err != nil {
		return nil, fmt.Errorf("encode car %s: %w", s.ID, err)
	}
	item["content_hash"] = &types.AttributeValueMemberS{Value: s.ContentHash}
	item["updated_at"] = &types.AttributeValueMemberS{Value: s.UpdatedAt.UTC().Format(time.RFC3339Nano)}
	item["searchable_until"] = &types.AttributeValueMemberN{Value: fmt.Sprint(s.SearchableUntil)}
	if s.Unindexed {
		item["unindexed"] = &types.AttributeValueMemberBOOL{Value: true}
	}
	if s.FeedReserved {
		item["feed_reserved"] = &types.AttributeValueMemberBOOL{Value: true}
	}
	if s.PhotosPending {
		item["photos_pending"] = &types.AttributeValueMemberBOOL{Value: true}
	}
	if len(s.PhotoSources) > 0 {
		sources := make(map[string]types.AttributeValue, len(s.PhotoSources))
		for u, path := range s.PhotoSources {
			sources[u] = &types.AttributeValueMemberS{Value: path}
		}
		item["photo_sources"] = &types.AttributeValueMemberM{Value: sources}
	}
	return item, nil
}

// UnmarshalDynamoItem decodes an item written by MarshalDynamoItem.
func (s *carItem) UnmarshalDynamoItem(item dynamo.Item) error {
	if err := attributevalue.UnmarshalMapWithOptions(item, &s.Car, jsonTagsDecode); err != nil {
		return fmt.Errorf("decode car: %w", err)
	}
	var extra struct {
		ContentHash     string            `json:"content_hash"`
		UpdatedAt       string            `json:"updated_at"`
		SearchableUntil int64             `json:"searchable_until"`
		Unindexed       bool              `json:"unindexed"`
		FeedReserved    bool              `json:"feed_reserved"`
		PhotosPending   bool              `json:"photos_pending"`
		PhotoSources    map[string]string `json:"photo_sources"`
	}
	if err := attributevalue.UnmarshalMapWithOptions(item, &extra, jsonTagsDecode); err != nil {
		return fmt.Errorf("decode car %s: %w", s.ID, err)
	}
	s.ContentHash, s.SearchableUntil, s.Unindexed = extra.ContentHash, extra.SearchableUntil, extra.Unindexed
	s.FeedReserved, s.PhotosPending, s.PhotoSources = extra.FeedReserved, extra.PhotosPending, extra.PhotoSources
	s.UpdatedAt, _ = time.Parse(time.RFC3339Nano, extra.UpdatedAt)
	return nil
}

// carStateItem is the projection of a car item that shared.CarState holds.
type carStateItem struct {
	ID                string           `dynamo:"id"`
	Slug              string           `dynamo:"slug"`
	ContentHash       string           `dynamo:"content_hash"`
	Sold              bool             `dynamo:"sold"`
	Status            shared.CarStatus `dynamo:"status"`
	SoldDateTimestamp int64            `dynamo:"sold_date_timestamp"`
	SearchableUntil   int64            `dynamo:"searchable_until"`
	Unindexed         bool             `dynamo:"unindexed"`
	CreatedAt         string           `dynamo:"created_at"`
	PhotosPending     bool             `dynamo:"photos_pending"`
}

func storedCars(items []carItem) []shared.StoredCar {
	out := make([]shared.StoredCar, len(items))
	for i, it := range items {
		out[i] = shared.StoredCar(it)
	}
	return out
}

// CarStore keeps cars. It implements shared.CarStore.
type CarStore struct {
	db    *dynamo.DB
	table dynamo.Table
	// runs (feed-runs) holds the slug claims, ingestion's bookkeeping.
	runs dynamo.Table
	now  func() time.Time
}

var _ shared.CarStore = (*CarStore)(nil)

// NewCarStore returns the store over t.Cars, with slug claims in t.FeedRuns.
func NewCarStore(db *dynamo.DB, t Tables) *CarStore {
	return &CarStore{db: db, table: db.Table(t.Cars), runs: db.Table(t.FeedRuns), now: time.Now}
}

// FindCarBySlug returns the car with the slug, or an ENOTFOUND error. When
// cars of several dealerships share the slug (written before slugs were
// claimed, ClaimSlugs), it returns the first; a site's lookup uses FindCarsBySlug.
func (s *CarStore) FindCarBySlug(ctx context.Context, slug string) (shared.Car, error) {
	cars, err := s.FindCarsBySlug(ctx, slug)
	if err != nil {
		return shared.Car{}, err
	}
	if len(cars) == 0 {
		return shared.Car{}, shared.Errorf(shared.ENOTFOUND, "car %q not found", slug)
	}
	return cars[0], nil
}

// FindCarsBySlug returns every car with the slug, ordered by dealership and
// id: none, one, or (for slugs stored before ingestion claimed them) more.
func (s *CarStore) FindCarsBySlug(ctx context.Context, slug string) ([]shared.Car, error) {
	var items []carItem
	if err := s.table.Get("slug", slug).Index(SlugIndex).All(ctx, &items); err != nil {
		return nil, fmt.Errorf("find cars with slug %s: %w", slug, err)
	}
	slices.SortFunc(items, func(a, b carItem) int {
		return cmp.Or(cmp.Compare(a.Car.DealershipSlug, b.Car.DealershipSlug), cmp.Compare(a.Car.ID, b.Car.ID))
	})
	out := make([]shared.Car, len(items))
	for i, it := range items {
		out[i] = it.Car
	}
	return out, nil
}

// FindCarsByDealership returns every car of the dealership, sold ones included.
func (s *CarStore) FindCarsByDealership(ctx context.Context, dealershipSlug string) ([]shared.Car, error) {
	stored, err := s.StoredCars(ctx, dealershipSlug)
	if err != nil {
		return nil, err
	}
	cars := make([]shared.Car, len(stored))
	for i, sc := range stored {
		cars[i] = sc.Car
	}
	return cars, nil
}

// StoredCars returns every stored car of the dealership.
func (s *CarStore) StoredCars(ctx context.Context, dealershipSlug string) ([]shared.StoredCar, error) {
	var out []carItem
	if err := s.table.Get("dealership_slug", dealershipSlug).All(ctx, &out); err != nil {
		return nil, fmt.Errorf("query cars of %s: %w", dealershipSlug, err)
	}
	return storedCars(out), nil
}

// States returns the diffing state of every car of the dealership in one Query.
func (s *CarStore) States(ctx context.Context, dealershipSlug string) ([]shared.CarState, error) {
	var items []carStateItem
	err := s.table.Get("dealership_slug", dealershipSlug).
		Project("id", "slug", "content_hash", "sold", "status", "sold_date_timestamp",
			"searchable_until", "unindexed", "created_at", "photos_pending").
		All(ctx, &items)
	if err != nil {
		return nil, fmt.Errorf("query car states of %s: %w", dealershipSlug, err)
	}
	out := make([]shared.CarState, len(items))
	for i, it := range items {
		out[i] = shared.CarState(it)
	}
	return out, nil
}

// GetCars returns the stored cars of the dealership with the ids; missing
// ids are left out.
func (s *CarStore) GetCars(ctx context.Context, dealershipSlug string, ids []string) ([]shared.StoredCar, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	keys := make([]dynamo.Keyed, len(ids))
	for i, id := range ids {
		keys[i] = dynamo.Keys{dealershipSlug, id}
	}
	var out []carItem
	err := s.table.Batch("dealership_slug", "id").Get(keys...).All(ctx, &out)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return nil, fmt.Errorf("get cars of %s: %w", dealershipSlug, err)
	}
	return storedCars(out), nil
}

// PutCars writes the cars in batches of 25, several batches at once.
// Unprocessed items are retried by the client.
func (s *CarStore) PutCars(ctx context.Context, cars []shared.StoredCar) error {
	return inBatches(ctx, len(cars), func(ctx context.Context, lo, hi int) error {
		items := make([]any, 0, hi-lo)
		for i := lo; i < hi; i++ {
			items = append(items, carItem(cars[i]))
		}
		if _, err := s.table.Batch("dealership_slug", "id").Write().Put(items...).Run(ctx); err != nil {
			return fmt.Errorf("write cars: %w", err)
		}
		return nil
	})
}

// DeleteCars deletes the dealership's cars with the ids.
func (s *CarStore) DeleteCars(ctx context.Context, dealershipSlug string, ids []string) error {
	return inBatches(ctx, len(ids), func(ctx context.Context, lo, hi int) error {
		keys := make([]dynamo.Keyed, 0, hi-lo)
		for _, id := range ids[lo:hi] {
			keys = append(keys, dynamo.Keys{dealershipSlug, id})
		}
		if _, err := s.table.Batch("dealership_slug", "id").Write().Delete(keys...).Run(ctx); err != nil {
			return fmt.Errorf("delete cars of %s: %w", dealershipSlug, err)
		}
		return nil
	})
}

// SetUnindexed records that the cars left the search index.
func (s *CarStore) SetUnindexed(ctx context.Context, dealershipSlug string, ids []string) error {
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(writeWorkers)
	for _, id := range ids {
		g.Go(func() error {
			err := s.table.Update("dealership_slug", dealershipSlug).Range("id", id).
				Set("unindexed", true).If("attribute_exists(id)").Run(ctx)
			if err != nil && !dynamo.IsCondCheckFailed(err) {
				return fmt.Errorf("mark car %s unindexed: %w", id, err)
			}
			return nil
		})
	}
	return g.Wait()
}

// inBatches calls f for each [lo, hi) batch of n items, writeWorkers at a time.
func inBatches(ctx context.Context, n int, f func(ctx context.Context, lo, hi int) error) error {
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(writeWorkers)
	for lo := 0; lo < n; lo += batchSize {
		hi := min(lo+batchSize, n)
		g.Go(func() error { return f(ctx, lo, hi) })
	}
	return g.Wait()
}

// FindCarAmong returns the car with the id of the first of the dealerships
// that has one, in one batch read, or an ENOTFOUND error: a group site's
// car is found in one round trip however many rooftops it has.
func (s *CarStore) FindCarAmong(ctx context.Context, dealershipSlugs []string, id string) (shared.Car, error) {
	keys := make([]dynamo.Keyed, len(dealershipSlugs))
	for i, d := range dealershipSlugs {
		keys[i] = dynamo.Keys{d, id}
	}
	var found []carItem
	if len(keys) > 0 {
		err := s.table.Batch("dealership_slug", "id").Get(keys...).All(ctx, &found)
		if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
			return shared.Car{}, fmt.Errorf("find car %s: %w", id, err)
		}
	}
	for _, d := range dealershipSlugs {
		for _, it := range found {
			if it.DealershipSlug == d {
				return it.Car, nil
			}
		}
	}
	return shared.Car{}, shared.Errorf(shared.ENOTFOUND, "car %q not found", id)
}

// FindCar returns the dealership's car with the id, or an ENOTFOUND error.
func (s *CarStore) FindCar(ctx context.Context, dealershipSlug, id string) (shared.Car, error) {
	var it carItem
	err := s.table.Get("dealership_slug", dealershipSlug).Range("id", dynamo.Equal, id).One(ctx, &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return shared.Car{}, shared.Errorf(shared.ENOTFOUND, "car %q not found", id)
	}
	if err != nil {
		return shared.Car{}, fmt.Errorf("find car %s/%s: %w", dealershipSlug, id, err)
	}
	return it.Car, nil
}

// GetCarsByKey reads the cars with the keys, of any dealerships, with one
// BatchGetItem per 100 keys (the client resends unprocessed keys); missing
// ones are left out.
func (s *CarStore) GetCarsByKey(ctx context.Context, keys []shared.CarKey) ([]shared.Car, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	ks := make([]dynamo.Keyed, len(keys))
	for i, k := range keys {
		ks[i] = dynamo.Keys{k.DealershipSlug, k.ID}
	}
	var items []carItem
	err := s.table.Batch("dealership_slug", "id").Get(ks...).All(ctx, &items)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return nil, fmt.Errorf("get %d cars: %w", len(keys), err)
	}
	out := make([]shared.Car, len(items))
	for i, sc := range storedCars(items) {
		out[i] = sc.Car
	}
	return out, nil
}
