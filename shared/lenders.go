package shared

import (
	"fmt"
	"slices"
	"strings"
)

// Limits of the lender data a feed may carry (spec 001 §3 "Finance lender
// data"); a value outside them is a feed error, not a shopper's estimate.
const (
	MaxLenderRate       = 50  // percent per annum
	MaxLenderTermMonths = 120 // ten years
	MaxDisclaimerLength = 5000
)

// NormalizeLenders checks a car's finance_lenders as a feed sent them and
// returns them keyed by the spec's provider names ("taurus" -> "Taurus");
// a provider outside the spec's list keeps its own (trimmed) name.
// field is the offending value's path ("finance_lenders.Taurus.interestRate")
// and reason says what is wrong, when something is.
func NormalizeLenders(in map[string]FinanceLender) (out map[string]FinanceLender, field, reason string) {
	if len(in) == 0 {
		return nil, "", ""
	}
	keys := make([]string, 0, len(in))
	for k := range in {
		keys = append(keys, k)
	}
	slices.Sort(keys) // the first error reported is the same every run
	out = make(map[string]FinanceLender, len(in))
	for _, k := range keys {
		l := in[k]
		// A lender no site uses yet is kept under its own name: the feed's
		// data is not lost, and no site's provider matches it.
		name, ok := providerName(k)
		if !ok {
			name = strings.TrimSpace(k)
		}
		p := "finance_lenders." + k
		if name == "" {
			return nil, "finance_lenders", "a provider name is empty"
		}
		if _, dup := out[name]; dup {
			return nil, p, fmt.Sprintf("provider %s is given twice", name)
		}
		p = "finance_lenders." + name
		for _, r := range []struct {
			f string
			v *float64
		}{{"interestRate", l.InterestRate}, {"comparisonRate", l.ComparisonRate}} {
			if r.v != nil && (*r.v < 0 || *r.v > MaxLenderRate) {
				return nil, p + "." + r.f, fmt.Sprintf("want a percentage from 0 to %d, got %v", MaxLenderRate, *r.v)
			}
		}
		for _, m := range []struct {
			f string
			v *float64
		}{{"paymentWeek", l.PaymentWeek}, {"paymentMonth", l.PaymentMonth}} {
			if m.v != nil && *m.v < 0 {
				return nil, p + "." + m.f, fmt.Sprintf("must not be negative, got %v", *m.v)
			}
		}
		switch {
		case l.TermMonths < 0 || l.TermMonths > MaxLenderTermMonths:
			return nil, p + ".termMonths", fmt.Sprintf("want 0 to %d months, got %d", MaxLenderTermMonths, l.TermMonths)
		case l.TermYears < 0 || l.TermYears*12 > MaxLenderTermMonths:
			return nil, p + ".termYears", fmt.Sprintf("want 0 to %d years, got %d", MaxLenderTermMonths/12, l.TermYears)
		case l.Deposit < 0:
			return nil, p + ".deposit", fmt.Sprintf("must not be negative, got %v", l.Deposit)
		case l.Balloon < 0:
			return nil, p + ".balloon", fmt.Sprintf("must not be negative, got %v", l.Balloon)
		case len(l.Disclaimer) > MaxDisclaimerLength:
			return nil, p + ".disclaimer", fmt.Sprintf("longer than %d characters", MaxDisclaimerLength)
		}
		l.Disclaimer = strings.TrimSpace(l.Disclaimer)
		out[name] = l
	}
	return out, "", ""
}

// providerName returns the spec's spelling of a provider name, matched
// ignoring case, spaces and punctuation ("nissan_finance" -> "Nissan Finance").
func providerName(k string) (string, bool) {
	for _, p := range FinanceProviders {
		if Squash(p) == Squash(k) {
			return p, true
		}
	}
	return "", false
}
