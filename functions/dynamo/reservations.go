package dynamo

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"

	"forecourt/shared"
)

// ReservationsByDealership is the reservations table's GSI on
// dealership_slug, newest first by created_at.
const ReservationsByDealership = "by-dealership"

// ReservationsHolding is the reservations table's sparse GSI of the
// reservations holding a car (pending or paid), by held_until: the sweep
// queries it for lapsed holds instead of scanning the table (issue 15).
// Only those reservations carry its hash key, holding = holdingKey; locks
// and Stripe events never do. They are few at any time (a hold lasts 48 h
// at most), so one partition serves them.
const ReservationsHolding = "holding"

const holdingKey = "hold"

// The reservations table holds three kinds of item under one hash key id
// (docs/contracts.md "Reservations"): reservations, one lock per car
// ("lock#<dealership>#<car id>") naming the reservation holding it until
// held_until, and the Stripe event ids already handled ("event#<id>").
type (
	reservationItem struct {
		ID             string                  `dynamo:"id,hash"`
		Kind           string                  `dynamo:"kind"`
		Site           string                  `dynamo:"site"`
		DealershipSlug string                  `dynamo:"dealership_slug,omitempty" index:"by-dealership,hash"`
		CreatedAt      string                  `dynamo:"created_at,omitempty" index:"by-dealership,range"`
		CarID          string                  `dynamo:"car_id"`
		CarSlug        string                  `dynamo:"car_slug"`
		CarTitle       string                  `dynamo:"car_title"`
		State          shared.ReservationState `dynamo:"state"`
		Shopper        string                  `dynamo:"shopper"`
		ShopperPhone   string                  `dynamo:"shopper_phone,omitempty"`
		DepositCents   int64                   `dynamo:"deposit_cents"`
		Currency       string                  `dynamo:"currency"`
		HeldUntil      int64                   `dynamo:"held_until" index:"holding,range"` // unix seconds
		// Holding is holdingKey while the state holds the car, else absent.
		Holding           string `dynamo:"holding,omitempty" index:"holding,hash"`
		UpdatedAt         string `dynamo:"updated_at"`
		PaidAt            string `dynamo:"paid_at,omitempty"`
		CheckoutSessionID string `dynamo:"checkout_session_id,omitempty"`
		PaymentIntentID   string `dynamo:"payment_intent_id,omitempty"`
		CheckoutURL       string `dynamo:"checkout_url,omitempty"`
	}
	carLockItem struct {
		ID            string `dynamo:"id,hash"`
		Kind          string `dynamo:"kind"`
		ReservationID string `dynamo:"reservation_id"`
		HeldUntil     int64  `dynamo:"held_until"`
	}
	// shopperItem is one shopper's reservations on one site (id
	// "shopper#<site>#<sub>"): their pending holds (reservation id to
	// held_until, unix seconds), the ids of their newest reservations, and
	// the version every claim conditions on.
	shopperItem struct {
		ID           string           `dynamo:"id,hash"`
		Kind         string           `dynamo:"kind"`
		Site         string           `dynamo:"site"`
		Holds        map[string]int64 `dynamo:"holds"`
		Reservations []string         `dynamo:"reservations"`
		Version      int64            `dynamo:"version"`
	}
	stripeEventItem struct {
		ID        string `dynamo:"id,hash"`
		Kind      string `dynamo:"kind"`
		ExpiresAt int64  `dynamo:"expires_at"`
	}
)

const (
	kindReservation = "reservation"
	kindCarLock     = "car_lock"
	kindEvent       = "stripe_event"
	kindShopper     = "shopper"
)

// eventMemory is how long a handled Stripe event id is remembered: Stripe
// retries a webhook for up to three days.
const eventMemory = 7 * 24 * time.Hour

func carLockID(dealershipSlug, carID string) string {
	return "lock#" + dealershipSlug + "#" + carID
}

func shopperID(site, sub string) string { return "shopper#" + site + "#" + sub }

