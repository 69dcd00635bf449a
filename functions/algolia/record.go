package algolia

import (
	"forecourt/functions/indexrecord"
	"forecourt/shared"
)

// Record is the attributes a write sends to the engine (indexrecord.Record).
type Record = indexrecord.Record

// IndexRecord is one index record (indexrecord.IndexRecord).
type IndexRecord = indexrecord.IndexRecord

// PublicAttributes are the only attributes an index record holds
// (indexrecord.PublicAttributes).
var PublicAttributes = indexrecord.PublicAttributes

// NewRecord builds the index record of a placed car.
func NewRecord(ic shared.IndexedCar) IndexRecord { return indexrecord.NewRecord(ic) }

// SoldUpdate is the partial update that marks a placed car sold in the index.
func SoldUpdate(ic shared.IndexedCar) Record { return indexrecord.SoldUpdate(ic) }
