package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/functions/watchlist"
	"forecourt/shared"
)

// listedWatchlist is a watchlist store whose list holds the given cars.
type listedWatchlist struct {
	memWatchlists
	list []shared.SavedCar
}

func (l *listedWatchlist) SavedCars(context.Context, shared.Watchlist) ([]shared.SavedCar, error) {
	return l.list, nil
}

// batchCountingCars counts the car store's reads: one FindCar is one GetItem,
// one GetCarsByKey one BatchGetItem (at most watchlist.MaxBatchGet keys).
type batchCountingCars struct {
	memCars
	mu            sync.Mutex
	gets, batches int
	tooBig        bool
}

func (c *batchCountingCars) FindCar(ctx context.Context, dealership, id string) (shared.Car, error) {
	c.mu.Lock()
	c.gets++
	c.mu.Unlock()
	return c.memCars.FindCar(ctx, dealership, id)
}

func (c *batchCountingCars) GetCarsByKey(_ context.Context, keys []shared.CarKey) ([]shared.Car, error) {
	c.mu.Lock()
	c.batches++
	c.tooBig = c.tooBig || len(keys) > watchlist.MaxBatchGet
	c.mu.Unlock()
	var out []shared.Car
	for _, k := range keys {
		if car, ok := c.memCars[k.DealershipSlug+"/"+k.ID]; ok {
			out = append(out, car)
		}
	}
	return out, nil
}

// Issue 31: GET /api/watchlist reads the saved cars in batches (one
// BatchGetItem per 100 keys), not with one GetItem per saved car, and
// still lists each with its details in the saved order.
func TestWatchlistListBatchesCarReads(t *testing.T) {
	for _, n := range []int{0, 1, 100, 101, 250} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			site := shared.DefaultSite()
			site.Slug, site.Dealerships = "other", []shared.Dealership{{Slug: "lot-a"}, {Slug: "lot-b"}}
			cars := &batchCountingCars{memCars: memCars{}}
			store := &listedWatchlist{memWatchlists: memWatchlists{saved: map[string]shared.SavedCar{}}}
			for i := range n {
				d := []string{"lot-a", "lot-b"}[i%2]
				id := fmt.Sprintf("car-%03d", i)
				cars.memCars[d+"/"+id] = shared.Car{ID: id, Slug: id, DealershipSlug: d, CarType: shared.CarTypeUsed,
					Status: shared.StatusInStock, ShowOnDealerWebsite: true, Make: "Kia"}
				store.list = append(store.list, shared.SavedCar{CarID: id, DealershipSlug: d, SavedAt: testNow})
			}
			h, err := newAPIHandler(APIConfig{Sites: fakeSites{"other": site}, Cars: fakeCars{}, Keys: fakeKeys{}, OriginSecret: testSecret,
				Now:       func() time.Time { return testNow },
				Watchlist: &WatchlistConfig{Store: store, Cars: cars, Shoppers: fuzzShoppers{}}})
			if err != nil {
				t.Fatal(err)
			}
			req := httptest.NewRequest("GET", "/api/watchlist", nil)
			req.Header.Set(HeaderSite, "other")
			req.Header.Set(HeaderOriginSecret, testSecret)
			req.Header.Set("Authorization", "Bearer tok")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET /api/watchlist: %d %s", rec.Code, rec.Body)
			}
			if got := strings.Count(rec.Body.String(), `"make":"Kia"`); got != n {
				t.Errorf("listed %d cars with details, want %d", got, n)
			}
			want := (n + watchlist.MaxBatchGet - 1) / watchlist.MaxBatchGet
			if cars.gets != 0 || cars.batches != want || cars.tooBig {
				t.Errorf("%d saved cars: %d GetItem and %d batch reads (over %d keys: %v), want 0 and %d", n, cars.gets, cars.batches, watchlist.MaxBatchGet, cars.tooBig, want)
			}
		})
	}
}
