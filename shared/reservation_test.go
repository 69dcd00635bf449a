package shared

import (
	"testing"
	"time"
)

// Issue 13 (spec 000 §9, spec 001 §9): which cars a site lets shoppers
// reserve online; ReserveFor's Reserve Now button follows the same rule.
func TestReserveAllowed(t *testing.T) {
	car := Car{ID: "c", Slug: "c", DealershipSlug: "north-used", CarType: CarTypeUsed, Status: StatusInStock, Price: 20000, ShowOnDealerWebsite: true}
	site := func(mod func(*Site)) Site {
		s := DefaultSite()
		s.Slug, s.Dealerships = "north", []Dealership{{Slug: "north-used"}, {Slug: "north-kia"}}
		if mod != nil {
			mod(&s)
		}
		return s
	}
	for _, tc := range []struct {
		name string
		car  func(*Car)
		site func(*Site)
		want bool
	}{
		{"defaults: a priced car in stock", nil, nil, true},
		{"reserving off", nil, func(s *Site) { s.Features.Reserve = false }, false},
		{"already reserved", func(c *Car) { c.Reserved = true }, nil, false},
		{"sold", func(c *Car) { c.Sold = true }, nil, false},
		{"coming soon", func(c *Car) { c.Status = StatusComingSoon }, nil, false},
		{"no price", func(c *Car) { c.Price = 0 }, nil, false},
		{"car type allowed", nil, func(s *Site) { s.Reserve.CarTypes = []CarType{CarTypeUsed} }, true},
		{"car type not allowed", nil, func(s *Site) { s.Reserve.CarTypes = []CarType{CarTypeNew} }, false},
		{"dealership allowed", nil, func(s *Site) { s.Reserve.Dealerships = []string{"north-used"} }, true},
		{"dealership not allowed", nil, func(s *Site) { s.Reserve.Dealerships = []string{"north-kia"} }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := car
			if tc.car != nil {
				tc.car(&c)
			}
			s := site(tc.site)
			if got := ReserveAllowed(c, s); got != tc.want {
				t.Errorf("ReserveAllowed = %v, want %v", got, tc.want)
			}
			if got := ReserveFor(c, s) != nil; got != tc.want {
				t.Errorf("Reserve Now shown = %v, want %v", got, tc.want)
			}
		})
	}
}

// Issue 13: the defaults are the spec's ($200, 48 hours, refundable text),
// and the reserve limits are validated by field.
func TestReserveConfig(t *testing.T) {
	s := DefaultSite()
	if DepositCents(s) != 20000 || PaidHold(s) != 48*time.Hour || s.Reserve.RefundableText != DefaultRefundableText {
		t.Fatalf("defaults: %d cents, %v, %q", DepositCents(s), PaidHold(s), s.Reserve.RefundableText)
	}
	s.Slug, s.Name = "north", "North"
	s.Reserve.CarTypes = []CarType{"boat"}
	s.Reserve.Dealerships = []string{"Not A Slug"}
	err := s.Validate()
	fields := FieldMessages(err)
	for _, f := range []string{"reserve.car_types[0]", "reserve.dealerships[0]"} {
		if _, ok := fields[f]; !ok {
			t.Errorf("Validate: %v, want an error naming %s", fields, f)
		}
	}
}

// Issue 13: a reservation holds its car only while pending or paid and
// before held_until.
func TestReservationHolds(t *testing.T) {
	now := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		state ReservationState
		until time.Time
		want  bool
	}{
		{ReservationPending, now.Add(time.Minute), true},
		{ReservationPaid, now.Add(time.Hour), true},
		{ReservationPaid, now, false},
		{ReservationReleased, now.Add(time.Hour), false},
		{ReservationRefunded, now.Add(time.Hour), false},
		{ReservationCancelled, now.Add(time.Hour), false},
	} {
		if got := (Reservation{State: tc.state, HeldUntil: tc.until}).Holds(now); got != tc.want {
			t.Errorf("%s until %v: Holds = %v, want %v", tc.state, tc.until.Sub(now), got, tc.want)
		}
	}
}

// Issue 13: the confirmation shows the hold's end in the dealership's time
// zone: its location's, else the site's time_zone; reserve.time_zone
// overrides both.
func TestHoldEndText(t *testing.T) {
	r := Reservation{DealershipSlug: "north-qld", HeldUntil: time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)}
	s := DefaultSite()
	if got, want := HoldEndText(r, s), "Wednesday 25 November 2026, 8:00 pm AEDT"; got != want {
		t.Errorf("site default zone (Sydney): %q, want %q", got, want)
	}
	s.TimeZone = "Australia/Adelaide"
	if got, want := HoldEndText(r, s), "Wednesday 25 November 2026, 7:30 pm ACDT"; got != want {
		t.Errorf("site time_zone: %q, want %q", got, want)
	}
	s.Locations = []Location{{ID: "l1", DealershipSlug: "other", TimeZone: "Australia/Darwin"}, {ID: "l2", DealershipSlug: "north-qld", TimeZone: "Australia/Brisbane"}}
	if got, want := HoldEndText(r, s), "Wednesday 25 November 2026, 7:00 pm AEST"; got != want {
		t.Errorf("dealership's location zone: %q, want %q", got, want)
	}
	s.Reserve.TimeZone = "Australia/Perth"
	if got, want := HoldEndText(r, s), "Wednesday 25 November 2026, 5:00 pm AWST"; got != want {
		t.Errorf("Perth: %q, want %q", got, want)
	}
	s.Slug, s.Name, s.Reserve.TimeZone = "north", "North", "Mars/Olympus"
	if _, ok := FieldMessages(s.Validate())["reserve.time_zone"]; !ok {
		t.Errorf("an unknown zone must fail validation naming reserve.time_zone")
	}
}
