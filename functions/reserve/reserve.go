// Package reserve is online reservation (issue 13; spec 000 §9, spec 001
// §9): a shopper pays a refundable deposit through Stripe and the car is
// held for them. A reservation is a state machine (shared.ReservationState)
// kept in DynamoDB with conditional writes, and a per-car lock makes sure
// one car holds at most one reservation however many shoppers try at once.
package reserve

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"forecourt/functions/visible"
	"forecourt/shared"
)

// Store keeps reservations; the dynamo package's ReservationStore
// implements it.
type Store interface {
	// Claim takes the car and, when maxPending is above 0, one of the
	// shopper's maxPending pending holds on the site, in one transaction.
	Claim(ctx context.Context, r shared.Reservation, now time.Time, maxPending int) error
	Move(ctx context.Context, next shared.Reservation, from shared.ReservationState) error
	Reservation(ctx context.Context, id string) (shared.Reservation, error)
	ByDealership(ctx context.Context, dealershipSlug string) ([]shared.Reservation, error)
	// ByShopper reads the shopper's reservations on the site by the
	// shopper's own key, newest first.
	ByShopper(ctx context.Context, site, sub string) ([]shared.Reservation, error)
	Lapsed(ctx context.Context, now time.Time) ([]shared.Reservation, error)
	Holding(ctx context.Context, now time.Time) ([]shared.Reservation, error)
	EventSeen(ctx context.Context, eventID string) (bool, error)
	MarkEvent(ctx context.Context, eventID string, now time.Time) error
}

// Cars finds cars and sets their reserved flag; the dynamo package's
// CarStore implements it.
type Cars interface {
	FindCar(ctx context.Context, dealershipSlug, id string) (shared.Car, error)
	SetReserved(ctx context.Context, dealershipSlug, id string, reserved bool) error
}

// Index is the search index's record writer (algolia.Index).
type Index interface {
	Save(ctx context.Context, cars []shared.IndexedCar) error
}

// Leads stores the dealership's lead (dynamo.LeadStore); delivery sends it.
type Leads interface {
	CreateLead(ctx context.Context, l shared.StoredLead) (shared.StoredLead, bool, error)
}

// Sites finds sites (dynamo.SiteStore).
type Sites interface {
	FindSite(ctx context.Context, slug string) (shared.Site, error)
	// SitesOf returns the sites that list the dealership (no scan).
	SitesOf(ctx context.Context, dealershipSlug string) ([]shared.Site, error)
}

// CheckoutRequest is what a payment provider needs to take a deposit.
type CheckoutRequest struct {
	ReservationID string
	AmountCents   int64
	Currency      string
	Description   string
	// SuccessURL and CancelURL are where the shopper returns.
	SuccessURL, CancelURL string
	ExpiresAt             time.Time
}

// Checkout is a started hosted checkout.
type Checkout struct {
	SessionID string
	URL       string
}

// Payments takes and refunds deposits; Stripe implements it.
type Payments interface {
	CreateCheckout(ctx context.Context, req CheckoutRequest) (Checkout, error)
	Refund(ctx context.Context, paymentIntentID, reservationID string) error
}

// Config wires a Service.
type Config struct {
	Store    Store
	Cars     Cars
	Index    Index
	Leads    Leads
	Sites    Sites
	Payments Payments
	// WebhookSecret verifies Stripe's webhook signatures.
	WebhookSecret string
	// Now is the clock; time.Now when nil. Tests move it.
	Now func() time.Time
}

// Service runs reservations.
type Service struct {
	cfg Config
}

// New returns the service.
func New(cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{cfg: cfg}
}

// Start is a shopper's request to reserve a car.
type Start struct {
	Site    shared.Site
	Shopper shared.Shopper
	CarID   string
	// Origin is the site's origin ("https://dealer.example"), for the
	// checkout's return URLs.
	Origin string
}

