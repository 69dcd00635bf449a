package shared

import "math"

// Finance calculator limits (spec 001 §9; issue 17). The price limit is the
// budget finder's clamp limit.
const (
	DefaultCalculatorRate = 10.0
	CalculatorMaxTerm     = 7
	CalculatorMaxRate     = 30.0

	CalcPerYearWeekly      = 52
	CalcPerYearFortnightly = 26
	CalcPerYearMonthly     = 12
)

// Calculator field messages, shown beside the field the shopper typed in.
const (
	CalcPriceMessage    = "Enter a price between $1 and $1,000,000"
	CalcDepositMessage  = "Deposit must be $0 or more and less than the price"
	CalcTermMessage     = "Choose a term of 1 to 7 years"
	CalcInterestMessage = "Enter a rate between 0% and 30%"
	CalcBalloonMessage  = "Balloon must be $0 or more and less than the amount financed"
)

// CalculatorInput is what the shopper enters in the finance calculator.
type CalculatorInput struct {
	Price        float64 `json:"price"`
	Deposit      float64 `json:"deposit"`
	TermYears    int     `json:"term_years"`
	InterestRate float64 `json:"interest_rate"`
	// Balloon is owed at the end of the term; a car page's calculator starts
	// with its estimate's balloon so both quote one figure (issue 32).
	Balloon float64 `json:"balloon,omitempty"`
}

// Calculation is the calculator's answer: the amount financed and the
// repayment per period in whole dollars, or the fields to correct.
type Calculation struct {
	Loan        int               `json:"loan"`
	Weekly      int               `json:"weekly"`
	Fortnightly int               `json:"fortnightly"`
	Monthly     int               `json:"monthly"`
	Errors      map[string]string `json:"errors,omitempty"`
}

// CalculateFinance computes the finance calculator's repayments (issue 17;
// spec 001 §9): the price less the deposit amortised at the rate over the
// term, weekly, fortnightly and monthly, leaving the balloon owed at the
// end, each rounded to whole dollars (Repayment). Out-of-range input gives no figures and the field messages,
// so a figure is never shown for a loan nobody could take.
func CalculateFinance(in CalculatorInput) Calculation {
	errs := map[string]string{}
	if !(in.Price >= 1 && in.Price <= BudgetClampLimit) {
		errs["price"] = CalcPriceMessage
	}
	if !(in.Deposit >= 0) || (errs["price"] == "" && in.Deposit >= in.Price) {
		errs["deposit"] = CalcDepositMessage
	}
	if in.TermYears < 1 || in.TermYears > CalculatorMaxTerm {
		errs["term_years"] = CalcTermMessage
	}
	if !(in.InterestRate >= 0 && in.InterestRate <= CalculatorMaxRate) {
		errs["interest_rate"] = CalcInterestMessage
	}
	if !(in.Balloon >= 0) || (errs["price"] == "" && errs["deposit"] == "" && in.Balloon > 0 && in.Balloon >= in.Price-in.Deposit) {
		errs["balloon"] = CalcBalloonMessage
	}
	if len(errs) > 0 {
		return Calculation{Errors: errs}
	}
	loan := in.Price - in.Deposit
	months := in.TermYears * 12
	return Calculation{
		Loan:        int(math.Round(loan)),
		Weekly:      Repayment(loan, in.Balloon, in.InterestRate, months, CalcPerYearWeekly),
		Fortnightly: Repayment(loan, in.Balloon, in.InterestRate, months, CalcPerYearFortnightly),
		Monthly:     Repayment(loan, in.Balloon, in.InterestRate, months, CalcPerYearMonthly),
	}
}
