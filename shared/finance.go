package shared

import (
	"math"
	"strings"
	"time"
)

// Finance and price thresholds (spec 001 §9 "Finance").
const (
	PriceDisplayThreshold = 10  // a price is shown only above this
	FinanceMinPrice       = 500 // finance needs a price above this
	MarketPriceThreshold  = 499 // below-market badge margin
	TaurusMaxAgeYears     = 12  // Taurus finances cars newer than this many years
)

// Defaults of finance.interest_rate and finance.term_years, which the
// weekly repayment estimate uses (spec 001 §9).
const (
	DefaultInterestRate = 8.5
	DefaultTermYears    = 5
)

// HasPrice reports whether price counts as a price at all: shown only when
// above 10 (spec 001 §5 "Price display").
func HasPrice(price float64) bool { return price > PriceDisplayThreshold }

// WeeklyRepayment is the weekly repayment estimate of spec 001 §9: a loan of
// price, fully amortised over years at ratePct per annum compounded weekly
// (52 payments a year), rounded to whole dollars. It is 0 when there is no
// price (HasPrice) or no term; a zero rate spreads the price evenly.
func WeeklyRepayment(price, ratePct float64, years int) int {
	if !HasPrice(price) || years <= 0 {
		return 0
	}
	n := float64(years * 52)
	r := ratePct / 100 / 52
	if r <= 0 {
		return int(math.Round(price / n))
	}
	return int(math.Round(price * r / (1 - math.Pow(1+r, -n))))
}

// RoundRate rounds an interest or comparison rate to 2 decimals, as the
// estimate shows it (spec 001 §9).
func RoundRate(rate float64) float64 { return math.Round(rate*100) / 100 }

// PriceRange is the price_range facet's bucket label for a price
// (docs/contracts.md "Search index"); lower bounds are inclusive. It is ""
// when the car has no price.
func PriceRange(price float64) string {
	switch {
	case !HasPrice(price):
		return ""
	case price < 10000:
		return "Under $10,000"
	case price < 20000:
		return "$10,000 - $20,000"
	case price < 30000:
		return "$20,000 - $30,000"
	case price < 40000:
		return "$30,000 - $40,000"
	case price < 50000:
		return "$40,000 - $50,000"
	case price < 75000:
		return "$50,000 - $75,000"
	case price < 100000:
		return "$75,000 - $100,000"
	}
	return "$100,000+"
}

// PriceRanges lists PriceRange's labels in ascending order.
var PriceRanges = []string{"Under $10,000", "$10,000 - $20,000", "$20,000 - $30,000", "$30,000 - $40,000", "$40,000 - $50,000", "$50,000 - $75,000", "$75,000 - $100,000", "$100,000+"}

// WeeklyPriceRange is the weekly_price_range facet's bucket label for a
// weekly repayment in whole dollars (docs/contracts.md); lower bounds are
// inclusive. It is "" for 0 (no price).
func WeeklyPriceRange(weekly int) string {
	switch {
	case weekly <= 0:
		return ""
	case weekly < 100:
		return "Under $100"
	case weekly < 150:
		return "$100 - $150"
	case weekly < 200:
		return "$150 - $200"
	case weekly < 300:
		return "$200 - $300"
	}
	return "$300+"
}

// WeeklyPriceRanges lists WeeklyPriceRange's labels in ascending order.
var WeeklyPriceRanges = []string{"Under $100", "$100 - $150", "$150 - $200", "$200 - $300", "$300+"}

// Lender returns the car's lender data for the provider, matching the
// provider's name case-insensitively.
func (c Car) Lender(provider string) (FinanceLender, bool) {
	if l, ok := c.FinanceLenders[provider]; ok {
		return l, true
	}
	for k, l := range c.FinanceLenders {
		if strings.EqualFold(k, provider) {
			return l, true
		}
	}
	return FinanceLender{}, false
}

// FinanceEligible reports whether the finance estimate block shows for the
// car on the site (spec 001 §5 "Finance estimate eligibility"): the site's
// provider has lender data on the car with an interest and a comparison rate;
// the make is not hidden (Suzuki by default) nor the dealership; then the
// provider's own conditions hold. Car Clarity's conditions are not in the
// spec; Forecourt treats it like Manual (price over 500, available, a weekly
// or monthly payment present).
func FinanceEligible(c Car, s Site, now time.Time) bool {
	p := s.Finance.Provider
	if p == "" {
		return false
	}
	l, ok := c.Lender(p)
	if !ok || l.InterestRate == nil || l.ComparisonRate == nil {
		return false
	}
	if financeHidden(c, s) {
		return false
	}
	priced := c.Price > FinanceMinPrice
	switch p {
	case "Taurus":
		return c.Year > now.Year()-TaurusMaxAgeYears && priced && c.Available()
	case "360 Finance", "AusLoans":
		return c.Available()
	case "Manual", "Angle", "Powertorque":
		return priced && c.Available() && l.PaymentWeek != nil
	case "Nissan Finance":
		return priced && c.Available() && l.PaymentMonth != nil
	case "Car Clarity":
		return priced && c.Available() && (l.PaymentWeek != nil || l.PaymentMonth != nil)
	}
	return false
}