// Reserve reserves the car for the shopper: it claims the car for
// shared.PendingHold and starts a Stripe checkout of the deposit. A car
// held by another reservation is an ECONFLICT error with
// shared.ReservationRefusedText, and no checkout is created for it; so is a
// shopper who already holds reserve.max_pending_holds cars in checkout on
// the site (shared.HoldCapText, naming car_id).
func (s *Service) Reserve(ctx context.Context, st Start) (shared.Reservation, error) {
	if st.Shopper.Sub == "" {
		// The hold cap and the shopper's own list key on the verified sub.
		return shared.Reservation{}, shared.Errorf(shared.EUNAUTHORIZED, "sign in to reserve a car")
	}
	car, err := s.siteCar(ctx, st.Site, st.CarID)
	if err != nil {
		return shared.Reservation{}, err
	}
	if s.cfg.Payments == nil {
		return shared.Reservation{}, errors.New("reserving needs the Stripe secret key (STRIPE_SECRET_KEY)")
	}
	now := s.cfg.Now().UTC()
	if car.Reserved {
		return shared.Reservation{}, shared.Errorf(shared.ECONFLICT, "%s", shared.ReservationRefusedText)
	}
	shown, err := visible.For(st.Site)
	if err != nil {
		return shared.Reservation{}, err
	}
	if !shown.Shows(car, now) {
		return shared.Reservation{}, shared.Errorf(shared.ENOTFOUND, "car not found")
	}
	if !shared.ReserveAllowed(car, st.Site) || st.Site.Reserve.Deposit <= 0 {
		return shared.Reservation{}, shared.FieldError("car_id", "this car cannot be reserved online")
	}
	r := shared.Reservation{
		ID: newID(), Site: st.Site.Slug, DealershipSlug: car.DealershipSlug, CarID: car.ID, CarSlug: car.Slug,
		CarTitle: shared.CarTitle(car, false), State: shared.ReservationPending, Shopper: st.Shopper.Sub,
		ShopperPhone: st.Shopper.PhoneNumber, DepositCents: shared.DepositCents(st.Site), Currency: "aud",
		HeldUntil: now.Add(shared.PendingHold), CreatedAt: now, UpdatedAt: now,
	}
	if err := s.cfg.Store.Claim(ctx, r, now, shared.MaxPendingHolds(st.Site)); err != nil {
		return shared.Reservation{}, err
	}
	// Only the claim's winner reaches here: a refused shopper never gets a
	// checkout, so can never pay for a car someone else holds.
	co, err := s.cfg.Payments.CreateCheckout(ctx, CheckoutRequest{
		ReservationID: r.ID, AmountCents: r.DepositCents, Currency: r.Currency,
		Description: "Refundable deposit to reserve " + r.CarTitle,
		SuccessURL:  st.Origin + "/reservations/" + r.ID,
		CancelURL:   st.Origin + "/cars/" + car.Slug,
		// Stripe's shortest checkout lifetime is 30 minutes; a payment after
		// the pending hold lapsed is handled by pay.
		ExpiresAt: now.Add(30 * time.Minute),
	})
	if err != nil {
		// Free the car again rather than hold it for a checkout that
		// does not exist.
		next := r
		next.State, next.UpdatedAt = shared.ReservationCancelled, now
		if merr := s.cfg.Store.Move(ctx, next, shared.ReservationPending); merr != nil {
			slog.ErrorContext(ctx, "free car after failed checkout", "reservation", r.ID, "err", merr)
		}
		return shared.Reservation{}, fmt.Errorf("start checkout for reservation %s: %w", r.ID, err)
	}
	next := r
	next.CheckoutSessionID, next.CheckoutURL = co.SessionID, co.URL
	if err := s.cfg.Store.Move(ctx, next, shared.ReservationPending); err != nil {
		return shared.Reservation{}, fmt.Errorf("record checkout of reservation %s: %w", r.ID, err)
	}
	return next, nil
}

// Reservation returns the shopper's reservation on the site. Anyone
// else's, or another site's, is not found.
func (s *Service) Reservation(ctx context.Context, site shared.Site, shopper shared.Shopper, id string) (shared.Reservation, error) {
	r, err := s.cfg.Store.Reservation(ctx, id)
	if err != nil {
		return shared.Reservation{}, err
	}
	if r.Site != site.Slug || r.Shopper != shopper.Sub || shopper.Sub == "" {
		return shared.Reservation{}, shared.Errorf(shared.ENOTFOUND, "reservation not found")
	}
	return r, nil
}

// Mine returns the shopper's reservations on the site, newest first: those
// the shopper (their verified sub) made on this site, read by the shopper's
// own key (issue 31: not every reservation of the site's dealerships).
func (s *Service) Mine(ctx context.Context, site shared.Site, shopper shared.Shopper) ([]shared.Reservation, error) {
	if shopper.Sub == "" {
		return nil, nil
	}
	return s.cfg.Store.ByShopper(ctx, site.Slug, shopper.Sub)
}