func toReservationItem(r shared.Reservation) reservationItem {
	it := reservationItem{
		ID: r.ID, Kind: kindReservation, Site: r.Site, DealershipSlug: r.DealershipSlug,
		CreatedAt: r.CreatedAt.UTC().Format(time.RFC3339Nano), CarID: r.CarID, CarSlug: r.CarSlug,
		CarTitle: r.CarTitle, State: r.State, Shopper: r.Shopper, ShopperPhone: r.ShopperPhone,
		DepositCents: r.DepositCents, Currency: r.Currency, HeldUntil: r.HeldUntil.Unix(),
		UpdatedAt: r.UpdatedAt.UTC().Format(time.RFC3339Nano), CheckoutSessionID: r.CheckoutSessionID,
		PaymentIntentID: r.PaymentIntentID, CheckoutURL: r.CheckoutURL,
	}
	if r.State.HoldsCar() {
		it.Holding = holdingKey
	}
	if !r.PaidAt.IsZero() {
		it.PaidAt = r.PaidAt.UTC().Format(time.RFC3339Nano)
	}
	return it
}

func (it reservationItem) reservation() shared.Reservation {
	parse := func(s string) time.Time { t, _ := time.Parse(time.RFC3339Nano, s); return t }
	return shared.Reservation{
		ID: it.ID, Site: it.Site, DealershipSlug: it.DealershipSlug, CarID: it.CarID, CarSlug: it.CarSlug,
		CarTitle: it.CarTitle, State: it.State, Shopper: it.Shopper, ShopperPhone: it.ShopperPhone,
		DepositCents: it.DepositCents, Currency: it.Currency, HeldUntil: time.Unix(it.HeldUntil, 0).UTC(),
		CreatedAt: parse(it.CreatedAt), UpdatedAt: parse(it.UpdatedAt), PaidAt: parse(it.PaidAt),
		CheckoutSessionID: it.CheckoutSessionID, PaymentIntentID: it.PaymentIntentID, CheckoutURL: it.CheckoutURL,
	}
}

// ReservationStore keeps reservations and the car locks that make one car
// hold at most one reservation.
type ReservationStore struct {
	db    *dynamo.DB
	table dynamo.Table
}

// NewReservationStore returns the store over t.Reservations.
func NewReservationStore(db *dynamo.DB, t Tables) *ReservationStore {
	return &ReservationStore{db: db, table: db.Table(t.Reservations)}
}

// maxClaimAttempts bounds how often Claim reads the shopper's holds again
// after another claim of the same shopper changed them first: each round
// one of the concurrent claims wins, so this many serve that many at once.
const maxClaimAttempts = 16

// ShopperReservations is how many of a shopper's reservations on a site
// their shopper item lists (the newest), which is what GET
// /api/reservations reads: one item and one batch of reservations, never
// the site's whole table.
const ShopperReservations = 100

