package shared

import (
	"math"
	"strconv"
	"strings"
)

// Budget finder constants (spec 001 §9 "Budget finder").
const (
	BudgetMinFilterPrice = 1000 // the finder adds price > 1000 to its filter
)

// BudgetAmount coerces a budget finder input to a number (spec 001 §5): a
// value that is not a number counts as 0, and the result is clamped to 0 ..
// 1,000,000. Surrounding spaces are ignored; an empty input is 0.
func BudgetAmount(raw string) float64 {
	v, err := strconv.ParseFloat(strings.TrimSpace(raw), 64)
	if err != nil || math.IsNaN(v) {
		return 0
	}
	return ClampBudget(v)
}

// ClampBudget clamps v to 0 .. 1,000,000 (spec 001 §5).
func ClampBudget(v float64) float64 {
	if math.IsNaN(v) || v < 0 {
		return 0
	}
	return min(v, BudgetClampLimit)
}

// BudgetEstimate is the most a shopper can spend (spec 001 §9): repayment
// times 12 (monthly) or 52 (weekly) times the term in years, plus the
// deposit. Repayment and deposit are clamped first; a term of 0 means 5
// years. The result is rounded to whole dollars.
func BudgetEstimate(repayment, deposit float64, frequency string, years int) float64 {
	perYear := 12.0
	if frequency == "weekly" {
		perYear = 52
	}
	if years <= 0 {
		years = 5
	}
	return math.Round(ClampBudget(repayment)*perYear*float64(years) + ClampBudget(deposit))
}

// BudgetTooLow reports whether no car fits the budget: the estimate is under
// the lowest price among the results, so the finder's button is disabled and
// reads "0 {car type}s Found" (spec 001 §4). minPrice 0 means no results.
func BudgetTooLow(estimate, minPrice float64) bool {
	return minPrice <= 0 || estimate < minPrice
}
