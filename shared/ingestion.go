package shared

import "time"

// StoredCar is a car as the source of truth keeps it: the car plus the
// bookkeeping of ingestion (docs/contracts.md "DynamoDB tables").
type StoredCar struct {
	Car
	// ContentHash identifies the feed content the car was last written from.
	ContentHash string
	UpdatedAt   time.Time
	// SearchableUntil is when the car leaves the search index (unix
	// seconds): Placement.SearchableUntil when it was last placed.
	SearchableUntil int64
	// Unindexed is set once a sold car's retention ended and it left the index.
	Unindexed bool
	// FeedReserved is what the feed's row said of reserved, before a paid
	// online hold kept the car reserved (issue 13): when the hold ends the
	// car goes back to it rather than to not reserved.
	FeedReserved bool
	// PhotosPending marks a car some of whose feed photos could not be
	// mirrored (issue 14): they keep the feed's URL; the sweep and the next
	// run that sends the car try them again.
	PhotosPending bool
	// PhotoSources maps each feed photo URL the car shows a mirrored copy
	// of to that copy's /media/ path, so an update that sends the same
	// URLs downloads nothing again (a URL is taken to name one photo).
	PhotoSources map[string]string
}

// CarState is the part of a stored car that diffing needs; reading only
// these keeps a re-ingest of unchanged stock cheap. A state read from the
// hash manifest has no slug, dates or status.
type CarState struct {
	ID                string
	Slug              string
	ContentHash       string
	Sold              bool
	Status            CarStatus
	SoldDateTimestamp int64
	SearchableUntil   int64
	Unindexed         bool
	// CreatedAt is RFC 3339 as stored.
	CreatedAt string
	// PhotosPending is StoredCar.PhotosPending: such a car is never
	// unchanged, and the sweep retries its photos.
	PhotosPending bool
}

// Lease is what taking a dealership's ingestion lease learns from the
// previous holder.
type Lease struct {
	// Dirty reports that the previous holder did not finish cleanly: the
	// index may be behind the source of truth.
	Dirty bool
	// Manifest names the dealership's hash manifest, written by the last
	// holder that finished writing cars; invalid when that holder stopped
	// midway.
	Manifest ManifestRef
}

// ManifestRef names a dealership's current hash manifest: the run that
// wrote it and its number of shards. The zero value means there is none.
type ManifestRef struct {
	Run    string
	Shards int
}

// Valid reports whether the ref names a manifest.
func (r ManifestRef) Valid() bool { return r.Run != "" && r.Shards > 0 }
