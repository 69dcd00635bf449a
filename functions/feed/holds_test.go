package feed_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

// Issue 13 (spec 000 §9, spec 001 §9 "vehicle held 48 hours"): a full feed
// run that changes a car a paid deposit holds keeps it RESERVED in DynamoDB
// and in the index, whatever the feed's row says; once the hold has ended
// the next run writes the feed's value again.
func TestFullFeedKeepsAPaidHold(t *testing.T) {
	ctx := context.Background()
	e, holds := newHoldsEnv(t, nil)

	e.ingest(t, "north", feed.ModeFull, "["+kia("N1", "Rio", 19990)+","+kia("N2", "Cerato", 24990)+"]")
	n1, n2 := feed.CarID("north", "stock:N1"), feed.CarID("north", "stock:N2")

	// A shopper's deposit holds N1 for 48 hours, as reserve.Service leaves it.
	now := e.clock.now()
	r := shared.Reservation{ID: "res_1", Site: "north-site", DealershipSlug: "north", CarID: n1, State: shared.ReservationPending,
		HeldUntil: now.Add(shared.PendingHold), CreatedAt: now, UpdatedAt: now, Currency: "aud", DepositCents: 20000}
	if err := holds.Claim(ctx, r, now, 0); err != nil {
		t.Fatal(err)
	}
	paid := r
	paid.State, paid.PaidAt, paid.HeldUntil = shared.ReservationPaid, now, now.Add(48*time.Hour)
	if err := holds.Move(ctx, paid, shared.ReservationPending); err != nil {
		t.Fatal(err)
	}
	if err := e.cars.SetReserved(ctx, "north", n1, true); err != nil {
		t.Fatal(err)
	}

	check := func(when, id string, want bool) {
		t.Helper()
		c, err := e.cars.FindCar(ctx, "north", id)
		if err != nil {
			t.Fatal(err)
		}
		if c.Reserved != want || shared.ReservableCar(c) == want {
			t.Errorf("%s: %s in DynamoDB reserved %v, reservable %v; want reserved %v", when, id, c.Reserved, shared.ReservableCar(c), want)
		}
		rec := e.search(t, e.cfg.AdminKey, "")[id]
		if got, _ := rec["reserved"].(bool); got != want {
			t.Errorf("%s: %s search record reserved %v, want %v", when, id, rec["reserved"], want)
		}
	}

	// The feed's next export changes both prices and knows nothing of the hold.
	e.clock.t = now.Add(time.Hour)
	rep := e.ingest(t, "north", feed.ModeFull, "["+kia("N1", "Rio", 18990)+","+kia("N2", "Cerato", 23990)+"]")
	if rep.Updated != 2 {
		t.Fatalf("run updated %d cars, want 2", rep.Updated)
	}
	check("1 hour into the hold", n1, true)
	check("1 hour into the hold", n2, false)

	// Past the hold (the sweep would have released it), the feed decides.
	e.clock.t = now.Add(49 * time.Hour)
	e.ingest(t, "north", feed.ModeFull, "["+kia("N1", "Rio", 17990)+","+kia("N2", "Cerato", 23990)+"]")
	check("after the hold", n1, false)

	// A feed that itself says the car is held is still obeyed.
	held := strings.TrimSuffix(kia("N2", "Cerato", 22990), "}") + `,"status":"reserved"}`
	e.ingest(t, "north", feed.ModeFull, "["+kia("N1", "Rio", 17990)+","+held+"]")
	check("feed status reserved", n2, true)
}

// Issue 13 (noticed in session 5): when a paid hold ends, the car goes back
// to what the feed last said of it: a car the dealer's feed marks reserved
// stays RESERVED; one the feed offers is reservable again. Ending a hold is
// CarStore.SetReserved(false), as reserve.Service does it.
func TestHoldEndGoesBackToTheFeed(t *testing.T) {
	for _, c := range []struct {
		name         string
		feedReserved bool
		// changedDuringHold: a run rewrites the car while the hold lasts.
		changedDuringHold bool
	}{
		{"feed offers the car", false, false},
		{"feed marks the car reserved", true, false},
		{"feed offers the car, rewritten during the hold", false, true},
		{"feed marks the car reserved, rewritten during the hold", true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			e, holds := newHoldsEnv(t, nil)
			row := func(price int) string {
				r := kia("N1", "Rio", price)
				if c.feedReserved {
					r = strings.TrimSuffix(r, "}") + `,"status":"reserved"}`
				}
				return "[" + r + "]"
			}
			e.ingest(t, "north", feed.ModeFull, row(19990))
			n1 := feed.CarID("north", "stock:N1")

			// A paid deposit holds N1 (reserve.Service marks it reserved).
			now := e.clock.now()
			r := shared.Reservation{ID: "res_1", Site: "north-site", DealershipSlug: "north", CarID: n1, State: shared.ReservationPending,
				HeldUntil: now.Add(shared.PendingHold), CreatedAt: now, UpdatedAt: now, Currency: "aud", DepositCents: 20000}
			if err := holds.Claim(ctx, r, now, 0); err != nil {
				t.Fatal(err)
			}
			paid := r
			paid.State, paid.PaidAt, paid.HeldUntil = shared.ReservationPaid, now, now.Add(48*time.Hour)
			if err := holds.Move(ctx, paid, shared.ReservationPending); err != nil {
				t.Fatal(err)
			}
			if err := e.cars.SetReserved(ctx, "north", n1, true); err != nil {
				t.Fatal(err)
			}
			if c.changedDuringHold {
				e.clock.t = now.Add(time.Hour)
				e.ingest(t, "north", feed.ModeFull, row(18990))
			}

			// The hold ends.
			if err := e.cars.SetReserved(ctx, "north", n1, false); err != nil {
				t.Fatal(err)
			}
			car, err := e.cars.FindCar(ctx, "north", n1)
			if err != nil {
				t.Fatal(err)
			}
			if car.Reserved != c.feedReserved {
				t.Errorf("after the hold: reserved %v, want the feed's %v", car.Reserved, c.feedReserved)
			}
		})
	}
}

