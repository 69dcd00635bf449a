package dynamo_test

import (
	"context"
	"testing"
	"time"

	"forecourt/functions/dynamo"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

// docs/contracts.md "Tracking events": events are kept per site, in arrival
// order, with a 90-day expires_at; two at the same instant both stay.
func TestEventStore(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	store := dynamo.NewEventStore(db, tables)
	// Recent: DynamoDB Local's TTL removes items already past expires_at.
	at := time.Now().UTC().Truncate(time.Second)
	for _, e := range []shared.StoredEvent{
		{Site: "acme", EventID: "25", CarID: "c1", DealershipID: "d1", At: at},
		{Site: "acme", EventID: "conversion", At: at},
		{Site: "other", EventID: "39", At: at},
	} {
		if err := store.RecordEvent(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	got, err := store.SiteEvents(ctx, "acme", at.Add(-time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("got %+v, want acme's two events", got)
	}
	var items []map[string]any
	if err := db.Table(tables.Events).Scan().All(ctx, &items); err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		if exp, _ := it["expires_at"].(float64); int64(exp) != at.Add(90*24*time.Hour).Unix() {
			t.Errorf("expires_at %v, want created + 90 days", it["expires_at"])
		}
	}
}
