package dynamo

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"
	"golang.org/x/sync/errgroup"

	"forecourt/shared"
)

// claimsPerTx is TransactWriteItems' limit of actions in one transaction.
const claimsPerTx = 100

// slugClaimItem is a car's claim on its slug, in the feed-runs table
// (docs/contracts.md "Car slugs").
type slugClaimItem struct {
	ID             string `dynamo:"id,hash"`
	DealershipSlug string `dynamo:"dealership_slug"`
	CarID          string `dynamo:"car_id"`
	ClaimedAt      string `dynamo:"claimed_at"`
}

func slugClaimID(slug string) string { return "slug#" + slug }

// ClaimSlugs claims each slug for its car with a conditional write (issue
// 15), 100 claims to a transaction and several transactions at once.
// held[i] reports that claims[i]'s car holds its slug now (claimed now or
// before); false means another car holds it. The slugs must be distinct.
func (s *CarStore) ClaimSlugs(ctx context.Context, claims []shared.SlugClaim) (held []bool, err error) {
	held = make([]bool, len(claims))
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(writeWorkers)
	for lo := 0; lo < len(claims); lo += claimsPerTx {
		hi := min(lo+claimsPerTx, len(claims))
		g.Go(func() error { return s.claimChunk(ctx, claims[lo:hi], held[lo:hi]) })
	}
	return held, g.Wait()
}

// claimAttempts bounds the transactions one chunk takes: a claim refused
// leaves the next attempt, so a chunk needs at most two without racing
// writers; TransactionConflict (another transaction on one of its slugs
// at that moment) is what the rest are for.
const claimAttempts = 8

// claimChunk claims at most claimsPerTx slugs in one transaction. A
// transaction is all or nothing: when some claims are refused, the others
// are sent again without them.
func (s *CarStore) claimChunk(ctx context.Context, claims []shared.SlugClaim, held []bool) error {
	pending := make([]int, len(claims))
	for i := range pending {
		pending[i] = i
	}
	now := s.now().UTC().Format(time.RFC3339)
	backoff := 10 * time.Millisecond
	for attempt := 0; len(pending) > 0; attempt++ {
		if attempt == claimAttempts {
			return fmt.Errorf("claim %d slugs: still conflicting after %d transactions", len(pending), attempt)
		}
		tx := s.db.WriteTx()
		for _, i := range pending {
			c := claims[i]
			tx.Put(s.runs.Put(slugClaimItem{ID: slugClaimID(c.Slug), DealershipSlug: c.DealershipSlug, CarID: c.CarID, ClaimedAt: now}).
				If("attribute_not_exists(id) OR (dealership_slug = ? AND car_id = ?)", c.DealershipSlug, c.CarID))
		}
		err := tx.Run(ctx)
		if err == nil {
			for _, i := range pending {
				held[i] = true
			}
			return nil
		}
		var txe *types.TransactionCanceledException
		if !errors.As(err, &txe) || len(txe.CancellationReasons) != len(pending) {
			return fmt.Errorf("claim %d slugs: %w", len(pending), err)
		}
		var again []int
		conflict := false
		for k, r := range txe.CancellationReasons {
			switch code := deref(r.Code); code {
			case "ConditionalCheckFailed": // another car's: held stays false
			case "", "None":
				again = append(again, pending[k])
			case "TransactionConflict", "ThrottlingError", "ProvisionedThroughputExceeded":
				again = append(again, pending[k])
				conflict = true
			default:
				return fmt.Errorf("claim slug %s: %s: %w", claims[pending[k]].Slug, code, err)
			}
		}
		if conflict {
			// Another writer is on one of these slugs this instant: let it finish.
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(backoff + rand.N(backoff)):
			}
			backoff *= 2
		}
		pending = again
	}
	return nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// SlugClaim returns the car holding the slug's claim, or an ENOTFOUND
// error when none does.
func (s *CarStore) SlugClaim(ctx context.Context, slug string) (shared.SlugClaim, error) {
	var it slugClaimItem
	err := s.runs.Get("id", slugClaimID(slug)).Consistent(true).One(ctx, &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return shared.SlugClaim{}, shared.Errorf(shared.ENOTFOUND, "slug %q not claimed", slug)
	}
	if err != nil {
		return shared.SlugClaim{}, fmt.Errorf("read claim of slug %s: %w", slug, err)
	}
	return shared.SlugClaim{Slug: slug, DealershipSlug: it.DealershipSlug, CarID: it.CarID}, nil
}
