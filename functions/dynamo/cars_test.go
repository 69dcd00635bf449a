package dynamo_test

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"forecourt/functions/dynamo"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

// docs/contracts.md "DynamoDB tables", cars: a stored car reads back with
// its Car attributes and bookkeeping; States projects the diffing state;
// FindCarBySlug goes through the by-slug index and answers not_found for an
// unknown slug; GetCars leaves missing ids out; DeleteCars and SetUnindexed
// act on the named cars only.
func TestCarStore(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	cars := dynamo.NewCarStore(db, tables)
	at := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	car := func(dealer, id string, sold bool) shared.StoredCar {
		c := shared.Car{ID: id, Slug: dealer + "-" + id, DealershipSlug: dealer, Make: "Kia", Model: "Rio", Year: 2022,
			CarType: shared.CarTypeUsed, Status: shared.StatusInStock, Price: 19990, ShowOnDealerWebsite: true, CreatedAt: at}
		until := shared.NoExpiry
		if sold {
			c.Sold, c.Status, c.SoldDateTimestamp = true, shared.StatusSold, at.Unix()
			until = at.Unix() + 3*86400
		}
		return shared.StoredCar{Car: c, ContentHash: "hash-" + id, UpdatedAt: at, SearchableUntil: until}
	}
	put := []shared.StoredCar{car("north", "a", false), car("north", "b", true), car("south", "c", false)}
	if err := cars.PutCars(ctx, put); err != nil {
		t.Fatal(err)
	}

	t.Run("StoredCars", func(t *testing.T) {
		got, err := cars.StoredCars(ctx, "north")
		if err != nil {
			t.Fatal(err)
		}
		slices.SortFunc(got, func(x, y shared.StoredCar) int { return strings.Compare(x.ID, y.ID) })
		if len(got) != 2 {
			t.Fatalf("got %d cars, want 2", len(got))
		}
		for i, want := range put[:2] {
			g := got[i]
			if g.ID != want.ID || g.Slug != want.Slug || g.Price != want.Price || g.Sold != want.Sold ||
				!g.CreatedAt.Equal(want.CreatedAt) || g.ContentHash != want.ContentHash ||
				!g.UpdatedAt.Equal(want.UpdatedAt) || g.SearchableUntil != want.SearchableUntil || g.Unindexed {
				t.Errorf("car %s: got %+v, want %+v", want.ID, g, want)
			}
		}
	})

	// Issue 12: a group site finds a car among its rooftops in one read.
	t.Run("FindCarAmong", func(t *testing.T) {
		for _, tt := range []struct {
			dealers []string
			id      string
			want    string // dealership, "" for not found
		}{
			{[]string{"north", "south"}, "c", "south"},
			{[]string{"south", "north"}, "a", "north"},
			{[]string{"north"}, "c", ""},
			{[]string{"east", "west"}, "a", ""},
			{nil, "a", ""},
		} {
			got, err := cars.FindCarAmong(ctx, tt.dealers, tt.id)
			switch {
			case tt.want == "" && shared.ErrorCode(err) != shared.ENOTFOUND:
				t.Errorf("%v %s: got %+v, %v; want not_found", tt.dealers, tt.id, got.ID, err)
			case tt.want != "" && (err != nil || got.DealershipSlug != tt.want || got.ID != tt.id):
				t.Errorf("%v %s: got %s/%s, %v; want %s/%s", tt.dealers, tt.id, got.DealershipSlug, got.ID, err, tt.want, tt.id)
			}
		}
	})

	t.Run("States", func(t *testing.T) {
		got, err := cars.States(ctx, "north")
		if err != nil {
			t.Fatal(err)
		}
		slices.SortFunc(got, func(x, y shared.CarState) int { return strings.Compare(x.ID, y.ID) })
		want := []shared.CarState{
			{ID: "a", Slug: "north-a", ContentHash: "hash-a", Status: shared.StatusInStock, SearchableUntil: shared.NoExpiry,
				CreatedAt: at.Format(time.RFC3339)},
			{ID: "b", Slug: "north-b", ContentHash: "hash-b", Sold: true, Status: shared.StatusSold, SoldDateTimestamp: at.Unix(),
				SearchableUntil: at.Unix() + 3*86400, CreatedAt: at.Format(time.RFC3339)},
		}
		if !slices.Equal(got, want) {
			t.Errorf("states:\n got %+v\nwant %+v", got, want)
		}
	})

	t.Run("FindCarBySlug", func(t *testing.T) {
		for _, tt := range []struct {
			slug   string
			wantID string
			code   string
		}{
			{"north-a", "a", ""},
			{"south-c", "c", ""},
			{"no-such-car", "", shared.ENOTFOUND},
		} {
			got, err := cars.FindCarBySlug(ctx, tt.slug)
			if code := shared.ErrorCode(err); tt.code != "" && code != tt.code || tt.code == "" && err != nil {
				t.Errorf("%s: error %v, want code %q", tt.slug, err, tt.code)
			}
			if got.ID != tt.wantID {
				t.Errorf("%s: got car %q, want %q", tt.slug, got.ID, tt.wantID)
			}
		}
	})

	t.Run("GetCars", func(t *testing.T) {
		got, err := cars.GetCars(ctx, "north", []string{"a", "missing", "c"}) // c is south's
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0].ID != "a" || got[0].ContentHash != "hash-a" {
			t.Errorf("got %+v, want only north's a", got)
		}
		if got, err := cars.GetCars(ctx, "north", nil); err != nil || len(got) != 0 {
			t.Errorf("no ids: got %v, %v", got, err)
		}
	})

	t.Run("SetUnindexed and DeleteCars", func(t *testing.T) {
		if err := cars.SetUnindexed(ctx, "north", []string{"b", "never-stored"}); err != nil {
			t.Fatal(err)
		}
		if err := cars.DeleteCars(ctx, "north", []string{"a"}); err != nil {
			t.Fatal(err)
		}
		got, err := cars.StoredCars(ctx, "north")
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0].ID != "b" || !got[0].Unindexed {
			t.Errorf("got %+v, want only b, unindexed", got)
		}
		if _, err := cars.FindCarBySlug(ctx, "north-a"); shared.ErrorCode(err) != shared.ENOTFOUND {
			t.Errorf("deleted car: got %v, want not_found", err)
		}
	})
}

