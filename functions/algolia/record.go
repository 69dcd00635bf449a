package algolia

import (
	"forecourt/functions/indexrecord"
	"forecourt/shared"
)

// Record is one index record (indexrecord.Record).
type Record = indexrecord.Record

// PublicAttributes are the only attributes an index record holds
// (indexrecord.PublicAttributes).
var PublicAttributes = indexrecord.PublicAttributes

// NewRecord builds the index record of a placed car.
func NewRecord(ic shared.IndexedCar) (Record, error) { return indexrecord.NewRecord(ic) }

// SoldUpdate is the partial update that marks a placed car sold in the index.
func SoldUpdate(ic shared.IndexedCar) Record { return indexrecord.SoldUpdate(ic) }