// List returns the dealership's reservations, newest first.
func (s *Service) List(ctx context.Context, dealershipSlug string) ([]shared.Reservation, error) {
	return s.cfg.Store.ByDealership(ctx, dealershipSlug)
}

// Cancel cancels a pending reservation or releases a paid hold (the
// dealership's ops); either frees the car.
func (s *Service) Cancel(ctx context.Context, id string) (shared.Reservation, error) {
	r, err := s.cfg.Store.Reservation(ctx, id)
	if err != nil {
		return r, err
	}
	switch r.State {
	case shared.ReservationPending:
		return s.move(ctx, r, shared.ReservationCancelled)
	case shared.ReservationPaid:
		return s.move(ctx, r, shared.ReservationReleased)
	}
	return r, shared.Errorf(shared.ECONFLICT, "reservation %s is %s, not pending or paid", id, r.State)
}

// Refund refunds a paid deposit through Stripe and frees the car.
func (s *Service) Refund(ctx context.Context, id string) (shared.Reservation, error) {
	r, err := s.cfg.Store.Reservation(ctx, id)
	if err != nil {
		return r, err
	}
	if !r.State.CanMove(shared.ReservationRefunded) || r.PaymentIntentID == "" {
		return r, shared.Errorf(shared.ECONFLICT, "reservation %s is %s with no payment to refund", id, r.State)
	}
	if s.cfg.Payments == nil {
		return r, errors.New("refunds need the Stripe secret key (STRIPE_SECRET_KEY)")
	}
	// The refund's idempotency key is the reservation's: a retry cannot
	// refund twice.
	if err := s.cfg.Payments.Refund(ctx, r.PaymentIntentID, r.ID); err != nil {
		return r, fmt.Errorf("refund reservation %s: %w", id, err)
	}
	return s.move(ctx, r, shared.ReservationRefunded)
}

// SweepReport is what Sweep did.
type SweepReport struct {
	Released  int `json:"released"`
	Cancelled int `json:"cancelled"`
	// Remarked counts held cars found without their reserved flag (a feed
	// run rewrote the car) and marked reserved again.
	Remarked int `json:"remarked"`
}

// Sweep ends the holds that lapsed: an unpaid checkout is cancelled, a
// paid hold released, and the car is reservable again at once.
func (s *Service) Sweep(ctx context.Context) (SweepReport, error) {
	var rep SweepReport
	lapsed, err := s.cfg.Store.Lapsed(ctx, s.cfg.Now())
	if err != nil {
		return rep, err
	}
	for _, r := range lapsed {
		to := shared.ReservationReleased
		if r.State == shared.ReservationPending {
			to = shared.ReservationCancelled
		}
		if _, err := s.move(ctx, r, to); err != nil {
			if shared.ErrorCode(err) == shared.ECONFLICT {
				continue // moved meanwhile (paid, or by another sweep)
			}
			return rep, err
		}
		if to == shared.ReservationReleased {
			rep.Released++
		} else {
			rep.Cancelled++
		}
	}
	// A feed run writes whole car items, so it can clear the reserved flag
	// of a car a paid deposit holds; the sweep puts it back.
	holding, err := s.cfg.Store.Holding(ctx, s.cfg.Now())
	if err != nil {
		return rep, err
	}
	for _, r := range holding {
		car, err := s.cfg.Cars.FindCar(ctx, r.DealershipSlug, r.CarID)
		if shared.ErrorCode(err) == shared.ENOTFOUND {
			continue
		}
		if err != nil {
			return rep, err
		}
		if !car.Reserved {
			if err := s.setReserved(ctx, r.DealershipSlug, r.CarID, true); err != nil {
				return rep, err
			}
			rep.Remarked++
		}
	}
	return rep, nil
}

// move moves r to the state, freeing the car when it was reserved.
func (s *Service) move(ctx context.Context, r shared.Reservation, to shared.ReservationState) (shared.Reservation, error) {
	if !r.State.CanMove(to) {
		return r, shared.Errorf(shared.ECONFLICT, "reservation %s cannot go from %s to %s", r.ID, r.State, to)
	}
	next := r
	next.State, next.UpdatedAt = to, s.cfg.Now().UTC()
	if err := s.cfg.Store.Move(ctx, next, r.State); err != nil {
		return r, err
	}
	if r.State == shared.ReservationPaid {
		if err := s.setReserved(ctx, r.DealershipSlug, r.CarID, false); err != nil {
			return next, err
		}
	}
	return next, nil
}

