package dynamo_test

import (
	"context"
	"testing"
	"time"

	"forecourt/functions/dynamo"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

// Spec 000 §3, §6 (issue 12): a watchlist is one shopper's on one site; a
// second save keeps the first saved_at; removal reports whether the car was
// there; the list reads newest first and holds nothing of other lists.
func TestWatchlistStore(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	store := dynamo.NewWatchlistStore(db, tables)
	mine := shared.Watchlist{Site: "acme", Shopper: "sub-1"}
	t0 := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	save := func(w shared.Watchlist, id string, at time.Time) shared.SavedCar {
		t.Helper()
		got, err := store.SaveCar(ctx, w, shared.SavedCar{CarID: id, DealershipSlug: "acme-kia", SavedAt: at})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	save(mine, "c1", t0)
	save(mine, "c2", t0.Add(time.Hour))
	if got := save(mine, "c1", t0.Add(2*time.Hour)); !got.SavedAt.Equal(t0) {
		t.Errorf("second save of c1: saved_at %v, want the first %v", got.SavedAt, t0)
	}
	// The same shopper on another site, and another shopper on this one.
	save(shared.Watchlist{Site: "other", Shopper: "sub-1"}, "c3", t0)
	save(shared.Watchlist{Site: "acme", Shopper: "sub-2"}, "c4", t0)

	list, err := store.SavedCars(ctx, mine)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].CarID != "c2" || list[1].CarID != "c1" || list[1].DealershipSlug != "acme-kia" {
		t.Fatalf("list: got %+v, want c2 then c1 only", list)
	}
	if removed, err := store.RemoveCar(ctx, mine, "c1"); err != nil || !removed {
		t.Fatalf("remove c1: %v, %v; want removed", removed, err)
	}
	if removed, err := store.RemoveCar(ctx, mine, "c4"); err != nil || removed {
		t.Fatalf("remove another shopper's c4 from my list: %v, %v; want not removed", removed, err)
	}
	if list, _ := store.SavedCars(ctx, shared.Watchlist{Site: "acme", Shopper: "sub-2"}); len(list) != 1 {
		t.Fatalf("sub-2's list after my removals: %+v, want c4 still there", list)
	}
	if _, err := store.SaveCar(ctx, shared.Watchlist{Site: "acme"}, shared.SavedCar{CarID: "c1"}); err == nil {
		t.Fatal("a list without a shopper: want an error")
	}
}
