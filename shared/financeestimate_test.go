package shared

import (
	"testing"
	"time"
)

// TestEstimateFinance covers spec 001 §5 (eligibility per provider) and §9
// (rounding, Taurus deposit and offer window, fine print, disclaimer, the
// site default rate) through the block the car page renders.
func TestEstimateFinance(t *testing.T) {
	now := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	lender := func(mut func(*FinanceLender)) FinanceLender {
		l := FinanceLender{InterestRate: ptr(7.456), ComparisonRate: ptr(8.1234), TermMonths: 60}
		if mut != nil {
			mut(&l)
		}
		return l
	}
	car := func(provider string, l FinanceLender, mut func(*Car)) Car {
		c := Car{ID: "c-1", Slug: "2023-mazda-cx-5", Make: "Mazda", Model: "CX-5", Year: 2023, Price: 32990,
			Status: StatusInStock, DealershipSlug: "d", FinanceLenders: map[string]FinanceLender{provider: l}}
		if mut != nil {
			mut(&c)
		}
		return c
	}
	site := func(provider string, mut func(*Site)) Site {
		s := DefaultSite()
		s.Dealerships = []Dealership{{Slug: "d", Name: "D"}, {Slug: "quiet", Name: "Q", HideFinance: true}}
		s.Finance.Provider = provider
		if mut != nil {
			mut(&s)
		}
		return s
	}
	weekly := lender(func(l *FinanceLender) { l.PaymentWeek = ptr(123.49) })
	monthly := lender(func(l *FinanceLender) { l.PaymentMonth = ptr(612.5) })
	none := func(t *testing.T, e *FinanceEstimate) {
		if e != nil {
			t.Errorf("estimate %+v, want the block hidden", *e)
		}
	}
	amount := func(freq string, want int, text string) func(t *testing.T, e *FinanceEstimate) {
		return func(t *testing.T, e *FinanceEstimate) {
			if e == nil {
				t.Fatalf("no estimate, want %s %d", freq, want)
			}
			if e.Frequency != freq || e.Amount != want || e.AmountText != text {
				t.Errorf("got %s %d %q, want %s %d %q", e.Frequency, e.Amount, e.AmountText, freq, want, text)
			}
		}
	}
	tests := []struct {
		name  string
		car   Car
		site  Site
		check func(t *testing.T, e *FinanceEstimate)
	}{
		{"Manual: the lender's weekly payment, rounded to whole dollars", car("Manual", weekly, nil), site("Manual", nil), amount("weekly", 123, "$123")},
		{"Angle: same rule as Manual", car("Angle", weekly, nil), site("Angle", nil), amount("weekly", 123, "$123")},
		{"Powertorque: same rule as Manual", car("Powertorque", weekly, nil), site("Powertorque", nil), amount("weekly", 123, "$123")},
		{"Manual without a weekly payment: hidden", car("Manual", lender(nil), nil), site("Manual", nil), none},
		{"Manual at $500: hidden (price must be over 500)", car("Manual", weekly, func(c *Car) { c.Price = 500 }), site("Manual", nil), none},
		{"Nissan Finance: monthly", car("Nissan Finance", monthly, nil), site("Nissan Finance", nil), amount("monthly", 613, "$613")},
		{"Nissan Finance without a monthly payment: hidden", car("Nissan Finance", weekly, nil), site("Nissan Finance", nil), none},
		{"360 Finance: computed from the rate when no payment is given", car("360 Finance", lender(nil), nil), site("360 Finance", nil),
			amount("weekly", Repayment(32990, 0, 7.456, 60, 52), FormatPrice(float64(Repayment(32990, 0, 7.456, 60, 52))))},
		{"AusLoans: the lender's weekly payment", car("AusLoans", weekly, nil), site("AusLoans", nil), amount("weekly", 123, "$123")},
		{"AusLoans: a sold car is hidden", car("AusLoans", weekly, func(c *Car) { c.Sold = true }), site("AusLoans", nil), none},
		{"Car Clarity: a weekly payment shows", car("Car Clarity", weekly, nil), site("Car Clarity", nil), amount("weekly", 123, "$123")},
		{"Taurus: 10% deposit, loan on the rest", car("Taurus", lender(nil), nil), site("Taurus", nil), func(t *testing.T, e *FinanceEstimate) {
			want := Repayment(32990-3299, 0, 7.456, 60, 52)
			amount("weekly", want, FormatPrice(float64(want)))(t, e)
			if e.Deposit == nil || e.Deposit.Percent != 10 || e.Deposit.Amount != 3299 || e.Deposit.AmountText != "$3,299" {
				t.Errorf("deposit %+v, want 10%% = $3,299", e.Deposit)
			}
		}},
		{"Taurus: the offer is valid one month from the request day", car("Taurus", weekly, nil), site("Taurus", nil), func(t *testing.T, e *FinanceEstimate) {
			if e == nil || e.OfferValidUntil != "2026-12-23" {
				t.Errorf("offer valid until %v, want 2026-12-23", e)
			}
		}},
		{"Taurus: a car 12 years old is hidden", car("Taurus", weekly, func(c *Car) { c.Year = 2014 }), site("Taurus", nil), none},
		{"rates rounded to 2 decimals, term and texts", car("Manual", weekly, nil), site("Manual", nil), func(t *testing.T, e *FinanceEstimate) {
			if e.InterestRate != 7.46 || e.ComparisonRate == nil || *e.ComparisonRate != 8.12 {
				t.Errorf("rates %v / %v, want 7.46 / 8.12", e.InterestRate, e.ComparisonRate)
			}
			if e.TermMonths != 60 || e.TermText != "5 years" || e.TermsPath != "/terms-and-conditions" {
				t.Errorf("term %d %q terms %q", e.TermMonths, e.TermText, e.TermsPath)
			}
			if e.FinePrint != "Comparison rate is based on a 5-year secured loan of $30,000." || e.Disclaimer != DefaultIndicativeDisclaimer {
				t.Errorf("fine print %q disclaimer %q", e.FinePrint, e.Disclaimer)
			}
			if e.Source != FinanceFromLender || e.Label != "" || e.OfferValidUntil != "" || e.Deposit != nil {
				t.Errorf("estimate %+v, want a plain lender estimate", *e)
			}
		}},
		{"Suzuki: hidden by default", car("Manual", weekly, func(c *Car) { c.Make = "Suzuki" }), site("Manual", nil), none},
		{"a listed dealership: hidden", car("Manual", weekly, func(c *Car) { c.DealershipSlug = "quiet" }), site("Manual", nil), none},
		{"lender data of another provider only: hidden", car("Angle", weekly, nil), site("Manual", nil), none},
		{"no comparison rate: hidden", car("Manual", lender(func(l *FinanceLender) { l.PaymentWeek, l.ComparisonRate = ptr(99.0), nil }), nil), site("Manual", nil), none},
		{"provider disclaimer: lazy path by car id", car("Manual", lender(func(l *FinanceLender) { l.PaymentWeek, l.Disclaimer = ptr(99.0), "Approved credit only." }), nil), site("Manual", nil),
			func(t *testing.T, e *FinanceEstimate) {
				if e == nil || e.DisclaimerPath != "/api/cars/c-1/finance-disclaimer" {
					t.Errorf("disclaimer path %v, want /api/cars/c-1/finance-disclaimer", e)
				}
			}},
		{"issue 17: no lender data and the default rate off (default): hidden", car("Manual", weekly, func(c *Car) { c.FinanceLenders = nil }), site("Manual", nil), none},
		{"issue 17: the site's default rate, labelled, where the site allows it", car("Manual", weekly, func(c *Car) { c.FinanceLenders = nil }),
			site("Manual", func(s *Site) { s.Finance.DefaultRateEstimate = true }), func(t *testing.T, e *FinanceEstimate) {
				amount("weekly", WeeklyRepayment(32990, 8.5, 5), FormatPrice(float64(WeeklyRepayment(32990, 8.5, 5))))(t, e)
				if e.Source != FinanceFromSiteDefault || e.Label != DefaultRateEstimateLabel || e.InterestRate != 8.5 || e.TermText != "5 years" || e.ComparisonRate != nil {
					t.Errorf("estimate %+v, want a labelled 8.5%% over 5 years without a comparison rate", *e)
				}
			}},
		{"issue 17: the default rate still hides Suzuki", car("Manual", weekly, func(c *Car) { c.FinanceLenders, c.Make = nil, "Suzuki" }),
			site("Manual", func(s *Site) { s.Finance.DefaultRateEstimate = true }), none},
		{"no provider configured: hidden", car("Manual", weekly, nil), site("", nil), none},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.check(t, EstimateFinance(tt.car, tt.site, now)) })
	}
}

