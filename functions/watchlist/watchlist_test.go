package watchlist

import (
	"context"
	"testing"
	"time"

	"forecourt/shared"
)

var now = time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)

type memStore struct{ saved []shared.SavedCar }

func (m *memStore) SaveCar(_ context.Context, _ shared.Watchlist, c shared.SavedCar) (shared.SavedCar, error) {
	m.saved = append([]shared.SavedCar{c}, m.saved...)
	return c, nil
}

func (m *memStore) RemoveCar(_ context.Context, _ shared.Watchlist, id string) (bool, error) {
	for i, c := range m.saved {
		if c.CarID == id {
			m.saved = append(m.saved[:i], m.saved[i+1:]...)
			return true, nil
		}
	}
	return false, nil
}

func (m *memStore) SavedCars(context.Context, shared.Watchlist) ([]shared.SavedCar, error) {
	return m.saved, nil
}

type memCars []shared.Car

func (m memCars) FindCar(_ context.Context, dealership, id string) (shared.Car, error) {
	for _, c := range m {
		if c.DealershipSlug == dealership && c.ID == id {
			return c, nil
		}
	}
	return shared.Car{}, shared.Errorf(shared.ENOTFOUND, "no car %s", id)
}

func (m memCars) GetCarsByKey(ctx context.Context, keys []shared.CarKey) ([]shared.Car, error) {
	var out []shared.Car
	for _, k := range keys {
		if c, err := m.FindCar(ctx, k.DealershipSlug, k.ID); err == nil {
			out = append(out, c)
		}
	}
	return out, nil
}

type countEvents struct{ n int }

func (c *countEvents) RecordEvent(context.Context, shared.StoredEvent) error { c.n++; return nil }

func car(id, dealership string) shared.Car {
	return shared.Car{ID: id, Slug: "car-" + id, DealershipSlug: dealership, Make: "Kia", Model: "Rio", Year: 2022,
		CarType: shared.CarTypeUsed, Status: shared.StatusInStock, Price: 19990, ShowOnDealerWebsite: true}
}

// Spec 000 §7 (issue 12): a shopper saves only a car the site shows, and
// event 39 is recorded for each save the server made; a car of another
// site is not found, on a save as on a remove.
func TestSaveAndRemove(t *testing.T) {
	ctx := context.Background()
	site := shared.DefaultSite()
	site.Slug = "north-site"
	site.Dealerships = []shared.Dealership{{Slug: "north"}}
	hidden := car("hidden", "north")
	hidden.ShowOnDealerWebsite = false
	store, events := &memStore{}, &countEvents{}
	s := &Service{Store: store, Cars: memCars{car("c1", "north"), hidden, car("theirs", "south")}, Events: events, Now: func() time.Time { return now }}
	list := shared.Watchlist{Site: site.Slug, Shopper: "sub-1"}

	tests := []struct {
		id   string
		code string
	}{
		{"c1", ""},
		{"hidden", shared.ENOTFOUND},
		{"theirs", shared.ENOTFOUND},
		{"missing", shared.ENOTFOUND},
	}
	for _, tt := range tests {
		_, err := s.Save(ctx, site, list, tt.id)
		if shared.ErrorCode(err) != tt.code || (tt.code == "" && err != nil) {
			t.Errorf("save %s: %v, want code %q", tt.id, err, tt.code)
		}
	}
	if len(store.saved) != 1 || events.n != 1 {
		t.Fatalf("saved %v with %d events, want c1 alone with one event 39", store.saved, events.n)
	}
	if err := s.Remove(ctx, site, list, "c1"); err != nil {
		t.Fatal(err)
	}
	if err := s.Remove(ctx, site, list, "c1"); err != nil {
		t.Errorf("removing a car no longer on the list (a retry): %v, want success", err)
	}
	if err := s.Remove(ctx, site, list, "theirs"); shared.ErrorCode(err) != shared.ENOTFOUND {
		t.Errorf("removing another site's car: %v, want not found", err)
	}
}

// Spec 000 §7: the list reads each car as the site shows it today. A sold
// car stays, shown as sold; a car the site hides, or one of a dealership
// that left the site, stays listed without its details.
func TestListShowsCarsAsTheyAreNow(t *testing.T) {
	ctx := context.Background()
	site := shared.DefaultSite()
	site.Slug = "north-site"
	site.Dealerships = []shared.Dealership{{Slug: "north"}}
	sold := car("sold", "north")
	sold.Sold, sold.Status = true, shared.StatusSold
	hidden := car("hidden", "north")
	hidden.ShowOnDealerWebsite = false
	at := now.Add(-time.Hour)
	store := &memStore{saved: []shared.SavedCar{
		{CarID: "c1", DealershipSlug: "north", SavedAt: at},
		{CarID: "sold", DealershipSlug: "north", SavedAt: at},
		{CarID: "hidden", DealershipSlug: "north", SavedAt: at},
		{CarID: "left", DealershipSlug: "gone", SavedAt: at},
	}}
	s := &Service{Store: store, Cars: memCars{car("c1", "north"), sold, hidden, car("left", "gone")}, Now: func() time.Time { return now }}
	entries, err := s.List(ctx, site, shared.Watchlist{Site: site.Slug, Shopper: "sub-1"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct{ details, available bool }{
		"c1": {true, true}, "sold": {true, false}, "hidden": {false, false}, "left": {false, false},
	}
	if len(entries) != len(want) {
		t.Fatalf("%d entries, want %d", len(entries), len(want))
	}
	for _, e := range entries {
		w := want[e.CarID]
		if (e.Car != nil) != w.details || e.Available != w.available || !e.SavedAt.Equal(at) {
			t.Errorf("%s: details %v available %v saved %v, want details %v available %v", e.CarID, e.Car != nil, e.Available, e.SavedAt, w.details, w.available)
		}
	}
}
