package feed_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"forecourt/functions/feed"
	"forecourt/shared"
)

// Spec 001 §9 sold retention: a sweep removes sold cars past every site's
// retention from the index across dealerships, re-places those past some
// site's retention, without waiting for each
// dealership's next feed; the cars stay in DynamoDB. A dealership whose
// feed is running is left to that feed.
func TestSweep(t *testing.T) {
	e := newEngineEnv(t, nil)
	ctx := context.Background()
	e.ingest(t, "north", "full", "["+kia("N1", "Rio", 19990)+","+kia("N2", "Rio", 18990)+"]")
	e.ingest(t, "south", "full", "["+kia("S1", "Rio", 17990)+","+kia("S2", "Rio", 16990)+"]")
	e.ingest(t, "north", "full", "["+kia("N1", "Rio", 19990)+"]") // N2 sold: 14 days (north-site)
	e.ingest(t, "south", "full", "["+kia("S1", "Rio", 17990)+"]") // S2 sold: 3 days (group)
	n2, s2 := feed.CarID("north", "stock:N2"), feed.CarID("south", "stock:S2")

	indexed := func(id string) bool { _, ok := e.search(t, e.cfg.AdminKey, "")[id]; return ok }
	e.clock.t = e.clock.t.Add(4 * 24 * time.Hour)
	rep, err := e.svc.Sweep(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// N2 is past group's 3 days but within north-site's 14: re-placed.
	if rep.Dealerships != 2 || rep.Removed != 1 || rep.Replaced != 1 || len(rep.Busy) != 0 {
		t.Errorf("sweep = %+v, want 2 dealerships, 1 removed, 1 replaced", rep)
	}
	if indexed(s2) || !indexed(n2) {
		t.Errorf("after 4 days: S2 indexed %v (want false), N2 indexed %v (want true)", indexed(s2), indexed(n2))
	}
	stored := storedByIDOf(t, e, "south")
	if sc := stored[s2]; !sc.Sold || !sc.Unindexed {
		t.Errorf("S2 in DynamoDB: sold %v unindexed %v, want both", sc.Sold, sc.Unindexed)
	}

	// A dealership with a feed running is skipped, not waited for.
	if _, err := e.runs.AcquireLease(ctx, "north", "running-feed", time.Hour); err != nil {
		t.Fatal(err)
	}
	e.clock.t = e.clock.t.Add(11 * 24 * time.Hour)
	rep, err = e.svc.Sweep(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Busy) != 1 || rep.Busy[0] != "north" || rep.Removed != 0 || !indexed(n2) {
		t.Errorf("sweep during a north feed = %+v", rep)
	}
	if err := e.runs.ReleaseLease(ctx, "north", "running-feed", true); err != nil {
		t.Fatal(err)
	}
	if rep, err = e.svc.Sweep(ctx); err != nil || rep.Removed != 1 || indexed(n2) {
		t.Errorf("sweep after 15 days = %+v, %v; N2 indexed %v", rep, err, indexed(n2))
	}

	// Feeds after a sweep stay correct: unchanged, nothing re-added.
	if r := e.ingest(t, "south", "full", "["+kia("S1", "Rio", 17990)+"]"); r.Unchanged != 1 || r.Sold != 0 || indexed(s2) {
		t.Errorf("feed after sweep = %+v, S2 indexed %v", r, indexed(s2))
	}
}

func storedByIDOf(t *testing.T, e *engineEnv, dealership string) map[string]storedCar {
	t.Helper()
	stored, err := e.cars.StoredCars(context.Background(), dealership)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]storedCar{}
	for _, sc := range stored {
		m[sc.ID] = storedCar{Sold: sc.Sold, Unindexed: sc.Unindexed}
	}
	return m
}

type storedCar struct{ Sold, Unindexed bool }

// failingReads fails reading one dealership's cars.
type failingReads struct {
	feed.CarStore
	dealership string
}

func (f *failingReads) GetCars(ctx context.Context, dealership string, ids []string) ([]shared.StoredCar, error) {
	if dealership == f.dealership {
		return nil, errors.New("read throttled")
	}
	return f.CarStore.GetCars(ctx, dealership, ids)
}

// Issue 15 "the sweep ... with failure handling": one dealership's failed
// sweep does not stop the others; the report and the error name it.
func TestSweepGoesOnPastAFailingDealership(t *testing.T) {
	failing := &failingReads{}
	e := newEngineEnv(t, func(c feed.CarStore) feed.CarStore { failing.CarStore = c; return failing })
	ctx := context.Background()
	e.ingest(t, "north", "full", "["+kia("N1", "Rio", 19990)+","+kia("N2", "Rio", 18990)+"]")
	e.ingest(t, "north", "full", "["+kia("N1", "Rio", 19990)+"]") // N2 sold: the sweep reads it to re-place it
	e.ingest(t, "south", "full", "["+kia("S1", "Rio", 17990)+","+kia("S2", "Rio", 16990)+"]")
	e.ingest(t, "south", "full", "["+kia("S1", "Rio", 17990)+"]") // S2 sold: 3 days (group)
	s2 := feed.CarID("south", "stock:S2")
	e.clock.t = e.clock.t.Add(4 * 24 * time.Hour)

	failing.dealership = "north"
	rep, err := e.svc.Sweep(ctx)
	if err == nil || !strings.Contains(err.Error(), "sweep north") {
		t.Errorf("sweep error = %v, want one naming north", err)
	}
	if len(rep.Failed) != 1 || rep.Failed[0].Dealership != "north" || !strings.Contains(rep.Failed[0].Error, "read throttled") {
		t.Errorf("failed = %+v, want north's error", rep.Failed)
	}
	if rep.Dealerships != 1 || rep.Removed != 1 {
		t.Errorf("sweep = %+v, want south swept (1 dealership, S2 removed)", rep)
	}
	if _, ok := e.search(t, e.cfg.AdminKey, "")[s2]; ok {
		t.Error("S2 past retention still indexed: south was not swept after north failed")
	}
}
