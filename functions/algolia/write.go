package algolia

import (
	"context"
	"fmt"
	"time"

	"github.com/algolia/algoliasearch-client-go/v4/algolia/search"

	"forecourt/shared"
)

// writeBatch is how many operations go in one batch request; attempts is
// how often a failed batch is tried before the error is returned (the
// client already fails over between hosts within one attempt).
const (
	writeBatch = 1000
	attempts   = 4
)

// Save writes the whole records of the placed cars (NewRecord), replacing
// any previous version, so that attributes a car lost also leave the index.
func (ix *Index) Save(ctx context.Context, cars []shared.IndexedCar) error {
	recs := make([]Record, len(cars))
	for i, ic := range cars {
		r, err := NewRecord(ic)
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
		for try := 0; try < attempts; try++ {
			if try > 0 {
				select {
				case <-ctx.Done():
					return ctx.Err()
				case <-time.After(time.Duration(100<<try) * time.Millisecond):
				}
			}
			if _, err = ix.client.Batch(req, search.WithContext(ctx)); err == nil {
				break
			}
		}
		if err != nil {
			return fmt.Errorf("index batch of %d into %s: %w", hi-lo, ix.cfg.Index, err)
		}
	}
	return nil
}
