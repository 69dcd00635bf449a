package algolia

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/algolia/algoliasearch-client-go/v4/algolia/search"

	"forecourt/shared"
)

// writeBatch is how many operations go in one batch request; attempts is
// how often a failed batch is tried before the error is returned (the
// client already fails over between hosts within one attempt).
//
// A 429 is different: Algolia answers it when the application's indexing
// queue is full, as when every dealer's feed lands on the hour, and it
// clears in seconds. A throttled batch waits ThrottleWait, doubling up to
// maxThrottleWait, each wait drawn at random up to that bound (full jitter,
// so writers refused together do not return together), for up to
// throttledAttempts tries or until the run's context ends. A run that still
// cannot write leaves its lease dirty, and the next run rewrites the index
// (feed.Service), so nothing is lost either way.
const (
	writeBatch        = 1000
	attempts          = 4
	throttledAttempts = 12
	maxThrottleWait   = 20 * time.Second
)

// Save writes the whole records of the placed cars (NewRecord), replacing
// any previous version, so that attributes a car lost also leave the index.
func (ix *Index) Save(ctx context.Context, cars []shared.IndexedCar) error {
	recs := make([]Record, len(cars))
	for i, ic := range cars {
		r, err := NewRecord(ic).Map()
		if err != nil {
			return err
		}
		recs[i] = r
	}
	return ix.SaveRecords(ctx, recs)
}

// MarkSold updates the sold attributes of the placed cars' records
// (SoldUpdate), leaving the rest as it was.
func (ix *Index) MarkSold(ctx context.Context, cars []shared.IndexedCar) error {
	recs := make([]Record, len(cars))
	for i, ic := range cars {
		recs[i] = SoldUpdate(ic)
	}
	return ix.PartialUpdateRecords(ctx, recs)
}

// SaveRecords writes whole records, replacing any previous version.
func (ix *Index) SaveRecords(ctx context.Context, recs []Record) error {
	return ix.write(ctx, search.ACTION_UPDATE_OBJECT, recs)
}

// PartialUpdateRecords changes only the attributes present in each record
// (plus objectID), creating the record if it is missing.
func (ix *Index) PartialUpdateRecords(ctx context.Context, recs []Record) error {
	return ix.write(ctx, search.ACTION_PARTIAL_UPDATE_OBJECT, recs)
}

// write batches one action over the records.
func (ix *Index) write(ctx context.Context, action search.Action, recs []Record) error {
	ops := make([]search.BatchRequest, len(recs))
	for i, r := range recs {
		ops[i] = *search.NewBatchRequest(action, r)
	}
	return ix.batch(ctx, ops)
}

// Delete removes records by objectID; missing ones are ignored.
func (ix *Index) Delete(ctx context.Context, ids []string) error {
	ops := make([]search.BatchRequest, len(ids))
	for i, id := range ids {
		ops[i] = *search.NewBatchRequest(search.ACTION_DELETE_OBJECT, map[string]any{"objectID": id})
	}
	return ix.batch(ctx, ops)
}

func (ix *Index) batch(ctx context.Context, ops []search.BatchRequest) error {
	for lo := 0; lo < len(ops); lo += writeBatch {
		hi := min(lo+writeBatch, len(ops))
		req := ix.client.NewApiBatchRequest(ix.cfg.Index, search.NewBatchWriteParams(ops[lo:hi]))
		var err error
		for try, throttled := 0, 0; ; {
			if _, err = ix.client.Batch(req, search.WithContext(ctx)); err == nil {
				break
			}
			var wait time.Duration
			if isThrottled(err) {
				if throttled++; throttled >= throttledAttempts {
					break
				}
				bound := min(ix.cfg.ThrottleWait<<(throttled-1), maxThrottleWait)
				wait = time.Duration(rand.Int64N(int64(bound))) + time.Millisecond
			} else {
				if try++; try >= attempts {
					break
				}
				wait = time.Duration(100<<try) * time.Millisecond
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(wait):
			}
		}
		if err != nil {
			return fmt.Errorf("index batch of %d into %s: %w", hi-lo, ix.cfg.Index, err)
		}
	}
	return nil
}

// isThrottled reports whether the service refused a request with 429.
func isThrottled(err error) bool {
	var api *search.APIError
	return errors.As(err, &api) && api.Status == http.StatusTooManyRequests
}