func TestRepayment(t *testing.T) {
	tests := []struct {
		name                     string
		principal, balloon, rate float64
		months, perYear, want    int
	}{
		{"matches WeeklyRepayment for whole years", 30000, 0, 8.5, 60, 52, WeeklyRepayment(30000, 8.5, 5)},
		{"monthly", 30000, 0, 8.5, 60, 12, 615},
		{"a balloon lowers the payment", 30000, 9000, 8.5, 60, 52, 114},
		{"zero rate spreads evenly", 26000, 0, 0, 60, 52, 100},
		{"nothing to repay", 0, 0, 8.5, 60, 52, 0},
		{"no term", 30000, 0, 8.5, 0, 52, 0},
	}
	for _, tt := range tests {
		if got := Repayment(tt.principal, tt.balloon, tt.rate, tt.months, tt.perYear); got != tt.want {
			t.Errorf("%s: Repayment = %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestTermText(t *testing.T) {
	for months, want := range map[int]string{0: "", 12: "1 year", 60: "5 years", 54: "54 months"} {
		if got := TermText(months); got != want {
			t.Errorf("TermText(%d) = %q, want %q", months, got, want)
		}
	}
}

func TestFinanceDisclaimer(t *testing.T) {
	s := DefaultSite()
	s.Finance.Provider = "Angle"
	c := Car{FinanceLenders: map[string]FinanceLender{"angle": {Disclaimer: " Angle terms apply. "}, "Manual": {Disclaimer: "Manual terms."}}}
	if got := FinanceDisclaimer(c, s); got != "Angle terms apply." {
		t.Errorf("got %q, want the site provider's disclaimer", got)
	}
	s.Finance.Provider, s.Finance.Disclaimer = "Taurus", "Site terms."
	if got := FinanceDisclaimer(c, s); got != "Site terms." {
		t.Errorf("got %q, want the site's disclaimer when the car has none for the provider", got)
	}
}

// TestFinanceFinePrint: the words under a listing's results that a card's
// "per week*" asterisk refers to (spec 001 §1, §9; issue 33), from the
// site's own texts.
func TestFinanceFinePrint(t *testing.T) {
	tests := []struct {
		name string
		f    FinanceConfig
		want string
	}{
		{"defaults", DefaultSite().Finance, "*" + DefaultIndicativeDisclaimer + " " + DefaultFinePrint},
		{"a site's own words", FinanceConfig{IndicativeDisclaimer: "Estimate only.", FinePrint: "Based on $20,000 over 3 years."}, "*Estimate only. Based on $20,000 over 3 years."},
		{"no fine print", FinanceConfig{IndicativeDisclaimer: "Estimate only."}, "*Estimate only."},
	}
	for _, tt := range tests {
		if got := FinanceFinePrint(tt.f); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}
