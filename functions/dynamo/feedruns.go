package dynamo

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/guregu/dynamo/v2"

	"forecourt/shared"
)

type runItem struct {
	ID             string    `dynamo:"id,hash"`
	DealershipSlug string    `dynamo:"dealership_slug"`
	Status         string    `dynamo:"status"`
	Report         string    `dynamo:"report"`
	UpdatedAt      time.Time `dynamo:"updated_at"`
	// PurgeAt is the table's TTL attribute (unix seconds): a run report is
	// kept RunRetention. Leases and manifests do not carry it (their own
	// expires_at is a lease deadline, not a retention).
	PurgeAt int64 `dynamo:"purge_at"`
}

type leaseItem struct {
	ID        string `dynamo:"id,hash"`
	Holder    string `dynamo:"holder"`
	ExpiresAt int64  `dynamo:"expires_at"`
	// Dirty is set while a run holds the lease and cleared when the run has
	// written both DynamoDB and the index. A run that finds it set knows the
	// previous run stopped midway, and reindexes the dealership.
	Dirty bool `dynamo:"dirty"`
	// ManifestRun and ManifestShards name the manifest (manifest.go).
	ManifestRun    string `dynamo:"manifest_run"`
	ManifestShards int    `dynamo:"manifest_shards"`
}

// RunStore keeps feed run reports and the per-dealership ingestion lease.
type RunStore struct {
	table dynamo.Table
	now   func() time.Time
}

// NewRunStore returns the store over t.FeedRuns.
func NewRunStore(db *dynamo.DB, t Tables) *RunStore {
	return &RunStore{table: db.Table(t.FeedRuns), now: time.Now}
}

// RunRetention is how long a run report stays readable (issue 15: data
// with a retention expires): long enough for a provider's support ticket.
const RunRetention = 90 * 24 * time.Hour

// RunsTTLAttribute is the feed-runs table's TTL attribute.
const RunsTTLAttribute = "purge_at"

// SaveRun stores a run's report (JSON) under its id, expiring after RunRetention.
func (s *RunStore) SaveRun(ctx context.Context, id, dealershipSlug, status string, report []byte) error {
	now := s.now().UTC()
	it := runItem{ID: id, DealershipSlug: dealershipSlug, Status: status, Report: string(report), UpdatedAt: now,
		PurgeAt: now.Add(RunRetention).Unix()}
	if err := s.table.Put(it).Run(ctx); err != nil {
		return fmt.Errorf("save run %s: %w", id, err)
	}
	return nil
}

// Run returns a run's report (JSON), or an ENOTFOUND error.
func (s *RunStore) Run(ctx context.Context, id string) ([]byte, error) {
	if id == "" || strings.Contains(id, "#") { // lease, manifest and slot items are not runs
		return nil, shared.Errorf(shared.ENOTFOUND, "run %q not found", id)
	}
	var it runItem
	err := s.table.Get("id", id).One(ctx, &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return nil, shared.Errorf(shared.ENOTFOUND, "run %q not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("get run %s: %w", id, err)
	}
	return []byte(it.Report), nil
}

const leasePrefix = "lease#"

// AcquireLease takes the dealership's ingestion lease for holder until ttl
// passes, with a conditional write: it fails with ECONFLICT while another
// holder's lease is live. It also takes the manifest's name away, since
// the new holder may change the cars; SaveManifest gives it back.
func (s *RunStore) AcquireLease(ctx context.Context, dealershipSlug, holder string, ttl time.Duration) (shared.Lease, error) {
	now := s.now()
	var old leaseItem
	err := s.table.Update("id", leasePrefix+dealershipSlug).
		Set("holder", holder).
		Set("expires_at", now.Add(ttl).Unix()).
		Set("dirty", true).
		Remove("manifest_run", "manifest_shards").
		If("attribute_not_exists(id) OR expires_at < ? OR holder = ?", now.Unix(), holder).
		OldValue(ctx, &old)
	switch {
	case dynamo.IsCondCheckFailed(err):
		return shared.Lease{}, shared.Errorf(shared.ECONFLICT, "another feed for dealership %q is running", dealershipSlug)
	case errors.Is(err, dynamo.ErrNotFound):
		return shared.Lease{}, nil // no previous lease item
	case err != nil:
		return shared.Lease{}, fmt.Errorf("acquire lease for %s: %w", dealershipSlug, err)
	}
	return shared.Lease{Dirty: old.Dirty, Manifest: shared.ManifestRef{Run: old.ManifestRun, Shards: old.ManifestShards}}, nil
}

// ReleaseLease gives the lease up. clean clears the dirty mark: pass false
// when the index may be behind DynamoDB.
func (s *RunStore) ReleaseLease(ctx context.Context, dealershipSlug, holder string, clean bool) error {
	err := s.table.Update("id", leasePrefix+dealershipSlug).
		Set("expires_at", 0).
		Set("dirty", !clean).
		If("holder = ?", holder).
		Run(ctx)
	if err != nil && !dynamo.IsCondCheckFailed(err) {
		return fmt.Errorf("release lease for %s: %w", dealershipSlug, err)
	}
	return nil
}

// MarkClean clears the dealership's dirty mark after a reindex, unless a
// run holds the lease.
func (s *RunStore) MarkClean(ctx context.Context, dealershipSlug string) error {
	err := s.table.Update("id", leasePrefix+dealershipSlug).
		Set("dirty", false).
		If("expires_at < ?", s.now().Unix()).
		Run(ctx)
	if err != nil && !dynamo.IsCondCheckFailed(err) {
		return fmt.Errorf("mark %s clean: %w", dealershipSlug, err)
	}
	return nil
}

const slotPrefix = "slot#"

type slotItem struct {
	ID        string `dynamo:"id,hash"`
	Holder    string `dynamo:"holder"`
	ExpiresAt int64  `dynamo:"expires_at"`
}

// AcquireSlot takes one of slots feed slots for holder until ttl passes
// (feed.Admission): each slot is an item taken with a conditional write, so
// two runs never hold one slot, and a slot whose holder crashed is free
// again once its lease expires. Slots are tried from a random start, so
// concurrent runs rarely contend for the same item. It fails with ETOOMANY
// when every slot is held.
func (s *RunStore) AcquireSlot(ctx context.Context, holder string, slots int, ttl time.Duration) (int, error) {
	now := s.now()
	start := rand.IntN(slots)
	for i := range slots {
		n := (start + i) % slots
		err := s.table.Put(slotItem{ID: fmt.Sprintf("%s%d", slotPrefix, n), Holder: holder, ExpiresAt: now.Add(ttl).Unix()}).
			If("attribute_not_exists(id) OR expires_at < ?", now.Unix()).
			Run(ctx)
		if err == nil {
			return n, nil
		}
		if !dynamo.IsCondCheckFailed(err) {
			return 0, fmt.Errorf("acquire feed slot %d: %w", n, err)
		}
	}
	return 0, shared.Errorf(shared.ETOOMANY, "every one of the %d feed slots is busy; retry after the Retry-After seconds", slots)
}

// ReleaseSlot frees holder's slot; a slot taken over meanwhile (its lease
// expired) is left alone.
func (s *RunStore) ReleaseSlot(ctx context.Context, slot int, holder string) error {
	err := s.table.Delete("id", fmt.Sprintf("%s%d", slotPrefix, slot)).If("holder = ?", holder).Run(ctx)
	if err != nil && !dynamo.IsCondCheckFailed(err) {
		return fmt.Errorf("release feed slot %d: %w", slot, err)
	}
	return nil
}
