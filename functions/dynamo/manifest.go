package dynamo

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/guregu/dynamo/v2"

	"forecourt/shared"
)

// A manifest is a compact copy of the diffing state of a dealership's cars
// (shared.CarState without slug and dates), kept in the feed-runs table so that a
// run reads it with one BatchGet instead of querying every car item. It is
// a cache of the cars table: the lease item names the run that wrote it,
// AcquireLease removes that name (the new holder is about to change the
// cars), and SaveManifest sets it again only after the holder's writes are
// done. A run that dies in between leaves no manifest, and the next run
// reads the cars themselves.

// manifestShardBytes keeps each shard well under DynamoDB's 400 KB item limit.
const manifestShardBytes = 300 << 10

const manifestPrefix = "manifest#"

type manifestItem struct {
	ID   string `dynamo:"id,hash"`
	Run  string `dynamo:"run"`
	Data []byte `dynamo:"data"`
}

func manifestID(dealershipSlug string, shard int) string {
	return fmt.Sprintf("%s%s#%d", manifestPrefix, dealershipSlug, shard)
}

// SaveManifest writes the dealership's manifest and names it in the lease
// item, if holder still holds the lease. Call it after every car write of
// the run.
func (s *RunStore) SaveManifest(ctx context.Context, dealershipSlug, holder string, states []shared.CarState) error {
	shards := encodeManifest(states)
	items := make([]any, len(shards))
	for i, data := range shards {
		items[i] = manifestItem{ID: manifestID(dealershipSlug, i), Run: holder, Data: data}
	}
	if _, err := s.table.Batch("id").Write().Put(items...).Run(ctx); err != nil {
		return fmt.Errorf("write manifest of %s: %w", dealershipSlug, err)
	}
	return s.nameManifest(ctx, dealershipSlug, holder, shared.ManifestRef{Run: holder, Shards: len(shards)})
}

// KeepManifest names ref again, for a holder that changed no car.
func (s *RunStore) KeepManifest(ctx context.Context, dealershipSlug, holder string, ref shared.ManifestRef) error {
	return s.nameManifest(ctx, dealershipSlug, holder, ref)
}

func (s *RunStore) nameManifest(ctx context.Context, dealershipSlug, holder string, ref shared.ManifestRef) error {
	err := s.table.Update("id", leasePrefix+dealershipSlug).
		Set("manifest_run", ref.Run).
		Set("manifest_shards", ref.Shards).
		If("holder = ?", holder).
		Run(ctx)
	if err != nil {
		return fmt.Errorf("name manifest of %s: %w", dealershipSlug, err)
	}
	return nil
}

// DeleteManifest deletes the shards ref names (a dealership removed from
// the platform: its cars are gone, so is their cache).
func (s *RunStore) DeleteManifest(ctx context.Context, dealershipSlug string, ref shared.ManifestRef) error {
	if ref.Shards <= 0 {
		return nil
	}
	keys := make([]dynamo.Keyed, ref.Shards)
	for i := range keys {
		keys[i] = dynamo.Keys{manifestID(dealershipSlug, i)}
	}
	if _, err := s.table.Batch("id").Write().Delete(keys...).Run(ctx); err != nil {
		return fmt.Errorf("delete manifest of %s: %w", dealershipSlug, err)
	}
	return nil
}

// Manifest reads the manifest ref names, with one BatchGet. It fails when
// a shard is missing or was written by another run.
func (s *RunStore) Manifest(ctx context.Context, dealershipSlug string, ref shared.ManifestRef) ([]shared.CarState, error) {
	if !ref.Valid() {
		return nil, fmt.Errorf("manifest of %s: none", dealershipSlug)
	}
	keys := make([]dynamo.Keyed, ref.Shards)
	for i := range keys {
		keys[i] = dynamo.Keys{manifestID(dealershipSlug, i)}
	}
	var items []manifestItem
	err := s.table.Batch("id").Get(keys...).Consistent(true).All(ctx, &items)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return nil, fmt.Errorf("read manifest of %s: %w", dealershipSlug, err)
	}
	if len(items) != ref.Shards {
		return nil, fmt.Errorf("manifest of %s: %d of %d shards", dealershipSlug, len(items), ref.Shards)
	}
	var states []shared.CarState
	for _, it := range items {
		if it.Run != ref.Run {
			return nil, fmt.Errorf("manifest of %s: shard %s is from run %s, not %s", dealershipSlug, it.ID, it.Run, ref.Run)
		}
		var err error
		if states, err = decodeManifest(it.Data, states); err != nil {
			return nil, fmt.Errorf("manifest of %s: shard %s: %w", dealershipSlug, it.ID, err)
		}
	}
	return states, nil
}

// A manifest shard is one line per car: id, content hash, flags (s sold,
// u unindexed, p photos pending) and searchable_until, separated by tabs.
func encodeManifest(states []shared.CarState) [][]byte {
	var shards [][]byte
	var b bytes.Buffer
	for _, st := range states {
		line := make([]byte, 0, 64)
		line = append(line, st.ID...)
		line = append(line, '\t')
		line = append(line, st.ContentHash...)
		line = append(line, '\t')
		if st.Sold {
			line = append(line, 's')
		}
		if st.Unindexed {
			line = append(line, 'u')
		}
		if st.PhotosPending {
			line = append(line, 'p')
		}
		line = append(line, '\t')
		line = strconv.AppendInt(line, st.SearchableUntil, 10)
		line = append(line, '\n')
		if b.Len()+len(line) > manifestShardBytes {
			shards = append(shards, bytes.Clone(b.Bytes()))
			b.Reset()
		}
		b.Write(line)
	}
	// Even no cars make one (empty) shard, so that "none" and "empty" differ.
	return append(shards, bytes.Clone(b.Bytes()))
}

func decodeManifest(data []byte, into []shared.CarState) ([]shared.CarState, error) {
	for len(data) > 0 {
		line, rest, _ := bytes.Cut(data, []byte{'\n'})
		data = rest
		f := bytes.Split(line, []byte{'\t'})
		if len(f) != 4 || len(f[0]) == 0 {
			return nil, fmt.Errorf("bad line %q", line)
		}
		until, err := strconv.ParseInt(string(f[3]), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("bad line %q", line)
		}
		into = append(into, shared.CarState{
			ID: string(f[0]), ContentHash: string(f[1]), SearchableUntil: until,
			Sold: bytes.IndexByte(f[2], 's') >= 0, Unindexed: bytes.IndexByte(f[2], 'u') >= 0,
			PhotosPending: bytes.IndexByte(f[2], 'p') >= 0,
		})
	}
	return into, nil
}
