package dynamo

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/guregu/dynamo/v2"

	"forecourt/shared"
)

// watchlistItem is one saved car in the watchlists table
// (docs/contracts.md "DynamoDB tables"): the list's key is the site and the
// shopper's pool id, so one query reads one shopper's list on one site and
// nothing else.
type watchlistItem struct {
	List           string `dynamo:"list,hash"` // "<site>#<sub>"
	CarID          string `dynamo:"car_id,range"`
	Site           string `dynamo:"site"`
	Shopper        string `dynamo:"shopper"`
	DealershipSlug string `dynamo:"dealership_slug"`
	SavedAt        string `dynamo:"saved_at"` // RFC 3339, UTC
}

// WatchlistStore keeps shoppers' watchlists.
type WatchlistStore struct {
	table dynamo.Table
}

// NewWatchlistStore returns the store over t.Watchlists.
func NewWatchlistStore(db *dynamo.DB, t Tables) *WatchlistStore {
	return &WatchlistStore{table: db.Table(t.Watchlists)}
}

func listKey(w shared.Watchlist) (string, error) {
	if w.Site == "" || w.Shopper == "" {
		return "", fmt.Errorf("watchlist needs a site and a shopper")
	}
	return w.Site + "#" + w.Shopper, nil
}

// SaveCar adds the car to the list unless it is there already, and returns
// the entry as stored: a second save keeps the first saved_at. It is one
// UpdateItem whatever the list holds (saved_at set only if absent, the new
// item returned), not a conditional put and a read after it: one round
// trip on the watchlist's answer path (issue 12: save p99 <= 20 ms).
func (s *WatchlistStore) SaveCar(ctx context.Context, w shared.Watchlist, c shared.SavedCar) (shared.SavedCar, error) {
	key, err := listKey(w)
	if err != nil {
		return shared.SavedCar{}, err
	}
	var stored watchlistItem
	err = s.table.Update("list", key).Range("car_id", c.CarID).
		Set("site", w.Site).Set("shopper", w.Shopper).Set("dealership_slug", c.DealershipSlug).
		SetIfNotExists("saved_at", c.SavedAt.UTC().Format(time.RFC3339Nano)).
		Value(ctx, &stored)
	if err != nil {
		return shared.SavedCar{}, fmt.Errorf("save car %s: %w", c.CarID, err)
	}
	return stored.saved()
}

// RemoveCar takes the car off the list and reports whether it was on it.
func (s *WatchlistStore) RemoveCar(ctx context.Context, w shared.Watchlist, carID string) (bool, error) {
	key, err := listKey(w)
	if err != nil {
		return false, err
	}
	var old watchlistItem
	err = s.table.Delete("list", key).Range("car_id", carID).OldValue(ctx, &old)
	if err == dynamo.ErrNotFound {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("remove car %s: %w", carID, err)
	}
	return true, nil
}

// SavedCars returns the list, newest save first.
func (s *WatchlistStore) SavedCars(ctx context.Context, w shared.Watchlist) ([]shared.SavedCar, error) {
	key, err := listKey(w)
	if err != nil {
		return nil, err
	}
	var items []watchlistItem
	if err := s.table.Get("list", key).Consistent(true).All(ctx, &items); err != nil {
		return nil, fmt.Errorf("read watchlist: %w", err)
	}
	out, err := decodeAll(items, watchlistItem.saved)
	if err != nil {
		return nil, err
	}
	// Newest first; equal times keep the car id order the query gave.
	slices.SortStableFunc(out, func(a, b shared.SavedCar) int { return b.SavedAt.Compare(a.SavedAt) })
	return out, nil
}

func (it watchlistItem) saved() (shared.SavedCar, error) {
	at, err := time.Parse(time.RFC3339Nano, it.SavedAt)
	if err != nil {
		return shared.SavedCar{}, fmt.Errorf("saved car %s: saved_at %q: %w", it.CarID, it.SavedAt, err)
	}
	return shared.SavedCar{CarID: it.CarID, DealershipSlug: it.DealershipSlug, SavedAt: at}, nil
}
