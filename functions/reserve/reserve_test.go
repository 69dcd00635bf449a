package reserve_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v84/webhook"

	"forecourt/functions/dynamo"
	"forecourt/functions/internal/testenv"
	"forecourt/functions/reserve"
	"forecourt/shared"
)

func TestMain(m *testing.M) { testenv.Main(m) }

const secret = "whsec_test_forecourt"

// fakePayments stands in for Stripe, counting what it was asked to do.
type fakePayments struct {
	checkouts atomic.Int64
	mu        sync.Mutex
	refunds   []string
}

func (f *fakePayments) CreateCheckout(_ context.Context, req reserve.CheckoutRequest) (reserve.Checkout, error) {
	f.checkouts.Add(1)
	return reserve.Checkout{SessionID: "cs_" + req.ReservationID, URL: "https://checkout.example/" + req.ReservationID}, nil
}

func (f *fakePayments) Refund(_ context.Context, pi, reservationID string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.refunds = append(f.refunds, pi)
	return nil
}

// fakeIndex keeps the last record written per car.
type fakeIndex struct {
	mu      sync.Mutex
	records map[string]shared.IndexedCar
}

func (f *fakeIndex) Save(_ context.Context, cars []shared.IndexedCar) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, c := range cars {
		f.records[c.Car.ID] = c
	}
	return nil
}

func (f *fakeIndex) record(id string) shared.IndexedCar {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.records[id]
}

// isRefusal reports the answer a refused shopper gets.
func isRefusal(err error) bool {
	var e *shared.Error
	return errors.As(err, &e) && e.Code == shared.ECONFLICT && e.Message == shared.ReservationRefusedText
}

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

type fixture struct {
	svc      *reserve.Service
	pay      *fakePayments
	index    *fakeIndex
	clock    *clock
	site     shared.Site
	other    shared.Site
	cars     *dynamo.CarStore
	leads    *dynamo.LeadStore
	car      shared.Car
	shoppers []shared.Shopper
	tables   dynamo.Tables
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	ctx := context.Background()
	db, tables := testenv.DB(t)
	f := &fixture{pay: &fakePayments{}, index: &fakeIndex{records: map[string]shared.IndexedCar{}},
		clock: &clock{t: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)}, tables: tables}
	f.site = shared.DefaultSite() // reserving on, $200, 48 hours
	f.site.Slug, f.site.Name, f.site.Dealerships = "northside", "Northside", []shared.Dealership{{Slug: "northside-used", Name: "Northside Used"}}
	f.other = shared.DefaultSite()
	f.other.Slug, f.other.Name, f.other.Dealerships = "southside", "Southside", []shared.Dealership{{Slug: "southside-kia", Name: "Southside Kia"}}
	sites := dynamo.NewSiteStore(db, tables)
	for _, s := range []shared.Site{f.site, f.other} {
		if err := sites.SaveSite(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	f.cars = dynamo.NewCarStore(db, tables)
	f.car = shared.Car{ID: "car-1", Slug: "2021-mazda-cx-5-car-1", DealershipSlug: "northside-used", Year: 2021, Make: "Mazda", Model: "CX-5",
		CarType: shared.CarTypeUsed, Status: shared.StatusInStock, Price: 31990, ShowOnDealerWebsite: true}
	other := shared.Car{ID: "car-9", Slug: "kia-car-9", DealershipSlug: "southside-kia", Year: 2022, Make: "Kia", Model: "Sportage",
		CarType: shared.CarTypeUsed, Status: shared.StatusInStock, Price: 35000, ShowOnDealerWebsite: true}
	if err := f.cars.PutCars(ctx, []shared.StoredCar{{Car: f.car}, {Car: other}}); err != nil {
		t.Fatal(err)
	}
	f.leads = dynamo.NewLeadStore(db, tables)
	f.svc = reserve.New(reserve.Config{
		Store: dynamo.NewReservationStore(db, tables), Cars: f.cars, Index: f.index, Leads: f.leads, Sites: sites,
		Payments: f.pay, WebhookSecret: secret, Now: f.clock.now,
	})
	for i := range 100 {
		f.shoppers = append(f.shoppers, shared.Shopper{Sub: fmt.Sprintf("sub-%03d", i), PhoneNumber: fmt.Sprintf("+614000%05d", i)})
	}
	return f
}

func (f *fixture) reserve(t *testing.T, shopper int) (shared.Reservation, error) {
	t.Helper()
	return f.svc.Reserve(context.Background(), reserve.Start{Site: f.site, Shopper: f.shoppers[shopper], CarID: f.car.ID, Origin: "https://northside.example"})
}

// signed returns a Stripe webhook delivery of the event, signed as Stripe
// signs it.
func signed(t *testing.T, id, typ string, object map[string]any, key string) ([]byte, string) {
	t.Helper()
	payload, err := json.Marshal(map[string]any{"id": id, "object": "event", "type": typ, "api_version": "2025-01-01",
		"data": map[string]any{"object": object}})
	if err != nil {
		t.Fatal(err)
	}
	sp := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: key, Timestamp: time.Now()})
	return payload, sp.Header
}

