package media_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"forecourt/functions/feed"
)

// sweep runs the hourly sweep and fails the test on its error.
func (e *env) sweep(t *testing.T) feed.SweepReport {
	t.Helper()
	rep, err := e.svc.Sweep(context.Background())
	if err != nil {
		t.Fatalf("sweep: %v", err)
	}
	return rep
}

// pending reports, per stock number, whether the stored car is marked
// photos pending, and checks that a cleared car and its index record show
// the mirrored copy.
func (e *env) pending(t *testing.T, want string, stocks ...string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for _, stock := range stocks {
		c, rec := e.stored(t, stock)
		out[stock] = c.PhotosPending
		if !c.PhotosPending && (imageURLs(c.Car)[0] != want || recordURLs(rec)[0] != want) {
			t.Errorf("%s cleared but shows %v, record %v; want %s", stock, imageURLs(c.Car), recordURLs(rec), want)
		}
	}
	return out
}

func count(m map[string]bool, v bool) int {
	n := 0
	for _, b := range m {
		if b == v {
			n++
		}
	}
	return n
}

// Issue 14 "Images" (left by session 7): cars whose photos the DMS host
// could not serve at ingest are retried by the sweep, from the hosts the
// run saved (the sweep has no provider key), at most SweepPhotoCars cars
// per dealership per sweep; a cleared car and its record point at
// /media/photos/, and the next run of the same feed finds every car
// unchanged and fetches nothing.
func TestSweepRetriesPendingPhotos(t *testing.T) {
	e := newEnv(t, func(c *feed.ServiceConfig) { c.SweepPhotoCars = 2 })
	dms := newDMSHost(t)
	hosts := []string{"127.0.0.1"}
	photo := dms.URL + "/a.jpg"
	stocks := []string{"K1", "K2", "K3"}
	rows := []map[string]any{row("K1", photo), row("K2", photo), row("K3", photo)}
	want := photoPath(dms.jpg, "jpg")

	dms.down.Store(true)
	if rep := e.ingest(t, feed.ModeFull, hosts, rows...); rep.PhotosFailed != 1 {
		t.Fatalf("dead host: %d photos failed, want the one URL", rep.PhotosFailed)
	}
	// While the host is still dead the sweep leaves the cars as they are.
	e.sweep(t)
	if got := e.pending(t, want, stocks...); count(got, true) != 3 {
		t.Fatalf("host still dead, after a sweep: pending %v, want all three", got)
	}

	dms.down.Store(false)
	e.sweep(t)
	got := e.pending(t, want, stocks...)
	if count(got, false) != 2 {
		t.Errorf("first sweep with the host back: pending %v, want two of three cleared (SweepPhotoCars 2)", got)
	}
	e.sweep(t)
	if got := e.pending(t, want, stocks...); count(got, false) != 3 {
		t.Errorf("second sweep: pending %v, want none", got)
	}

	before := dms.fetches.Load()
	rep := e.ingest(t, feed.ModeFull, hosts, rows...)
	if rep.Unchanged != 3 || dms.fetches.Load() != before {
		t.Errorf("next run of the same feed: unchanged %d, %d fetches; want 3 unchanged and none",
			rep.Unchanged, dms.fetches.Load()-before)
	}
}

// Issue 14 "Images": a host that accepts the connection and never answers
// costs the sweep at most SweepPhotoBudget; the car stays pending and the
// sweep succeeds.
func TestSweepPhotoRetryBounded(t *testing.T) {
	e := newEnv(t, func(c *feed.ServiceConfig) { c.SweepPhotoBudget = 300 * time.Millisecond })
	dms := newDMSHost(t)
	dms.down.Store(true)
	e.ingest(t, feed.ModeFull, []string{"127.0.0.1"}, row("K1", dms.URL+"/a.jpg"))
	dms.hang.Store(true)
	before := dms.fetches.Load()
	if rep := e.sweep(t); rep.Dealerships != 1 || len(rep.Failed) != 0 {
		t.Errorf("sweep: %+v, want the dealership swept", rep)
	}
	if n := dms.fetches.Load() - before; n != 1 {
		t.Errorf("sweep fetched %d times, want one try", n)
	}
	if c, _ := e.stored(t, "K1"); !c.PhotosPending || imageURLs(c.Car)[0] != dms.URL+"/a.jpg" {
		t.Errorf("after a hanging host: pending %v, images %v; want the feed's URL, still pending", c.PhotosPending, imageURLs(c.Car))
	}
}

// Issue 14 "Images" (left by session 7): an updated car whose photo URLs
// did not change downloads none of them again; a photo URL it adds is the
// only one fetched; a URL it drops leaves its source map.
func TestUpdatedCarKeepsMirroredPhotos(t *testing.T) {
	e := newEnv(t)
	dms := newDMSHost(t)
	hosts := []string{"127.0.0.1"}
	a, b := dms.URL+"/a.jpg", dms.URL+"/b.png"
	jpgPath, pngPath := photoPath(dms.jpg, "jpg"), photoPath(dms.png, "png")

	e.ingest(t, feed.ModeFull, hosts, row("K1", a))
	tests := []struct {
		name    string
		row     map[string]any
		fetches int32
		images  []string
		sources int
	}{
		{"price changed, same photo", withPrice(row("K1", a), 17990), 0, []string{jpgPath}, 1},
		{"a photo added", withPrice(row("K1", a, b), 16990), 1, []string{jpgPath, pngPath}, 2},
		{"a photo dropped", withPrice(row("K1", b), 15990), 0, []string{pngPath}, 1},
	}
	for _, tt := range tests {
		before := dms.fetches.Load()
		rep := e.ingest(t, feed.ModeFull, hosts, tt.row)
		k1, rec := e.stored(t, "K1")
		if n := dms.fetches.Load() - before; rep.Updated != 1 || n != tt.fetches {
			t.Errorf("%s: updated %d, %d photo requests; want 1 and %d", tt.name, rep.Updated, n, tt.fetches)
		}
		if got := imageURLs(k1.Car); !slices.Equal(got, tt.images) || !slices.Equal(recordURLs(rec), tt.images) {
			t.Errorf("%s: car images %v, record %v; want %v", tt.name, got, recordURLs(rec), tt.images)
		}
		if len(k1.PhotoSources) != tt.sources || k1.PhotosPending {
			t.Errorf("%s: sources %v, pending %v; want %d sources, not pending", tt.name, k1.PhotoSources, k1.PhotosPending, tt.sources)
		}
	}
}

func withPrice(r map[string]any, price int) map[string]any {
	r["price"] = price
	return r
}