// pay records a paid deposit: the reservation holds the car for the
// site's hold hours, the car shows RESERVED everywhere and the dealership
// gets the lead. A replayed payment changes nothing. A payment for a
// checkout whose hold lapsed and went to someone else is refunded.
func (s *Service) pay(ctx context.Context, id, paymentIntentID string) error {
	r, err := s.cfg.Store.Reservation(ctx, id)
	if err != nil {
		return err
	}
	switch r.State {
	case shared.ReservationPending:
	case shared.ReservationCancelled:
		if paymentIntentID == "" {
			return nil
		}
		r.PaymentIntentID = paymentIntentID
		if s.cfg.Payments == nil {
			return errors.New("refunding a late payment needs the Stripe secret key (STRIPE_SECRET_KEY)")
		}
		if err := s.cfg.Payments.Refund(ctx, paymentIntentID, r.ID); err != nil {
			return fmt.Errorf("refund late payment of reservation %s: %w", id, err)
		}
		_, err := s.move(ctx, r, shared.ReservationRefunded)
		return err
	default:
		return nil // already paid (a replay) or over
	}
	site, err := s.cfg.Sites.FindSite(ctx, r.Site)
	if err != nil {
		return fmt.Errorf("site of reservation %s: %w", id, err)
	}
	now := s.cfg.Now().UTC()
	next := r
	next.State, next.PaidAt, next.UpdatedAt = shared.ReservationPaid, now, now
	next.HeldUntil = now.Add(shared.PaidHold(site))
	if paymentIntentID != "" {
		next.PaymentIntentID = paymentIntentID
	}
	if err := s.cfg.Store.Move(ctx, next, shared.ReservationPending); err != nil {
		if shared.ErrorCode(err) != shared.ECONFLICT {
			return err
		}
		cur, gerr := s.cfg.Store.Reservation(ctx, id)
		if gerr != nil {
			return gerr
		}
		if cur.State != shared.ReservationPending {
			return nil // a concurrent delivery of the same payment won
		}
		// The pending hold lapsed and another shopper holds the car now.
		cancelled, err := s.move(ctx, cur, shared.ReservationCancelled)
		if err != nil {
			return err
		}
		return s.pay(ctx, cancelled.ID, next.PaymentIntentID)
	}
	if err := s.setReserved(ctx, r.DealershipSlug, r.CarID, true); err != nil {
		return err
	}
	return s.lead(ctx, site, next)
}

// setReserved sets the car's reserved flag and rewrites its search record
// at once, so the RESERVED tag and the reservable flag follow on every page.
func (s *Service) setReserved(ctx context.Context, dealershipSlug, carID string, reserved bool) error {
	if err := s.cfg.Cars.SetReserved(ctx, dealershipSlug, carID, reserved); err != nil {
		return fmt.Errorf("mark car %s reserved=%v: %w", carID, reserved, err)
	}
	car, err := s.cfg.Cars.FindCar(ctx, dealershipSlug, carID)
	if err != nil {
		return err
	}
	sites, err := s.cfg.Sites.SitesOf(ctx, dealershipSlug)
	if err != nil {
		return fmt.Errorf("sites of %s: %w", dealershipSlug, err)
	}
	placement := shared.NewPlacer(dealershipSlug, sites).Place(car, s.cfg.Now())
	if len(placement.Sites) == 0 {
		return nil // no site shows it, so it has no record
	}
	if err := s.cfg.Index.Save(ctx, []shared.IndexedCar{{Car: car, Placement: placement}}); err != nil {
		return fmt.Errorf("index car %s: %w", carID, err)
	}
	return nil
}

// siteCar finds a car of one of the site's dealerships; another site's car
// is not found.
func (s *Service) siteCar(ctx context.Context, site shared.Site, id string) (shared.Car, error) {
	for _, d := range site.Dealerships {
		car, err := s.cfg.Cars.FindCar(ctx, d.Slug, id)
		if shared.ErrorCode(err) == shared.ENOTFOUND {
			continue
		}
		if err != nil {
			return shared.Car{}, fmt.Errorf("find car %s/%s: %w", d.Slug, id, err)
		}
		return car, nil
	}
	return shared.Car{}, shared.Errorf(shared.ENOTFOUND, "car not found")
}

func newID() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24)
	return "res_" + hex.EncodeToString(b)
}
