package shared

import (
	"fmt"
	"slices"
	"time"
	// The Lambdas' runtime may lack a zoneinfo database; HoldEndText needs one.
	_ "time/tzdata"
)

// Reserving a car online (issue 13; spec 000 §9, spec 001 §9): a shopper
// pays a refundable deposit and the dealership holds the car for them.

// DefaultRefundableText is the refund terms shown at checkout when the site
// sets none (reserve.refundable_text).
const DefaultRefundableText = "Your deposit is fully refundable: if you change your mind, contact the dealership before the hold ends and we will refund it in full."

// ReservationRefusedText is what a shopper is told when another shopper's
// reservation holds the car (issue 13).
const ReservationRefusedText = "This car has just been reserved"

// HoldEndText is when the hold ends as the shopper reads it, in the
// dealership's time zone (HoldZone): "Wednesday 25 November 2026, 7:00 pm AEST".
func HoldEndText(r Reservation, s Site) string {
	return r.HeldUntil.In(HoldZone(s, r.DealershipSlug)).Format("Monday 2 January 2006, 3:04 pm MST")
}

// HoldZone is the time zone a dealership's holds end in: reserve.time_zone
// when the site sets one, else that of the dealership's first location (its
// own time_zone, else the site's), else the site's time_zone, else
// DefaultTimeZone. An unknown name falls through, so a bad config still
// shows a time.
func HoldZone(s Site, dealershipSlug string) *time.Location {
	if z, err := time.LoadLocation(s.Reserve.TimeZone); s.Reserve.TimeZone != "" && err == nil {
		return z
	}
	for _, l := range s.Locations {
		if l.DealershipSlug == dealershipSlug {
			if z, err := s.ZoneOf(l); err == nil {
				return z
			}
			break
		}
	}
	if z, err := s.ZoneOf(Location{}); err == nil {
		return z
	}
	if z, err := time.LoadLocation(DefaultTimeZone); err == nil {
		return z
	}
	return time.UTC
}

// PendingHold is how long a started checkout holds the car before payment:
// a second shopper is refused at once instead of paying for a car that is
// being paid for.
const PendingHold = 15 * time.Minute

// DefaultMaxPendingHolds is reserve.max_pending_holds when the site sets
// none: a shopper may compare two cars' checkouts, not hold a yard.
const DefaultMaxPendingHolds = 2

// MaxPendingHolds is how many pending holds one shopper may have on the
// site at once (reserve.max_pending_holds; DefaultMaxPendingHolds when unset).
func MaxPendingHolds(s Site) int {
	if n := s.Reserve.MaxPendingHolds; n > 0 {
		return n
	}
	return DefaultMaxPendingHolds
}

// HoldCapText is what a shopper at the site's cap of pending holds is told
// (issue 31).
func HoldCapText(max int) string {
	cars := "cars"
	if max == 1 {
		cars = "car"
	}
	return fmt.Sprintf("You are already reserving %d %s on this site. Pay for or cancel one, or wait %d minutes for its hold to end, before you reserve another.",
		max, cars, int(PendingHold/time.Minute))
}

// ReservationState is where a reservation is in its life.
type ReservationState string

const (
	// ReservationPending: checkout started, the car held for PendingHold.
	ReservationPending ReservationState = "pending"
	// ReservationPaid: the deposit is paid, the car held until HeldUntil.
	ReservationPaid ReservationState = "paid"
	// ReservationReleased: the hold ended without a sale.
	ReservationReleased ReservationState = "released"
	// ReservationConverted: the shopper bought the car.
	ReservationConverted ReservationState = "converted"
	// ReservationCancelled: checkout abandoned or cancelled before payment.
	ReservationCancelled ReservationState = "cancelled"
	// ReservationRefunded: the deposit was refunded; the car is free.
	ReservationRefunded ReservationState = "refunded"
)

// reservationMoves lists each state's allowed next states.
var reservationMoves = map[ReservationState][]ReservationState{
	ReservationPending: {ReservationPaid, ReservationCancelled},
	// A paid deposit ending in a refund also frees the car.
	ReservationPaid:     {ReservationReleased, ReservationConverted, ReservationRefunded},
	ReservationReleased: {ReservationRefunded},
	// A payment arriving after the checkout was cancelled is refunded.
	ReservationCancelled: {ReservationRefunded},
}

// CanMove reports whether a reservation may move from one state to another.
func (s ReservationState) CanMove(to ReservationState) bool {
	return slices.Contains(reservationMoves[s], to)
}

// HoldsCar reports whether a reservation in the state holds its car (until
// its HeldUntil).
func (s ReservationState) HoldsCar() bool {
	return s == ReservationPending || s == ReservationPaid
}

// Reservation is one shopper's reservation of one car.
type Reservation struct {
	ID             string           `json:"reservation_id"`
	Site           string           `json:"site"`
	DealershipSlug string           `json:"dealership_slug"`
	CarID          string           `json:"car_id"`
	CarSlug        string           `json:"car_slug"`
	CarTitle       string           `json:"car_title"`
	State          ReservationState `json:"state"`
	// Shopper is the shopper's user pool sub, from their verified token.
	Shopper string `json:"-"`
	// ShopperPhone is the token's verified phone number, for the
	// dealership's lead.
	ShopperPhone string `json:"-"`
	// DepositCents is the deposit in cents (AUD).
	DepositCents int64  `json:"deposit_cents"`
	Currency     string `json:"currency"`
	// HeldUntil is when the car's hold ends: PendingHold after creation,
	// then reserve.hold_hours after payment.
	HeldUntil time.Time `json:"held_until"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
	PaidAt    time.Time `json:"paid_at,omitzero"`
	// CheckoutSessionID and PaymentIntentID are Stripe's ids.
	CheckoutSessionID string `json:"-"`
	PaymentIntentID   string `json:"-"`
	CheckoutURL       string `json:"-"`
}

// Holds reports whether the reservation holds its car at the time.
func (r Reservation) Holds(now time.Time) bool {
	return r.State.HoldsCar() && now.Before(r.HeldUntil)
}

// PaidHold is how long a paid deposit holds the car on the site.
func PaidHold(s Site) time.Duration {
	return time.Duration(s.Reserve.HoldHours) * time.Hour
}

// DepositCents is the site's deposit in cents.
func DepositCents(s Site) int64 { return int64(s.Reserve.Deposit) * 100 }

// ReserveAllowed reports whether the site lets shoppers reserve the car
// online: reserving on (features.reserve), the car reservable (ReservableCar),
// and the car's type and dealership among reserve.car_types
// and reserve.dealerships when those are set.
func ReserveAllowed(c Car, s Site) bool {
	r := s.Reserve
	switch {
	case !s.Features.Reserve || !ReservableCar(c):
		return false
	case len(r.CarTypes) > 0 && !slices.Contains(r.CarTypes, c.CarType):
		return false
	case len(r.Dealerships) > 0 && !slices.Contains(r.Dealerships, c.DealershipSlug):
		return false
	}
	return true
}
