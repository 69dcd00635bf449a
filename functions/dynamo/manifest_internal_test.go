package dynamo

import (
	"fmt"
	"reflect"
	"testing"

	"forecourt/shared"
)

// A manifest of 20,000 cars (the feed limit) splits into shards under
// DynamoDB's 400 KB item limit and reads back exactly.
func TestManifestEncoding(t *testing.T) {
	states := make([]shared.CarState, 20000)
	for i := range states {
		states[i] = shared.CarState{ID: fmt.Sprintf("%020x", i), ContentHash: "AbCdEfGhIjKlMnOp",
			Sold: i%3 == 0, Unindexed: i%6 == 0, PhotosPending: i%5 == 0, SearchableUntil: 253402300799 - int64(i)}
	}
	states[7].ContentHash = "" // sold by a full feed: no content hash
	shards := encodeManifest(states)
	if len(shards) < 2 {
		t.Fatalf("%d shards for 20,000 cars", len(shards))
	}
	var got []shared.CarState
	for i, s := range shards {
		if len(s) > 400<<10-1024 {
			t.Errorf("shard %d is %d bytes", i, len(s))
		}
		var err error
		if got, err = decodeManifest(s, got); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(got, states) {
		t.Error("decoded manifest differs")
	}
	if empty := encodeManifest(nil); len(empty) != 1 || len(empty[0]) != 0 {
		t.Errorf("no cars = %q, want one empty shard", empty)
	}
	if _, err := decodeManifest([]byte("id\thash\n"), nil); err == nil {
		t.Error("a bad line decoded")
	}
}
