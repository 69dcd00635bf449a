package shared

import (
	"testing"
	"time"
)

func TestWeeklyRepayment(t *testing.T) {
	tests := []struct {
		name        string
		price, rate float64
		years, want int
	}{
		{"spec 001 §9: $30,000 at 8.5% over 5 years, whole dollars", 30000, 8.5, 5, 142},
		{"$24,990 at 8.5% over 5 years", 24990, 8.5, 5, 118},
		{"zero rate spreads evenly", 26000, 0, 5, 100},
		{"no price (spec 001 §5: shown only above 10)", 10, 8.5, 5, 0},
		{"zero price", 0, 8.5, 5, 0},
		{"no term", 30000, 8.5, 0, 0},
		{"longer term costs less a week", 30000, 8.5, 7, 109},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := WeeklyRepayment(tt.price, tt.rate, tt.years); got != tt.want {
				t.Errorf("WeeklyRepayment(%v, %v, %d) = %d, want %d", tt.price, tt.rate, tt.years, got, tt.want)
			}
		})
	}
}

func TestRoundRate(t *testing.T) {
	for in, want := range map[float64]float64{8.5: 8.5, 9.1234: 9.12, 9.125001: 9.13, 0: 0} {
		if got := RoundRate(in); got != want {
			t.Errorf("RoundRate(%v) = %v, want %v (spec 001 §9: 2 decimals)", in, got, want)
		}
	}
}

func TestWeeklyPriceRange(t *testing.T) {
	tests := []struct {
		weekly int
		want   string
	}{
		{0, ""}, {1, "Under $100"}, {99, "Under $100"}, {100, "$100 - $150"}, {149, "$100 - $150"},
		{150, "$150 - $200"}, {200, "$200 - $300"}, {299, "$200 - $300"}, {300, "$300+"}, {1200, "$300+"},
	}
	for _, tt := range tests {
		if got := WeeklyPriceRange(tt.weekly); got != tt.want {
			t.Errorf("WeeklyPriceRange(%d) = %q, want %q (docs/contracts.md)", tt.weekly, got, tt.want)
		}
	}
}

func ptr[T any](v T) *T { return &v }

func TestFinanceEligible(t *testing.T) {
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	lender := FinanceLender{InterestRate: ptr(8.5), ComparisonRate: ptr(9.1), PaymentWeek: ptr(120.0), PaymentMonth: ptr(520.0)}
	car := func(mut func(*Car)) Car {
		c := Car{Make: "Toyota", Year: 2022, Price: 30000, Status: StatusInStock, DealershipSlug: "d",
			FinanceLenders: map[string]FinanceLender{"Taurus": lender, "Angle": lender, "Nissan Finance": lender, "AusLoans": lender}}
		if mut != nil {
			mut(&c)
		}
		return c
	}
	site := func(provider string) Site {
		s := Site{Dealerships: []Dealership{{Slug: "d", Name: "D"}, {Slug: "hidden", Name: "H", HideFinance: true}}}
		ApplyDefaults(&s)
		s.Finance.Provider = provider
		return s
	}
	tests := []struct {
		name     string
		provider string
		car      Car
		want     bool
	}{
		{"Taurus eligible", "Taurus", car(nil), true},
		{"no provider configured", "", car(nil), false},
		{"no lender data for provider", "Taurus", car(func(c *Car) { c.FinanceLenders = nil }), false},
		{"null comparison rate", "Taurus", car(func(c *Car) {
			l := lender
			l.ComparisonRate = nil
			c.FinanceLenders = map[string]FinanceLender{"Taurus": l}
		}), false},
		{"lender key matched case-insensitively", "Taurus", car(func(c *Car) { c.FinanceLenders = map[string]FinanceLender{"taurus": lender} }), true},
		{"Suzuki hidden by default", "Taurus", car(func(c *Car) { c.Make = "SUZUKI" }), false},
		{"dealership hidden", "Taurus", car(func(c *Car) { c.DealershipSlug = "hidden" }), false},
		{"Taurus: 12 years old is too old", "Taurus", car(func(c *Car) { c.Year = 2014 }), false},
		{"Taurus: 11 years old is fine", "Taurus", car(func(c *Car) { c.Year = 2015 }), true},
		{"Taurus: price 500 too low", "Taurus", car(func(c *Car) { c.Price = 500 }), false},
		{"Taurus: sold", "Taurus", car(func(c *Car) { c.Sold = true }), false},
		{"AusLoans: only availability", "AusLoans", car(func(c *Car) { c.Price = 0; c.Year = 1990 }), true},
		{"AusLoans: sold", "AusLoans", car(func(c *Car) { c.Status = StatusSold }), false},
		{"Angle: needs weekly payment", "Angle", car(func(c *Car) {
			l := lender
			l.PaymentWeek = nil
			c.FinanceLenders = map[string]FinanceLender{"Angle": l}
		}), false},
		{"Angle eligible", "Angle", car(nil), true},
		{"Nissan Finance: needs monthly payment", "Nissan Finance", car(func(c *Car) {
			l := lender
			l.PaymentMonth = nil
			c.FinanceLenders = map[string]FinanceLender{"Nissan Finance": l}
		}), false},
		{"coming soon is available", "Taurus", car(func(c *Car) { c.Status = StatusComingSoon }), true},
	}
	for _, tt := range tests {
		t.Run("spec 001 §5: "+tt.name, func(t *testing.T) {
			if got := FinanceEligible(tt.car, site(tt.provider), now); got != tt.want {
				t.Errorf("FinanceEligible = %v, want %v", got, tt.want)
			}
		})
	}
}