// Claim writes a new reservation and takes its car's lock in one
// transaction. The lock is taken only when no lock exists or the one there
// has lapsed, so of any number of concurrent claims on one car exactly one
// succeeds; the others get an ECONFLICT error with
// shared.ReservationRefusedText.
//
// When maxPending is above 0 the same transaction also records the hold in
// the shopper's item on the site (issue 31: one shopper cannot hold every
// reservable car), conditioned on the item's version as read: a shopper who
// already has maxPending pending holds that have not lapsed gets an
// ECONFLICT error naming car_id with shared.HoldCapText, and concurrent
// claims of one shopper are serialised by the version, so they cannot
// exceed the cap together. A lapsed hold no longer counts, whether or not
// the sweep has moved it yet.
func (s *ReservationStore) Claim(ctx context.Context, r shared.Reservation, now time.Time, maxPending int) error {
	lock := carLockItem{ID: carLockID(r.DealershipSlug, r.CarID), Kind: kindCarLock, ReservationID: r.ID, HeldUntil: r.HeldUntil.Unix()}
	for range maxClaimAttempts {
		tx := s.db.WriteTx().
			Put(s.table.Put(lock).If("attribute_not_exists(id) OR held_until <= ?", now.Unix())).
			Put(s.table.Put(toReservationItem(r)).If("attribute_not_exists(id)"))
		if r.Shopper != "" {
			sh, found, err := s.shopper(ctx, r.Site, r.Shopper)
			if err != nil {
				return err
			}
			live := sh.liveHolds(now)
			if maxPending > 0 && len(live) >= maxPending {
				return &shared.Error{Code: shared.ECONFLICT, Field: "car_id", Message: shared.HoldCapText(maxPending)}
			}
			next := sh
			next.ID, next.Kind, next.Site, next.Version = shopperID(r.Site, r.Shopper), kindShopper, r.Site, sh.Version+1
			next.Holds = live
			next.Holds[r.ID] = r.HeldUntil.Unix()
			next.Reservations = append(slices.Clone(sh.Reservations), r.ID)
			if n := len(next.Reservations); n > ShopperReservations {
				next.Reservations = next.Reservations[n-ShopperReservations:]
			}
			put := s.table.Put(next).If("$ = ?", "version", sh.Version)
			if !found {
				put = s.table.Put(next).If("attribute_not_exists(id)")
			}
			tx = tx.Put(put)
		}
		err := tx.Run(ctx)
		reason := txReasons(err)
		switch {
		case err == nil:
			return nil
		case reason(0) == condFailed || reason(1) == condFailed:
			return shared.Errorf(shared.ECONFLICT, "%s", shared.ReservationRefusedText)
		case reason(2) == condFailed || reason(2) == "TransactionConflict":
			continue // another claim of this shopper came first: read again
		case isTxConditionFailed(err):
			return shared.Errorf(shared.ECONFLICT, "%s", shared.ReservationRefusedText)
		default:
			return fmt.Errorf("claim car %s for reservation %s: %w", r.CarID, r.ID, err)
		}
	}
	return shared.Errorf(shared.ECONFLICT, "too many reservations at once; try again")
}

const condFailed = "ConditionalCheckFailed"

// txReasons returns the cancellation reason code of each item of a
// cancelled transaction, by position ("" past the list or for any other
// error).
func txReasons(err error) func(i int) string {
	var tc *types.TransactionCanceledException
	if !errors.As(err, &tc) {
		return func(int) string { return "" }
	}
	return func(i int) string {
		if i >= len(tc.CancellationReasons) || tc.CancellationReasons[i].Code == nil {
			return ""
		}
		return *tc.CancellationReasons[i].Code
	}
}

// shopper reads the shopper's item on the site; found is false when the
// shopper never reserved there.
func (s *ReservationStore) shopper(ctx context.Context, site, sub string) (shopperItem, bool, error) {
	var it shopperItem
	err := s.table.Get("id", shopperID(site, sub)).Consistent(true).One(ctx, &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return shopperItem{}, false, nil
	}
	if err != nil {
		return shopperItem{}, false, fmt.Errorf("holds of shopper on %s: %w", site, err)
	}
	return it, true, nil
}

// liveHolds are the shopper's pending holds that have not lapsed at now.
func (it shopperItem) liveHolds(now time.Time) map[string]int64 {
	live := map[string]int64{}
	for id, until := range it.Holds {
		if until > now.Unix() {
			live[id] = until
		}
	}
	return live
}

// ByShopper returns the shopper's reservations on the site, newest first:
// the ids their shopper item lists (the newest ShopperReservations), read in
// batches, never a query or scan of the site's dealerships.
func (s *ReservationStore) ByShopper(ctx context.Context, site, sub string) ([]shared.Reservation, error) {
	sh, found, err := s.shopper(ctx, site, sub)
	if err != nil || !found || len(sh.Reservations) == 0 {
		return nil, err
	}
	keys := make([]dynamo.Keyed, len(sh.Reservations))
	for i, id := range sh.Reservations {
		keys[i] = dynamo.Keys{id}
	}
	var items []reservationItem
	if err := s.table.Batch("id").Get(keys...).All(ctx, &items); err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return nil, fmt.Errorf("reservations of shopper on %s: %w", site, err)
	}
	out := make([]shared.Reservation, 0, len(items))
	for _, it := range items {
		if it.Kind == kindReservation && it.Site == site && it.Shopper == sub {
			out = append(out, it.reservation())
		}
	}
	slices.SortStableFunc(out, func(a, b shared.Reservation) int { return b.CreatedAt.Compare(a.CreatedAt) })
	return out, nil
}

