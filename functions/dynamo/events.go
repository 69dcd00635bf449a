package dynamo

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/guregu/dynamo/v2"

	"forecourt/shared"
)

// EventsTTLAttribute is the events table's TTL attribute (unix seconds).
const EventsTTLAttribute = "expires_at"

// EventRetention is how long a tracking event is kept (issue 9: 90 days).
const EventRetention = 90 * 24 * time.Hour

type eventItem struct {
	Site         string `dynamo:"site,hash"`
	SK           string `dynamo:"sk,range"`
	EventID      string `dynamo:"event_id"`
	CarID        string `dynamo:"car_id,omitempty"`
	DealershipID string `dynamo:"dealership_id,omitempty"`
	CreatedAt    string `dynamo:"created_at"`
	ExpiresAt    int64  `dynamo:"expires_at"`
}

// EventStore keeps tracking events in the events table, by site and time.
type EventStore struct {
	table dynamo.Table
}

// NewEventStore returns the store over t.Events.
func NewEventStore(db *dynamo.DB, t Tables) *EventStore {
	return &EventStore{table: db.Table(t.Events)}
}

// RecordEvent stores e until EventRetention after e.At. The sort key is
// the time then a random suffix, so events of one instant never collide
// and a site's events read back in time order.
func (s *EventStore) RecordEvent(ctx context.Context, e shared.StoredEvent) error {
	suffix := make([]byte, 6)
	_, _ = rand.Read(suffix)
	at := e.At.UTC()
	it := eventItem{
		Site: e.Site, SK: at.Format("2006-01-02T15:04:05.000000Z") + "#" + hex.EncodeToString(suffix),
		EventID: e.EventID, CarID: e.CarID, DealershipID: e.DealershipID,
		CreatedAt: at.Format(time.RFC3339), ExpiresAt: at.Add(EventRetention).Unix(),
	}
	if err := s.table.Put(it).Run(ctx); err != nil {
		return fmt.Errorf("put event: %w", err)
	}
	return nil
}

// SiteEvents returns a site's events since a time, oldest first.
func (s *EventStore) SiteEvents(ctx context.Context, site string, since time.Time) ([]shared.StoredEvent, error) {
	var items []eventItem
	err := s.table.Get("site", site).
		Range("sk", dynamo.GreaterOrEqual, since.UTC().Format("2006-01-02T15:04:05.000000Z")).
		All(ctx, &items)
	if err != nil {
		return nil, fmt.Errorf("query events of %s: %w", site, err)
	}
	out := make([]shared.StoredEvent, 0, len(items))
	for _, it := range items {
		at, _ := time.Parse(time.RFC3339, it.CreatedAt)
		out = append(out, shared.StoredEvent{Site: it.Site, EventID: it.EventID, CarID: it.CarID, DealershipID: it.DealershipID, At: at})
	}
	return out, nil
}