// Issue 15 "Slugs collide across tenants": two dealerships' cars stored with
// one slug used to make the slug lookup fail (a 500 on the car page); both
// are found (cars stored before ingestion claimed slugs: ClaimSlugs).
func TestSlugShared(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	cars := dynamo.NewCarStore(db, tables)
	at := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	put := []shared.StoredCar{}
	for _, dealer := range []string{"south", "north"} {
		put = append(put, shared.StoredCar{Car: shared.Car{ID: dealer + "-id", Slug: "2022-kia-rio-s1-ab12", DealershipSlug: dealer,
			Make: "Kia", Model: "Rio", CarType: shared.CarTypeUsed, Status: shared.StatusInStock, CreatedAt: at}, UpdatedAt: at})
	}
	if err := cars.PutCars(ctx, put); err != nil {
		t.Fatal(err)
	}
	got, err := cars.FindCarsBySlug(ctx, "2022-kia-rio-s1-ab12")
	if err != nil || len(got) != 2 || got[0].DealershipSlug != "north" || got[1].DealershipSlug != "south" {
		t.Fatalf("FindCarsBySlug = %+v, %v; want north's then south's car", got, err)
	}
	if _, err := cars.FindCarBySlug(ctx, "2022-kia-rio-s1-ab12"); err != nil {
		t.Errorf("FindCarBySlug with a shared slug: %v", err)
	}
}

// Issue 31: the watchlist reads its saved cars by key, across
// dealerships, in batches; a missing key is left out, and more keys than
// one BatchGetItem takes (100) are all read.
func TestGetCarsByKey(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	cars := dynamo.NewCarStore(db, tables)
	var stored []shared.StoredCar
	var keys []shared.CarKey
	for i := range 130 {
		d := []string{"lot-a", "lot-b"}[i%2]
		id := "car-" + strconv.Itoa(i)
		stored = append(stored, shared.StoredCar{Car: shared.Car{ID: id, Slug: id, DealershipSlug: d, Make: "Kia"}})
		keys = append(keys, shared.CarKey{DealershipSlug: d, ID: id})
	}
	if err := cars.PutCars(ctx, stored); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		keys []shared.CarKey
		want int
	}{
		{"none", nil, 0},
		{"one of each dealership", keys[:2], 2},
		{"a missing car and a car under the wrong dealership", []shared.CarKey{keys[0], {DealershipSlug: "lot-a", ID: "nope"}, {DealershipSlug: "lot-b", ID: keys[0].ID}}, 1},
		{"more than one batch", keys, 130},
	} {
		got, err := cars.GetCarsByKey(ctx, tt.keys)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if len(got) != tt.want {
			t.Errorf("%s: %d cars, want %d", tt.name, len(got), tt.want)
		}
		for _, c := range got {
			if !slices.Contains(tt.keys, shared.CarKey{DealershipSlug: c.DealershipSlug, ID: c.ID}) {
				t.Errorf("%s: got %s/%s, not asked for", tt.name, c.DealershipSlug, c.ID)
			}
		}
	}
}