func completed(t *testing.T, eventID string, r shared.Reservation, key string) ([]byte, string) {
	return signed(t, eventID, "checkout.session.completed", map[string]any{
		"id": r.CheckoutSessionID, "object": "checkout.session", "payment_status": "paid",
		"payment_intent": "pi_" + r.ID, "metadata": map[string]string{"reservation_id": r.ID},
	}, key)
}

func (f *fixture) state(t *testing.T, r shared.Reservation) shared.Reservation {
	t.Helper()
	got, err := f.svc.Reservation(context.Background(), f.site, shared.Shopper{Sub: r.Shopper}, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func (f *fixture) carNow(t *testing.T) shared.Car {
	t.Helper()
	c, err := f.cars.FindCar(context.Background(), f.car.DealershipSlug, f.car.ID)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Issue 13 targets: 100 concurrent reservations of one car give exactly one
// hold, 99 refusals with "This car has just been reserved", and no checkout
// (so no possible charge) for any refused shopper.
func TestConcurrentReservationsHoldOnce(t *testing.T) {
	f := newFixture(t)
	var wg sync.WaitGroup
	var held, refused, other atomic.Int64
	for i := range 100 {
		wg.Go(func() {
			_, err := f.reserve(t, i)
			switch {
			case err == nil:
				held.Add(1)
			case isRefusal(err):
				refused.Add(1)
			default:
				other.Add(1)
				t.Errorf("reserve: %v", err)
			}
		})
	}
	wg.Wait()
	if held.Load() != 1 || refused.Load() != 99 || other.Load() != 0 {
		t.Fatalf("held %d, refused %d, other %d; want 1, 99, 0", held.Load(), refused.Load(), other.Load())
	}
	if n := f.pay.checkouts.Load(); n != 1 {
		t.Fatalf("%d checkouts created, want 1 (none for a refused shopper)", n)
	}

	// Issue 31 "one shopper can hold every reservable car": one shopper
	// trying three more cars at once holds reserve.max_pending_holds (2) of
	// them; the third is refused with the cap's message and gets no checkout.
	ids := f.moreCars(t, 3)
	var capped atomic.Int64
	held.Store(0)
	for _, id := range ids {
		wg.Go(func() {
			_, err := f.svc.Reserve(context.Background(), reserve.Start{Site: f.site, Shopper: f.shoppers[50], CarID: id, Origin: "https://northside.example"})
			var e *shared.Error
			switch {
			case err == nil:
				held.Add(1)
			case errors.As(err, &e) && e.Code == shared.ECONFLICT && e.Field == "car_id" && e.Message == shared.HoldCapText(2):
				capped.Add(1)
			default:
				t.Errorf("reserve: %v", err)
			}
		})
	}
	wg.Wait()
	if held.Load() != 2 || capped.Load() != 1 {
		t.Fatalf("one shopper, three cars at once: held %d, capped %d; want 2, 1", held.Load(), capped.Load())
	}
	if n := f.pay.checkouts.Load(); n != 3 {
		t.Fatalf("%d checkouts created, want 3 (none for the capped try)", n)
	}
}

// moreCars adds n reservable cars to the site's dealership and returns their ids.
func (f *fixture) moreCars(t *testing.T, n int) []string {
	t.Helper()
	var ids []string
	var stored []shared.StoredCar
	for i := range n {
		c := f.car
		c.ID, c.Slug = fmt.Sprintf("car-extra-%d", i), fmt.Sprintf("mazda-extra-%d", i)
		ids, stored = append(ids, c.ID), append(stored, shared.StoredCar{Car: c})
	}
	if err := f.cars.PutCars(context.Background(), stored); err != nil {
		t.Fatal(err)
	}
	return ids
}

// Issue 31 "unbounded reads per request": a shopper's own list (GET
// /api/reservations) reads the shopper's item and their reservations by
// key, never a query or scan over the reservations of the site's
// dealerships, and still lists only their own on this site, newest first.
func TestMineReadsByShopperKey(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	ids := f.moreCars(t, 2)
	var mine []string
	for _, id := range ids {
		r, err := f.svc.Reserve(ctx, reserve.Start{Site: f.site, Shopper: f.shoppers[0], CarID: id, Origin: "https://northside.example"})
		if err != nil {
			t.Fatal(err)
		}
		mine = append([]string{r.ID}, mine...)
		f.clock.add(time.Minute)
	}
	if _, err := f.reserve(t, 1); err != nil { // another shopper's
		t.Fatal(err)
	}
	if _, err := f.svc.Reserve(ctx, reserve.Start{Site: f.other, Shopper: f.shoppers[0], CarID: "car-9", Origin: "https://southside.example"}); err != nil {
		t.Fatal(err)
	}
	db, calls := testenv.RecordingDB(t)
	svc := reserve.New(reserve.Config{Store: dynamo.NewReservationStore(db, f.tables), Now: f.clock.now})
	list, err := svc.Mine(ctx, f.site, f.shoppers[0])
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range list {
		got = append(got, r.ID)
	}
	if fmt.Sprint(got) != fmt.Sprint(mine) {
		t.Errorf("Mine = %v, want the shopper's own on this site, newest first: %v", got, mine)
	}
	if q, sc := calls.Of("Query"), calls.Of("Scan"); len(q)+len(sc) != 0 {
		t.Errorf("Mine queried %v and scanned %v; want reads by the shopper's key only", q, sc)
	}
	if g := calls.Of("GetItem"); len(g) != 1 {
		t.Errorf("Mine made %d GetItem calls, want 1 (the shopper's item)", len(g))
	}
}

// Issue 31: the hold cap counts pending holds only. A shopper at the cap
// may reserve again once one hold lapsed (before any sweep runs), once one
// was paid, or once one was cancelled; another site's cap is its own.
func TestPendingHoldCapFreesSlots(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	ids := f.moreCars(t, 6)
	start := func(id string) (shared.Reservation, error) {
		return f.svc.Reserve(ctx, reserve.Start{Site: f.site, Shopper: f.shoppers[0], CarID: id, Origin: "https://northside.example"})
	}
	capped := func(err error) bool {
		var e *shared.Error
		return errors.As(err, &e) && e.Code == shared.ECONFLICT && e.Field == "car_id" && e.Message == shared.HoldCapText(2)
	}
	first, err := start(ids[0])
	if err != nil {
		t.Fatal(err)
	}
	f.clock.add(5 * time.Minute)
	if _, err := start(ids[1]); err != nil {
		t.Fatal(err)
	}
	if _, err := start(ids[2]); !capped(err) {
		t.Fatalf("third pending hold: %v, want the cap's refusal", err)
	}
	// The same shopper on another site has a cap of their own.
	if _, err := f.svc.Reserve(ctx, reserve.Start{Site: f.other, Shopper: f.shoppers[0], CarID: "car-9", Origin: "https://southside.example"}); err != nil {
		t.Fatalf("other site: %v", err)
	}
	// The first hold lapses at 15 minutes: its slot is free, no sweep needed.
	f.clock.add(10 * time.Minute)
	third, err := start(ids[2])
	if err != nil {
		t.Fatalf("after the first hold lapsed: %v", err)
	}
	if _, err := start(ids[3]); !capped(err) {
		t.Fatalf("at the cap again: %v, want the cap's refusal", err)
	}
	// Paying for one frees its slot.
	body, sig := completed(t, "evt_paid", third, secret)
	if err := f.svc.HandleWebhook(ctx, body, sig); err != nil {
		t.Fatal(err)
	}
	fourth, err := start(ids[3])
	if err != nil {
		t.Fatalf("after paying for one: %v", err)
	}
	if _, err := start(ids[4]); !capped(err) {
		t.Fatalf("at the cap after paying: %v, want the cap's refusal", err)
	}
	// Cancelling one frees its slot.
	if _, err := f.svc.Cancel(ctx, fourth.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := start(ids[4]); err != nil {
		t.Fatalf("after cancelling one: %v", err)
	}
	if got := f.state(t, first); got.State != shared.ReservationPending {
		t.Fatalf("the lapsed hold is %s before the sweep, want still pending", got.State)
	}
}

// Issue 13: pending → paid holds the car for reserve.hold_hours (48) and
// shows it RESERVED at once; 48 hours later the sweep releases it.
func TestPaidHoldThenReleasedAfter48Hours(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	r, err := f.reserve(t, 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.State != shared.ReservationPending || r.CheckoutURL == "" || !r.HeldUntil.Equal(f.clock.now().Add(15*time.Minute)) {
		t.Fatalf("new reservation %+v: want pending, a checkout URL, held 15 minutes", r)
	}
	body, sig := completed(t, "evt_1", r, secret)
	if err := f.svc.HandleWebhook(ctx, body, sig); err != nil {
		t.Fatal(err)
	}
	paid := f.state(t, r)
	if paid.State != shared.ReservationPaid || !paid.HeldUntil.Equal(f.clock.now().Add(48*time.Hour)) || paid.PaymentIntentID != "pi_"+r.ID {
		t.Fatalf("after payment %+v: want paid, held 48 hours, the payment recorded", paid)
	}
	car := f.carNow(t)
	if !car.Reserved || shared.ReservableCar(car) || shared.TagFor(car, f.site, f.clock.now()).Text != shared.ReservedText {
		t.Fatalf("paid car: reserved %v, reservable %v; want RESERVED and not reservable", car.Reserved, shared.ReservableCar(car))
	}
	if rec := f.index.record(car.ID); !rec.Car.Reserved || len(rec.Placement.Sites) == 0 {
		t.Fatalf("search record %+v: want it rewritten with reserved", rec)
	}
	// The dealership gets the reservation as a lead, marked paid.
	lead, err := f.leads.FindLead(ctx, "lead_"+r.ID)
	if err != nil {
		t.Fatalf("dealer lead: %v", err)
	}
	if lead.Lead.Subcategory != reserve.SubcategoryReservationPaid || !lead.Ready || lead.Lead.CarID != car.ID {
		t.Fatalf("lead %+v: want a ready paid-reservation lead for the car", lead.Lead)
	}
	// A second shopper is refused while the hold lasts.
	if _, err := f.reserve(t, 1); shared.ErrorCode(err) != shared.ECONFLICT {
		t.Fatalf("second shopper during the hold: %v, want ECONFLICT", err)
	}

	// A feed run rewrites the car without the flag; the sweep restores it.
	unflagged := f.carNow(t)
	unflagged.Reserved = false
	if err := f.cars.PutCars(ctx, []shared.StoredCar{{Car: unflagged}}); err != nil {
		t.Fatal(err)
	}
	f.clock.add(47 * time.Hour)
	if rep, err := f.svc.Sweep(ctx); err != nil || rep.Released != 0 || rep.Remarked != 1 {
		t.Fatalf("sweep at 47 hours: %+v %v, want nothing released and the held car marked reserved again", rep, err)
	}
	if !f.carNow(t).Reserved || !f.index.record(f.car.ID).Car.Reserved {
		t.Fatal("the held car is not reserved again after the sweep")
	}
	f.clock.add(time.Hour)
	if rep, err := f.svc.Sweep(ctx); err != nil || rep.Released != 1 {
		t.Fatalf("sweep at 48 hours: %+v %v, want one released", rep, err)
	}
	if got := f.state(t, r); got.State != shared.ReservationReleased {
		t.Fatalf("state after 48 hours %s, want released", got.State)
	}
	car = f.carNow(t)
	if car.Reserved || !shared.ReservableCar(car) || f.index.record(car.ID).Car.Reserved {
		t.Fatal("released car is still reserved in the table or the index")
	}
	if _, err := f.reserve(t, 1); err != nil {
		t.Fatalf("reserving the released car: %v", err)
	}
}

// Issue 13: an unpaid checkout holds the car 15 minutes only.
func TestPendingLapsesAfter15Minutes(t *testing.T) {
	f := newFixture(t)
	r, err := f.reserve(t, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.clock.add(14 * time.Minute)
	if _, err := f.reserve(t, 1); shared.ErrorCode(err) != shared.ECONFLICT {
		t.Fatalf("at 14 minutes: %v, want ECONFLICT", err)
	}
	f.clock.add(time.Minute)
	r2, err := f.reserve(t, 1)
	if err != nil {
		t.Fatalf("at 15 minutes the lapsed checkout must not block: %v", err)
	}
	// The first shopper pays late: the car is the second shopper's, so the
	// late payment is refunded and nothing else changes.
	body, sig := completed(t, "evt_late", r, secret)
	if err := f.svc.HandleWebhook(context.Background(), body, sig); err != nil {
		t.Fatal(err)
	}
	if got := f.state(t, r); got.State != shared.ReservationRefunded {
		t.Fatalf("late payment: %s, want refunded", got.State)
	}
	if len(f.pay.refunds) != 1 || f.carNow(t).Reserved {
		t.Fatalf("refunds %v, car reserved %v: want one refund and the car not reserved by the late payment", f.pay.refunds, f.carNow(t).Reserved)
	}
	if got := f.state(t, r2); got.State != shared.ReservationPending {
		t.Fatalf("second shopper's reservation %s, want still pending", got.State)
	}
}

// Issue 13: a replayed webhook changes nothing; a bad signature is refused
// (400) and changes nothing.
func TestWebhookReplayAndBadSignature(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	r, err := f.reserve(t, 0)
	if err != nil {
		t.Fatal(err)
	}
	body, sig := completed(t, "evt_forged", r, "whsec_wrong")
	if err := f.svc.HandleWebhook(ctx, body, sig); shared.ErrorCode(err) != shared.EINVALID {
		t.Fatalf("bad signature: %v, want EINVALID", err)
	}
	if got := f.state(t, r); got.State != shared.ReservationPending || f.carNow(t).Reserved {
		t.Fatalf("after a forged webhook: %s, reserved %v; want unchanged", got.State, f.carNow(t).Reserved)
	}
	body, sig = completed(t, "evt_2", r, secret)
	for range 2 {
		if err := f.svc.HandleWebhook(ctx, body, sig); err != nil {
			t.Fatal(err)
		}
	}
	paid := f.state(t, r)
	f.clock.add(time.Hour)
	// The same payment again under another event (payment_intent.succeeded).
	b2, s2 := signed(t, "evt_3", "payment_intent.succeeded", map[string]any{
		"id": "pi_" + r.ID, "object": "payment_intent", "metadata": map[string]string{"reservation_id": r.ID}}, secret)
	if err := f.svc.HandleWebhook(ctx, b2, s2); err != nil {
		t.Fatal(err)
	}
	if got := f.state(t, r); got.State != shared.ReservationPaid || !got.HeldUntil.Equal(paid.HeldUntil) {
		t.Fatalf("after replays %+v, want paid with the first payment's hold", got)
	}
}

// Issue 13: a refund frees the car; a refund made in Stripe's dashboard
// (charge.refunded) does too; another site's car is not found; only the
// owner sees a reservation.
func TestRefundCancelAndIsolation(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	r, err := f.reserve(t, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Refund(ctx, r.ID); shared.ErrorCode(err) != shared.ECONFLICT {
		t.Fatalf("refund of an unpaid reservation: %v, want ECONFLICT", err)
	}
	body, sig := completed(t, "evt_p", r, secret)
	if err := f.svc.HandleWebhook(ctx, body, sig); err != nil {
		t.Fatal(err)
	}
	got, err := f.svc.Refund(ctx, r.ID)
	if err != nil || got.State != shared.ReservationRefunded {
		t.Fatalf("refund: %+v %v", got, err)
	}
	if f.carNow(t).Reserved || len(f.pay.refunds) != 1 {
		t.Fatal("refunded reservation still holds the car, or no refund was made")
	}
	// Stripe then reports the refund: nothing more happens.
	b, s := signed(t, "evt_r", "charge.refunded", map[string]any{"id": "ch_1", "object": "charge", "refunded": true,
		"metadata": map[string]string{"reservation_id": r.ID}}, secret)
	if err := f.svc.HandleWebhook(ctx, b, s); err != nil {
		t.Fatal(err)
	}

	// Cancel (ops) of a pending reservation frees the car at once.
	r2, err := f.reserve(t, 1)
	if err != nil {
		t.Fatal(err)
	}
	if c, err := f.svc.Cancel(ctx, r2.ID); err != nil || c.State != shared.ReservationCancelled {
		t.Fatalf("cancel: %+v %v", c, err)
	}
	if _, err := f.reserve(t, 2); err != nil {
		t.Fatalf("reserve after cancel: %v", err)
	}

	// Tenant isolation.
	if _, err := f.svc.Reserve(ctx, reserve.Start{Site: f.site, Shopper: f.shoppers[3], CarID: "car-9"}); shared.ErrorCode(err) != shared.ENOTFOUND {
		t.Fatalf("another site's car: %v, want ENOTFOUND", err)
	}
	if _, err := f.svc.Reservation(ctx, f.site, f.shoppers[5], r.ID); shared.ErrorCode(err) != shared.ENOTFOUND {
		t.Fatalf("another shopper's reservation: %v, want ENOTFOUND", err)
	}
	if _, err := f.svc.Reservation(ctx, f.other, f.shoppers[0], r.ID); shared.ErrorCode(err) != shared.ENOTFOUND {
		t.Fatalf("the reservation on another site: %v, want ENOTFOUND", err)
	}
}

// The state machine's allowed moves (issue 13).
func TestReservationMoves(t *testing.T) {
	for _, tc := range []struct {
		from, to shared.ReservationState
		ok       bool
	}{
		{shared.ReservationPending, shared.ReservationPaid, true},
		{shared.ReservationPending, shared.ReservationCancelled, true},
		{shared.ReservationPending, shared.ReservationReleased, false},
		{shared.ReservationPaid, shared.ReservationReleased, true},
		{shared.ReservationPaid, shared.ReservationConverted, true},
		{shared.ReservationPaid, shared.ReservationRefunded, true},
		{shared.ReservationPaid, shared.ReservationPending, false},
		{shared.ReservationReleased, shared.ReservationRefunded, true},
		{shared.ReservationRefunded, shared.ReservationPaid, false},
		{shared.ReservationConverted, shared.ReservationReleased, false},
	} {
		if got := tc.from.CanMove(tc.to); got != tc.ok {
			t.Errorf("%s → %s: %v, want %v", tc.from, tc.to, got, tc.ok)
		}
	}
}

// Issue 31: a site whose search.filters exclude the car (its search key
// never shows it) refuses to reserve it as a car it does not show; the
// same car on the same site without the filter can be reserved.
func TestReserveRespectsSearchFilters(t *testing.T) {
	for _, tt := range []struct {
		filters string
		want    string // error code; "" reserves
	}{
		{"", ""},
		{"make:Mazda", ""},
		{"make:Toyota", shared.ENOTFOUND},
		{"price > 40000", shared.ENOTFOUND},
	} {
		f := newFixture(t)
		site := f.site
		site.Search.Filters = tt.filters
		_, err := f.svc.Reserve(context.Background(), reserve.Start{Site: site, Shopper: f.shoppers[0], CarID: f.car.ID, Origin: "https://northside.example"})
		if got := shared.ErrorCode(err); got != tt.want || (tt.want == "" && err != nil) {
			t.Errorf("search.filters %q: reserve got %v, want code %q", tt.filters, err, tt.want)
		}
	}
}