// Issue 13 (noticed in session 5): a full feed that leaves out a car a paid
// deposit holds does not sell it while the hold lasts (the shopper's car
// would show SOLD); a car it leaves out that nothing holds is sold as
// before, and once the hold has ended the next full run sells the held one.
func TestFullFeedLeavingOutAHeldCar(t *testing.T) {
	ctx := context.Background()
	e, holds := newHoldsEnv(t, func(cfg *feed.ServiceConfig) { cfg.MaxSoldShare = 1 })
	e.ingest(t, "north", feed.ModeFull, "["+kia("N1", "Rio", 19990)+","+kia("N2", "Cerato", 24990)+","+kia("N3", "Sportage", 34990)+"]")
	n1, n2 := feed.CarID("north", "stock:N1"), feed.CarID("north", "stock:N2")

	now := e.clock.now()
	r := shared.Reservation{ID: "res_1", Site: "north-site", DealershipSlug: "north", CarID: n1, State: shared.ReservationPending,
		HeldUntil: now.Add(shared.PendingHold), CreatedAt: now, UpdatedAt: now, Currency: "aud", DepositCents: 20000}
	if err := holds.Claim(ctx, r, now, 0); err != nil {
		t.Fatal(err)
	}
	paid := r
	paid.State, paid.PaidAt, paid.HeldUntil = shared.ReservationPaid, now, now.Add(48*time.Hour)
	if err := holds.Move(ctx, paid, shared.ReservationPending); err != nil {
		t.Fatal(err)
	}
	if err := e.cars.SetReserved(ctx, "north", n1, true); err != nil {
		t.Fatal(err)
	}
	sold := func(when, id string, want bool) {
		t.Helper()
		c, err := e.cars.FindCar(ctx, "north", id)
		if err != nil {
			t.Fatal(err)
		}
		if c.Sold != want {
			t.Errorf("%s: %s sold %v, want %v", when, id, c.Sold, want)
		}
		if want {
			return // a sold car's record may already have left the index
		}
		rec, ok := e.search(t, e.cfg.AdminKey, "")[id]
		if got, _ := rec["sold"].(bool); !ok || got {
			t.Errorf("%s: %s search record %v sold %v, want in the index, not sold", when, id, ok, rec["sold"])
		}
	}

	// The next export leaves out N1 (held) and N2 (not held); N3 is unchanged.
	e.clock.t = now.Add(time.Hour)
	rep := e.ingest(t, "north", feed.ModeFull, "["+kia("N3", "Sportage", 34990)+"]")
	if rep.Sold != 1 {
		t.Errorf("run sold %d cars, want 1 (N2)", rep.Sold)
	}
	sold("during the hold", n1, false)
	sold("during the hold", n2, true)

	// Past the hold, a full run that still leaves N1 out sells it.
	e.clock.t = now.Add(49 * time.Hour)
	e.ingest(t, "north", feed.ModeFull, "["+kia("N3", "Sportage", 34990)+"]")
	sold("after the hold", n1, true)
}

// newHoldsEnv is the three hold tests' fixture: DynamoDB Local, the search
// engine, and a feed service that reads the reservation store's holds;
// tweak adjusts the service's config before it is built.
func newHoldsEnv(t *testing.T, tweak func(*feed.ServiceConfig)) (*engineEnv, *dynamo.ReservationStore) {
	t.Helper()
	db, tables := testenv.DB(t)
	idx, cfg := testenv.Index(t)
	holds := dynamo.NewReservationStore(db, tables)
	e := &engineEnv{cars: dynamo.NewCarStore(db, tables), runs: dynamo.NewRunStore(db, tables), index: idx, cfg: cfg,
		clock: &clock{time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}}
	sc := feed.ServiceConfig{Cars: e.cars, Runs: e.runs, Sites: testSites, Index: idx, Holds: holds, Now: e.clock.now}
	if tweak != nil {
		tweak(&sc)
	}
	e.svc = feed.NewService(sc)
	return e, holds
}
