package dynamo_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"forecourt/functions/dynamo"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

// Issue 15 "the sweep without a full-table scan": the lapsed and the
// holding reservations come from a query of the sparse holding index.
// Only reservations in a state that holds the car are in it: one that
// moves on (released) leaves it, car locks never enter it.
func TestLapsedAndHoldingQueryTheHoldingIndex(t *testing.T) {
	ctx := context.Background()
	_, tables := testenv.DB(t)
	db, calls := testenv.RecordingDB(t)
	store := dynamo.NewReservationStore(db, tables)
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	reservation := func(id, car string, state shared.ReservationState, heldUntil time.Time) shared.Reservation {
		return shared.Reservation{ID: id, Site: "north-site", DealershipSlug: "north", CarID: car, State: state,
			HeldUntil: heldUntil, CreatedAt: now.Add(-time.Hour), UpdatedAt: now.Add(-time.Hour)}
	}
	claims := []shared.Reservation{
		reservation("pending-lapsed", "c1", shared.ReservationPending, now.Add(-time.Minute)),
		reservation("paid-lapsed", "c2", shared.ReservationPaid, now.Add(-time.Second)),
		reservation("paid-holding", "c3", shared.ReservationPaid, now.Add(47*time.Hour)),
		reservation("pending-holding", "c4", shared.ReservationPending, now.Add(10*time.Minute)),
		reservation("released", "c5", shared.ReservationPaid, now.Add(-time.Hour)),
	}
	for _, r := range claims {
		if err := store.Claim(ctx, r, now.Add(-2*time.Hour), 0); err != nil {
			t.Fatalf("claim %s: %v", r.ID, err)
		}
	}
	released := claims[4]
	released.State = shared.ReservationReleased
	if err := store.Move(ctx, released, shared.ReservationPaid); err != nil {
		t.Fatal(err)
	}
	ids := func(rs []shared.Reservation) []string {
		out := []string{}
		for _, r := range rs {
			out = append(out, r.ID)
		}
		slices.Sort(out)
		return out
	}

	calls.Reset()
	lapsed, err := store.Lapsed(ctx, now)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ids(lapsed), []string{"paid-lapsed", "pending-lapsed"}; !slices.Equal(got, want) {
		t.Errorf("lapsed = %v, want %v", got, want)
	}
	holding, err := store.Holding(ctx, now)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ids(holding), []string{"paid-holding"}; !slices.Equal(got, want) {
		t.Errorf("holding = %v, want %v", got, want)
	}
	if scans := calls.Of("Scan"); len(scans) > 0 {
		t.Errorf("lapsed and holding scanned: %v", scans)
	}
	if queries := calls.Of("Query"); len(queries) != 2 {
		t.Errorf("lapsed and holding made %d queries, want 2", len(queries))
	}
}
