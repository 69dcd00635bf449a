package feed_test

import (
	"context"
	"sync"
	"testing"

	"forecourt/functions/feed"
	"forecourt/shared"
)

// countingCars counts the reads of car items.
type countingCars struct {
	feed.CarStore
	mu           sync.Mutex
	states, gets int
	gotIDs       []string
}

func (c *countingCars) States(ctx context.Context, slug string) ([]shared.CarState, error) {
	c.mu.Lock()
	c.states++
	c.mu.Unlock()
	return c.CarStore.States(ctx, slug)
}

func (c *countingCars) GetCars(ctx context.Context, slug string, ids []string) ([]shared.StoredCar, error) {
	c.mu.Lock()
	c.gets++
	c.gotIDs = append(c.gotIDs, ids...)
	c.mu.Unlock()
	return c.CarStore.GetCars(ctx, slug, ids)
}

func (c *countingCars) reset() {
	c.mu.Lock()
	c.states, c.gets, c.gotIDs = 0, 0, nil
	c.mu.Unlock()
}

// Issue 4 "Diffing" and the benchmark target: after a run, the next one
// diffs against the dealership's hash manifest and reads car items only
// for cars that changed; without a usable manifest it reads the cars.
func TestManifestSparesReads(t *testing.T) {
	var counter *countingCars
	e := newEngineEnv(t, func(c feed.CarStore) feed.CarStore {
		counter = &countingCars{CarStore: c}
		return counter
	})
	feed1 := stockFeed(0, 40, 0)
	e.ingest(t, "north", "full", feed1)
	if counter.states != 1 {
		t.Errorf("first run: %d state queries, want 1 (no manifest yet)", counter.states)
	}

	counter.reset()
	if rep := e.ingest(t, "north", "full", feed1); rep.Unchanged != 40 {
		t.Fatalf("unchanged run = %+v", rep)
	}
	if counter.states != 0 || counter.gets != 0 {
		t.Errorf("unchanged run read cars: %d state queries, %d gets", counter.states, counter.gets)
	}

	counter.reset()
	changed := stockFeed(0, 39, 0)[:len(stockFeed(0, 39, 0))-1] + "," + kia("K039", "Cerato", 1) + "]"
	if rep := e.ingest(t, "north", "full", changed); rep.Updated != 1 || rep.Unchanged != 39 {
		t.Fatalf("one-change run = %+v", rep)
	}
	if counter.states != 0 || len(counter.gotIDs) != 1 || counter.gotIDs[0] != feed.CarID("north", "stock:K039") {
		t.Errorf("one-change run: %d state queries, got ids %v; want only the changed car", counter.states, counter.gotIDs)
	}
	recs := e.search(t, e.cfg.AdminKey, "")
	if r := recs[feed.CarID("north", "stock:K039")]; r["price"] != 1.0 || r["slug"] == "" || r["created_at_timestamp"] != float64(e.clock.t.Unix()) {
		t.Errorf("changed record = %v", r)
	}
}
