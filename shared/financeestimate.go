package shared

import (
	"math"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Finance constants of spec 001 §9 that the estimate block uses.
const (
	// TaurusDepositPercent is the deposit a Taurus estimate assumes.
	TaurusDepositPercent = 10
	// TermsPath is the rate tooltip's link (spec 001 §2).
	TermsPath = "/terms-and-conditions"
	// DefaultFinePrint is finance.fine_print's default.
	DefaultFinePrint = "Comparison rate is based on a 5-year secured loan of $30,000."
	// DefaultIndicativeDisclaimer is finance.indicative_disclaimer's default.
	DefaultIndicativeDisclaimer = "Repayments are indicative only and are not a binding quote. " +
		"They do not take your personal financial situation into account. " +
		"Finance is available to approved applicants only. Terms, fees and lending criteria apply."
	// DefaultRateEstimateLabel is finance.default_rate_label's default: it
	// tells the shopper a site-default estimate is not the lender's.
	DefaultRateEstimateLabel = "Estimate at our standard rate"
)

// Repayment frequencies.
const (
	FrequencyWeekly  = "weekly"
	FrequencyMonthly = "monthly"
)

// EstimateFinance computes the finance block of car c on site s at now, or
// nil when it does not show. With the provider's lender data it shows when
// FinanceEligible holds (spec 001 §5); the repayment is the lender's own
// (paymentWeek, or paymentMonth for Nissan Finance and a Car Clarity car
// with only a monthly figure), else computed from the interest rate, term,
// deposit and balloon. A Taurus estimate assumes a 10% deposit and is valid
// one month from now. Without lender data, a site with
// finance.default_rate_estimate gets an estimate at its own rate and term,
// labelled as such (issue 17 clarification), under the same hidden-make,
// dealership, price and availability rules. An estimate of $0 is not shown.
func EstimateFinance(c Car, s Site, now time.Time) *FinanceEstimate {
	f := s.Finance
	e := &FinanceEstimate{
		Provider:   f.Provider,
		Source:     FinanceFromLender,
		Frequency:  FrequencyWeekly,
		FinePrint:  f.FinePrint,
		Disclaimer: f.IndicativeDisclaimer,
		TermsPath:  TermsPath,
	}
	l, hasLender := c.Lender(f.Provider)
	switch {
	case FinanceEligible(c, s, now):
		e.InterestRate = RoundRate(*l.InterestRate)
		cr := RoundRate(*l.ComparisonRate)
		e.ComparisonRate = &cr
		e.TermMonths = lenderTermMonths(l, f.TermYears)
		e.Balloon = roundDollars(l.Balloon)
		deposit := l.Deposit
		if f.Provider == "Taurus" {
			deposit = c.Price * TaurusDepositPercent / 100
			e.Deposit = &FinanceDeposit{Percent: TaurusDepositPercent}
			e.OfferValidUntil = now.AddDate(0, 1, 0).Format(time.DateOnly)
		} else if deposit > 0 {
			e.Deposit = &FinanceDeposit{}
		}
		if e.Deposit != nil {
			e.Deposit.Amount = roundDollars(deposit)
			e.Deposit.AmountText = FormatPrice(deposit)
		}
		switch {
		case f.Provider == "Nissan Finance" || (l.PaymentWeek == nil && l.PaymentMonth != nil):
			e.Frequency = FrequencyMonthly
			if l.PaymentMonth != nil {
				e.Amount = roundDollars(*l.PaymentMonth)
			}
		case l.PaymentWeek != nil:
			e.Amount = roundDollars(*l.PaymentWeek)
		default:
			// From the deposit and balloon as shown (whole dollars), so a
			// calculator started at these terms quotes the same (issue 32).
			e.Amount = Repayment(c.Price-math.Round(deposit), math.Round(l.Balloon), *l.InterestRate, e.TermMonths, 52)
		}
		if l.Disclaimer != "" || f.Disclaimer != "" {
			e.DisclaimerPath = "/api/cars/" + url.PathEscape(c.ID) + "/finance-disclaimer"
		}
	case f.DefaultRateEstimate && !hasLender && !financeHidden(c, s) && c.Price > FinanceMinPrice && c.Available():
		e.Source = FinanceFromSiteDefault
		e.Label = f.DefaultRateLabel
		e.InterestRate = RoundRate(f.InterestRate)
		e.TermMonths = f.TermYears * 12
		e.Amount = WeeklyRepayment(c.Price, f.InterestRate, f.TermYears)
		if f.Disclaimer != "" {
			e.DisclaimerPath = "/api/cars/" + url.PathEscape(c.ID) + "/finance-disclaimer"
		}
	default:
		return nil
	}
	if e.Amount <= 0 {
		return nil
	}
	e.AmountText = FormatPrice(float64(e.Amount))
	e.TermText = TermText(e.TermMonths)
	return e
}

// financeHidden reports whether the site hides finance for the car whatever
// the provider: its make is one of finance.hidden_makes (Suzuki by default)
// or its dealership has hide_finance (spec 001 §5).
func financeHidden(c Car, s Site) bool {
	for _, m := range s.Finance.HiddenMakes {
		if strings.EqualFold(strings.TrimSpace(m), strings.TrimSpace(c.Make)) {
			return true
		}
	}
	d, ok := s.Dealership(c.DealershipSlug)
	return ok && d.HideFinance
}

// lenderTermMonths is the lender's term (termMonths, else termYears), else
// the site's term in years.
func lenderTermMonths(l FinanceLender, siteYears int) int {
	switch {
	case l.TermMonths > 0:
		return l.TermMonths
	case l.TermYears > 0:
		return l.TermYears * 12
	}
	return siteYears * 12
}

// Repayment is the repayment of a loan of principal over months, at ratePct
// per annum with perYear payments a year (52 weekly, 12 monthly), leaving
// balloon owed at the end, rounded to whole dollars. 0 when there is
// nothing to repay or no term.
func Repayment(principal, balloon, ratePct float64, months, perYear int) int {
	if principal <= 0 || months <= 0 || perYear <= 0 {
		return 0
	}
	n := math.Round(float64(months) * float64(perYear) / 12)
	r := ratePct / 100 / float64(perYear)
	if r <= 0 {
		return int(math.Round((principal - balloon) / n))
	}
	pv := principal - balloon*math.Pow(1+r, -n)
	return int(math.Round(pv * r / (1 - math.Pow(1+r, -n))))
}

// TermText writes a term for people: whole years as "5 years", else months.
func TermText(months int) string {
	switch {
	case months <= 0:
		return ""
	case months == 12:
		return "1 year"
	case months%12 == 0:
		return strconv.Itoa(months/12) + " years"
	}
	return strconv.Itoa(months) + " months"
}

// FinanceDisclaimer is the provider's disclaimer for the car on the site
// (spec 001 §7 "Fetch car finance disclaimer"): finance_lenders[provider].
// disclaimer, else the site's finance.disclaimer; "" when neither is set.
func FinanceDisclaimer(c Car, s Site) string {
	if l, ok := c.Lender(s.Finance.Provider); ok && strings.TrimSpace(l.Disclaimer) != "" {
		return strings.TrimSpace(l.Disclaimer)
	}
	return strings.TrimSpace(s.Finance.Disclaimer)
}

// FinanceFinePrint is what the asterisk of a listing card's "$X per week*"
// refers to, said once under the results (spec 001 §1 "with disclaimers";
// issue 33): the indicative-only disclaimer and the comparison-rate fine
// print. The web's SearchResults renders the same words.
func FinanceFinePrint(f FinanceConfig) string {
	return strings.TrimSpace("*" + f.IndicativeDisclaimer + " " + f.FinePrint)
}