// Move writes the reservation in its next state, provided it is still in
// state from. A next state that holds the car extends the car's lock to
// HeldUntil, provided the lock is still this reservation's; one that does
// not frees the lock. Either condition failing is an ECONFLICT error and
// changes nothing.
func (s *ReservationStore) Move(ctx context.Context, next shared.Reservation, from shared.ReservationState) error {
	// $ names an attribute: state is a DynamoDB reserved word.
	tx := s.db.WriteTx().Put(s.table.Put(toReservationItem(next)).If("$ = ? AND $ = ?", "kind", kindReservation, "state", from))
	if next.State.HoldsCar() {
		tx = tx.Update(s.table.Update("id", carLockID(next.DealershipSlug, next.CarID)).
			Set("held_until", next.HeldUntil.Unix()).If("reservation_id = ?", next.ID))
	}
	err := tx.Run(ctx)
	if isTxConditionFailed(err) {
		return shared.Errorf(shared.ECONFLICT, "reservation %s is no longer %s or lost its car", next.ID, from)
	}
	if err != nil {
		return fmt.Errorf("move reservation %s from %s to %s: %w", next.ID, from, next.State, err)
	}
	if !next.State.HoldsCar() {
		err := s.table.Delete("id", carLockID(next.DealershipSlug, next.CarID)).If("reservation_id = ?", next.ID).Run(ctx)
		if err != nil && !dynamo.IsCondCheckFailed(err) {
			return fmt.Errorf("free car %s of reservation %s: %w", next.CarID, next.ID, err)
		}
	}
	if from == shared.ReservationPending && next.State != shared.ReservationPending && next.Shopper != "" {
		// Paid, cancelled or lapsed: the shopper's pending slot is free.
		// The version moves, so a claim that read the hold reads again; if
		// this write is lost the hold still stops counting once it lapses.
		err := s.table.Update("id", shopperID(next.Site, next.Shopper)).RemoveExpr("holds.$", next.ID).Add("version", 1).
			If("attribute_exists(holds.$)", next.ID).Run(ctx)
		if err != nil && !dynamo.IsCondCheckFailed(err) {
			return fmt.Errorf("free shopper's hold of reservation %s: %w", next.ID, err)
		}
	}
	return nil
}

// Reservation returns the reservation with the id, or an ENOTFOUND error.
func (s *ReservationStore) Reservation(ctx context.Context, id string) (shared.Reservation, error) {
	var it reservationItem
	err := s.table.Get("id", id).One(ctx, &it)
	if errors.Is(err, dynamo.ErrNotFound) || (err == nil && it.Kind != kindReservation) {
		return shared.Reservation{}, shared.Errorf(shared.ENOTFOUND, "reservation not found")
	}
	if err != nil {
		return shared.Reservation{}, fmt.Errorf("get reservation %s: %w", id, err)
	}
	return it.reservation(), nil
}

// ByDealership returns the dealership's reservations, newest first.
func (s *ReservationStore) ByDealership(ctx context.Context, dealershipSlug string) ([]shared.Reservation, error) {
	var items []reservationItem
	err := s.table.Get("dealership_slug", dealershipSlug).Index(ReservationsByDealership).Order(dynamo.Descending).All(ctx, &items)
	if err != nil {
		return nil, fmt.Errorf("reservations of %s: %w", dealershipSlug, err)
	}
	out := make([]shared.Reservation, len(items))
	for i, it := range items {
		out[i] = it.reservation()
	}
	return out, nil
}

