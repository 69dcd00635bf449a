package dynamo_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"forecourt/functions/dynamo"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

// docs/contracts.md "DynamoDB tables", feed-runs: a report reads back by id;
// an unknown id, and the ids of lease and manifest items, are not_found.
func TestRunStoreReports(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	runs := dynamo.NewRunStore(db, tables)
	if err := runs.SaveRun(ctx, "run_1", "north", "succeeded", []byte(`{"run_id":"run_1"}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := runs.AcquireLease(ctx, "north", "run_1", time.Minute); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		id   string
		want string
		code string
	}{
		{"run_1", `{"run_id":"run_1"}`, ""},
		{"run_missing", "", shared.ENOTFOUND},
		{"", "", shared.ENOTFOUND},
		{"lease#north", "", shared.ENOTFOUND},
		{"manifest#north#0", "", shared.ENOTFOUND},
	} {
		got, err := runs.Run(ctx, tt.id)
		if shared.ErrorCode(err) != tt.code && !(tt.code == "" && err == nil) {
			t.Errorf("Run(%q): error %v, want code %q", tt.id, err, tt.code)
		}
		if string(got) != tt.want {
			t.Errorf("Run(%q) = %q, want %q", tt.id, got, tt.want)
		}
	}
}

// Issue 4 "one feed per dealership at a time": the lease is taken with a
// conditional write; another holder gets conflict while it is live, the
// same holder may take it again, and it can be taken over once released or
// expired. The next holder learns whether the previous one finished cleanly
// (Dirty) and which manifest it left.
func TestRunStoreLease(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	runs := dynamo.NewRunStore(db, tables)
	type step struct {
		name string
		do   func() (shared.Lease, error)
		want shared.Lease
		code string
	}
	acquire := func(dealer, holder string, ttl time.Duration) func() (shared.Lease, error) {
		return func() (shared.Lease, error) { return runs.AcquireLease(ctx, dealer, holder, ttl) }
	}
	then := func(f func() error, next func() (shared.Lease, error)) func() (shared.Lease, error) {
		return func() (shared.Lease, error) {
			if err := f(); err != nil {
				return shared.Lease{}, err
			}
			return next()
		}
	}
	manifest := shared.ManifestRef{Run: "b", Shards: 1}
	for _, s := range []step{
		{name: "first acquire: nothing before", do: acquire("north", "a", time.Minute)},
		{name: "another holder while live: conflict", do: acquire("north", "b", time.Minute), code: shared.ECONFLICT},
		{name: "another dealership is independent", do: acquire("south", "b", time.Minute)},
		{name: "the same holder again: the lease it holds is dirty", do: acquire("north", "a", time.Minute), want: shared.Lease{Dirty: true}},
		{name: "after an unclean release: dirty",
			do:   then(func() error { return runs.ReleaseLease(ctx, "north", "a", false) }, acquire("north", "b", time.Minute)),
			want: shared.Lease{Dirty: true}},
		{name: "after a clean release with a manifest: clean, manifest named",
			do: then(func() error {
				if err := runs.SaveManifest(ctx, "north", "b", []shared.CarState{{ID: "x", ContentHash: "h"}}); err != nil {
					return err
				}
				return runs.ReleaseLease(ctx, "north", "b", true)
			}, acquire("north", "c", -time.Second)), // c's lease expires at once
			want: shared.Lease{Manifest: manifest}},
		{name: "an expired lease is taken over; acquiring dropped the manifest's name",
			do: acquire("north", "d", time.Minute), want: shared.Lease{Dirty: true}},
		{name: "a release by a former holder changes nothing",
			do:   then(func() error { return runs.ReleaseLease(ctx, "north", "c", true) }, acquire("north", "e", time.Minute)),
			code: shared.ECONFLICT},
	} {
		got, err := s.do()
		if shared.ErrorCode(err) != s.code && !(s.code == "" && err == nil) {
			t.Errorf("%s: error %v, want code %q", s.name, err, s.code)
			continue
		}
		if got != s.want {
			t.Errorf("%s: lease got %+v, want %+v", s.name, got, s.want)
		}
	}

	// The manifest reads back by its ref.
	states, err := runs.Manifest(ctx, "north", manifest)
	if err != nil || len(states) != 1 || states[0].ID != "x" || states[0].ContentHash != "h" {
		t.Errorf("manifest: got %+v, %v", states, err)
	}

	// MarkClean clears the dirty mark only when no run holds the lease.
	if err := runs.MarkClean(ctx, "north"); err != nil {
		t.Fatal(err)
	}
	if err := runs.ReleaseLease(ctx, "north", "d", false); err != nil {
		t.Fatal(err)
	}
	if err := runs.MarkClean(ctx, "north"); err != nil {
		t.Fatal(err)
	}
	if got, err := runs.AcquireLease(ctx, "north", "f", time.Minute); err != nil || got.Dirty {
		t.Errorf("after MarkClean: got %+v, %v, want a clean lease", got, err)
	}
}

// Issue 18 "Feed bursts": at most `slots` feeds hold a slot at once; the
// next is refused with too_many_requests, a released slot is taken again,
// and a slot whose holder crashed frees itself when its lease expires.
func TestFeedSlots(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	runs := dynamo.NewRunStore(db, tables)
	const slots = 3
	held := map[int]string{}
	for i := range slots {
		holder := fmt.Sprintf("run-%d", i)
		n, err := runs.AcquireSlot(ctx, holder, slots, time.Minute)
		if err != nil {
			t.Fatalf("slot for %s: %v", holder, err)
		}
		if _, dup := held[n]; dup {
			t.Fatalf("slot %d given twice", n)
		}
		held[n] = holder
	}
	if _, err := runs.AcquireSlot(ctx, "run-late", slots, time.Minute); shared.ErrorCode(err) != shared.ETOOMANY {
		t.Fatalf("a fourth feed: err = %v, want too_many_requests", err)
	}
	// Releasing someone else's slot does nothing.
	if err := runs.ReleaseSlot(ctx, 0, "not-the-holder"); err != nil {
		t.Fatal(err)
	}
	if _, err := runs.AcquireSlot(ctx, "run-late", slots, time.Minute); shared.ErrorCode(err) != shared.ETOOMANY {
		t.Fatalf("after a stranger's release: err = %v, want too_many_requests", err)
	}
	if err := runs.ReleaseSlot(ctx, 1, held[1]); err != nil {
		t.Fatal(err)
	}
	if n, err := runs.AcquireSlot(ctx, "run-late", slots, time.Minute); err != nil || n != 1 {
		t.Fatalf("after a release: slot %d, %v; want slot 1", n, err)
	}
	// A slot leased for no time is free at once: the crashed-holder case.
	if err := runs.ReleaseSlot(ctx, 0, held[0]); err != nil {
		t.Fatal(err)
	}
	other := dynamo.NewRunStore(db, tables)
	if _, err := other.AcquireSlot(ctx, "crashed", 1, -time.Second); err != nil {
		t.Fatal(err)
	}
	if _, err := other.AcquireSlot(ctx, "next", 1, time.Minute); err != nil {
		t.Fatalf("slot of a crashed run: %v", err)
	}
}

// Issue 15 "Data": a run report carries the table's TTL attribute
// (purge_at, RunRetention after it was saved); the lease does not, so
// DynamoDB never deletes a lease that is in use.
func TestRunReportsExpire(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	runs := dynamo.NewRunStore(db, tables)
	before := time.Now()
	if err := runs.SaveRun(ctx, "run_ttl", "north", "succeeded", []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := runs.AcquireLease(ctx, "north", "run_ttl", time.Minute); err != nil {
		t.Fatal(err)
	}
	var report, lease map[string]any
	if err := db.Table(tables.FeedRuns).Get("id", "run_ttl").One(ctx, &report); err != nil {
		t.Fatal(err)
	}
	purge, _ := report[dynamo.RunsTTLAttribute].(float64)
	if want := before.Add(dynamo.RunRetention).Unix(); int64(purge) < want || int64(purge) > want+60 {
		t.Errorf("report %s = %v, want about %d", dynamo.RunsTTLAttribute, report[dynamo.RunsTTLAttribute], want)
	}
	if err := db.Table(tables.FeedRuns).Get("id", "lease#north").One(ctx, &lease); err != nil {
		t.Fatal(err)
	}
	if _, ok := lease[dynamo.RunsTTLAttribute]; ok {
		t.Errorf("the lease carries %s", dynamo.RunsTTLAttribute)
	}
}

// Issue 14 "Images": a dealership's photo allow-list, saved by a run that
// left photos pending, reads back for the sweep; saving none deletes it
// (dealership removal); a dealership with none reads none. It is not a run.
func TestPhotoHosts(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	runs := dynamo.NewRunStore(db, tables)
	for _, tt := range []struct {
		save []string
		want string
	}{
		{[]string{"cdn.dms.example", ".photos.example"}, "cdn.dms.example .photos.example"},
		{[]string{"cdn.dms.example"}, "cdn.dms.example"},
		{nil, ""},
	} {
		if err := runs.SavePhotoHosts(ctx, "north", tt.save); err != nil {
			t.Fatal(err)
		}
		got, err := runs.PhotoHosts(ctx, "north")
		if err != nil || strings.Join(got, " ") != tt.want {
			t.Errorf("after saving %v: %v, %v; want %q", tt.save, got, err, tt.want)
		}
	}
	if got, err := runs.PhotoHosts(ctx, "south"); err != nil || got != nil {
		t.Errorf("a dealership with none: %v, %v", got, err)
	}
	if _, err := runs.Run(ctx, "photohosts#north"); shared.ErrorCode(err) != shared.ENOTFOUND {
		t.Errorf("the item read as a run: %v", err)
	}
}
