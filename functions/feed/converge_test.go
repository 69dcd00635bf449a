package feed_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"

	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/shared"
)

// killingCars lets a number of DynamoDB batch writes through and then fails
// every write, as if the process died there: the seam is the service's
// CarStore, wrapped only in this test.
type killingCars struct {
	feed.CarStore
	mu   sync.Mutex
	left int // batches still allowed; negative = no limit
}

func (k *killingCars) PutCars(ctx context.Context, cars []shared.StoredCar) error {
	for lo := 0; lo < len(cars); lo += 25 {
		k.mu.Lock()
		if k.left == 0 {
			k.mu.Unlock()
			return errors.New("killed")
		}
		k.left--
		k.mu.Unlock()
		if err := k.CarStore.PutCars(ctx, cars[lo:min(lo+25, len(cars))]); err != nil {
			return err
		}
	}
	return nil
}

func (k *killingCars) allow(n int) {
	k.mu.Lock()
	k.left = n
	k.mu.Unlock()
}

// stockFeed is a full feed of the stock numbers from..to-1 at a price offset.
func stockFeed(from, to, priceOffset int) string {
	var rows []string
	for i := from; i < to; i++ {
		rows = append(rows, kia(fmt.Sprintf("K%03d", i), "Cerato", 20000+i*10+priceOffset))
	}
	return "[" + strings.Join(rows, ",") + "]"
}

// Issue 4 "Tests": an ingestion killed midway converges when run again:
// DynamoDB and the index end as a clean run leaves them. Run again with
// the same feed, or with the previous one (which only converges if the
// hash manifest of the run before the kill is not trusted).
func TestKilledRunConverges(t *testing.T) {
	first := stockFeed(0, 60, 0)
	// The second feed changes 30 prices, leaves 10 cars out (sold), keeps 20
	// and adds 20: 50 car writes, then 10 sold writes.
	second := stockFeed(10, 40, 500)[:len(stockFeed(10, 40, 500))-1] + "," + stockFeed(40, 80, 0)[1:]
	for _, tc := range []struct {
		name  string
		rerun string
	}{
		{"same feed again", second},
		{"previous feed again", first},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clean := newEngineEnv(t, nil)
			clean.ingest(t, "north", "full", first)
			clean.ingest(t, "north", "full", second)
			if tc.rerun != second {
				clean.ingest(t, "north", "full", tc.rerun)
			}

			var killer *killingCars
			killed := newEngineEnv(t, func(c feed.CarStore) feed.CarStore {
				killer = &killingCars{CarStore: c, left: -1}
				return killer
			})
			killed.ingest(t, "north", "full", first)
			killer.allow(2) // 50 of the second feed's 60 writes
			_, err := killed.svc.Ingest(context.Background(), feed.Request{DealershipSlug: "north", Mode: "full",
				ContentType: "application/json", Body: strings.NewReader(second)})
			if err == nil {
				t.Fatal("the killed run succeeded")
			}
			killer.allow(-1)
			if rep := killed.ingest(t, "north", "full", tc.rerun); rep.Status != feed.StatusSucceeded {
				t.Fatalf("rerun = %+v", rep)
			}

			wantCars, gotCars := storedByID(t, clean.cars), storedByID(t, killed.cars)
			if len(wantCars) != 80 {
				t.Fatalf("clean run stored %d cars, want 80", len(wantCars))
			}
			for id, want := range wantCars {
				if got := gotCars[id]; !reflect.DeepEqual(got, want) {
					t.Errorf("car %s after the killed run and rerun:\n got %+v\nwant %+v", id, got, want)
				}
			}
			if len(gotCars) != len(wantCars) {
				t.Errorf("%d cars stored, want %d", len(gotCars), len(wantCars))
			}
			wantIdx, gotIdx := clean.search(t, clean.cfg.AdminKey, ""), killed.search(t, killed.cfg.AdminKey, "")
			if len(wantIdx) != 80 || !equalRecords(gotIdx, wantIdx) {
				t.Errorf("index after the rerun (%d records) differs from a clean run's (%d): %v", len(gotIdx), len(wantIdx), diffIDs(gotIdx, wantIdx))
			}

			// The run after that reads the manifest again and changes nothing.
			if rep := killed.ingest(t, "north", "full", tc.rerun); rep.Unchanged != rep.Received-rep.Rejected || rep.Updated+rep.Created+rep.Sold != 0 {
				t.Errorf("next run = %+v", rep)
			}
		})
	}
}

func storedByID(t *testing.T, cars *dynamo.CarStore) map[string]shared.StoredCar {
	t.Helper()
	stored, err := cars.StoredCars(context.Background(), "north")
	if err != nil {
		t.Fatal(err)
	}
	m := make(map[string]shared.StoredCar, len(stored))
	for _, sc := range stored {
		m[sc.ID] = sc
	}
	return m
}

func diffIDs(a, b map[string]map[string]any) []string {
	var out []string
	for id := range a {
		if fmt.Sprint(a[id]) != fmt.Sprint(b[id]) {
			out = append(out, id)
		}
	}
	for id := range b {
		if _, ok := a[id]; !ok {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}