// Lapsed returns the reservations holding a car whose hold ended by now:
// a query of the holding index, not a scan.
func (s *ReservationStore) Lapsed(ctx context.Context, now time.Time) ([]shared.Reservation, error) {
	var items []reservationItem
	err := s.table.Get("holding", holdingKey).Index(ReservationsHolding).
		Range("held_until", dynamo.LessOrEqual, now.Unix()).
		Filter("$ = ? AND $ IN (?, ?)", "kind", kindReservation, "state", shared.ReservationPending, shared.ReservationPaid).
		All(ctx, &items)
	if err != nil {
		return nil, fmt.Errorf("lapsed reservations: %w", err)
	}
	out := make([]shared.Reservation, len(items))
	for i, it := range items {
		out[i] = it.reservation()
	}
	return out, nil
}

// Holding returns the paid reservations whose hold lasts past now: a query
// of the holding index, not a scan.
func (s *ReservationStore) Holding(ctx context.Context, now time.Time) ([]shared.Reservation, error) {
	var items []reservationItem
	err := s.table.Get("holding", holdingKey).Index(ReservationsHolding).
		Range("held_until", dynamo.Greater, now.Unix()).
		Filter("$ = ? AND $ = ?", "kind", kindReservation, "state", shared.ReservationPaid).
		All(ctx, &items)
	if err != nil {
		return nil, fmt.Errorf("holding reservations: %w", err)
	}
	out := make([]shared.Reservation, len(items))
	for i, it := range items {
		out[i] = it.reservation()
	}
	return out, nil
}

// HeldCars returns the ids of the dealership's cars a paid reservation
// holds past now (feed.Holds): a feed run keeps them reserved.
func (s *ReservationStore) HeldCars(ctx context.Context, dealershipSlug string, now time.Time) ([]string, error) {
	var items []reservationItem
	err := s.table.Get("dealership_slug", dealershipSlug).Index(ReservationsByDealership).
		Filter("$ = ? AND $ = ? AND held_until > ?", "kind", kindReservation, "state", shared.ReservationPaid, now.Unix()).
		All(ctx, &items)
	if err != nil {
		return nil, fmt.Errorf("held cars of %s: %w", dealershipSlug, err)
	}
	ids := make([]string, len(items))
	for i, it := range items {
		ids[i] = it.CarID
	}
	return ids, nil
}

// EventSeen reports whether the Stripe event was handled already.
func (s *ReservationStore) EventSeen(ctx context.Context, eventID string) (bool, error) {
	var it stripeEventItem
	err := s.table.Get("id", "event#"+eventID).One(ctx, &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("get event %s: %w", eventID, err)
	}
	return true, nil
}

// MarkEvent records that the Stripe event was handled.
func (s *ReservationStore) MarkEvent(ctx context.Context, eventID string, now time.Time) error {
	it := stripeEventItem{ID: "event#" + eventID, Kind: kindEvent, ExpiresAt: now.Add(eventMemory).Unix()}
	if err := s.table.Put(it).Run(ctx); err != nil {
		return fmt.Errorf("mark event %s: %w", eventID, err)
	}
	return nil
}

// isTxConditionFailed reports a transaction cancelled by a failed condition.
func isTxConditionFailed(err error) bool {
	var tc *types.TransactionCanceledException
	if errors.As(err, &tc) {
		for _, r := range tc.CancellationReasons {
			if r.Code != nil && *r.Code == "ConditionalCheckFailed" {
				return true
			}
		}
	}
	return dynamo.IsCondCheckFailed(err)
}

// SetReserved sets the car's reserved flag (issue 13: a paid reservation
// holds it). Clearing it, when a hold ends, puts back what the feed last
// said (feed_reserved), so a car the dealer marked reserved stays so. A car
// that is gone is left gone.
func (s *CarStore) SetReserved(ctx context.Context, dealershipSlug, id string, reserved bool) error {
	u := s.table.Update("dealership_slug", dealershipSlug).Range("id", id)
	if reserved {
		u = u.Set("reserved", true)
	} else {
		u = u.SetExpr("'reserved' = if_not_exists('feed_reserved', ?)", false)
	}
	err := u.If("attribute_exists(id)").Run(ctx)
	if err != nil && !dynamo.IsCondCheckFailed(err) {
		return fmt.Errorf("set car %s reserved: %w", id, err)
	}
	return nil
}
