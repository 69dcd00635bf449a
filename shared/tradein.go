package shared

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// TradeInVehicle is the shopper's own car that a trade-in lead offers
// (issue 9 trade-in steps): what a rego lookup found, or the make, model
// and year typed in, plus the odometer. Its JSON names are those of the
// rego lookup's answer, so the web passes that answer on unchanged.
type TradeInVehicle struct {
	Year         int    `json:"year,omitempty"`
	Make         string `json:"make,omitempty"`
	Model        string `json:"model,omitempty"`
	Badge        string `json:"badge,omitempty"`
	Body         string `json:"body,omitempty"`
	Transmission string `json:"transmission,omitempty"`
	Fuel         string `json:"fuel,omitempty"`
	Colour       string `json:"colour,omitempty"`
	VIN          string `json:"vin,omitempty"`
	KM           int    `json:"km,omitempty"`
}

// Name is "year make model badge", leaving out what is unknown.
func (v TradeInVehicle) Name() string {
	var parts []string
	if v.Year > 0 {
		parts = append(parts, fmt.Sprint(v.Year))
	}
	for _, p := range []string{v.Make, v.Model, v.Badge} {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, " ")
}

// TradeInPaths are the trade-in entry points a site may name (spec 001 §2).
var TradeInPaths = []string{"/trade-in", "/sell-your-car", "/sell-my-car"}

// TradeInQuestion is one condition question of the trade-in form's second
// step (spec 001 §7 "valuation adjustments": its answers are the lead's
// adjustmentAnswers, keyed by ID).
type TradeInQuestion struct {
	ID      string   `json:"id"`
	Label   string   `json:"label"`
	Options []string `json:"options"`
}

// DefaultTradeInQuestions are the condition questions a site asks unless its
// leads.trade_in_questions lists its own.
func DefaultTradeInQuestions() []TradeInQuestion {
	return []TradeInQuestion{
		{ID: "condition", Label: "Overall condition", Options: []string{"Excellent", "Good", "Fair", "Poor"}},
		{ID: "service_history", Label: "Service history", Options: []string{"Full", "Partial", "None"}},
		{ID: "accident_history", Label: "Has it been in an accident?", Options: []string{"No", "Yes"}},
		{ID: "keys", Label: "Number of keys", Options: []string{"2 or more", "1"}},
	}
}

// Trade-in vehicle limits: a year from the first cars on Australian roads
// to far enough ahead for next year's models; odometers up to 2,000,000 km.
const (
	minTradeInYear = 1900
	maxTradeInYear = 2100
	maxTradeInKM   = 2_000_000
)

// validateTradeIn checks a lead's trade-in vehicle and condition answers:
// a plausible year and odometer, and each answer one of the options of a
// question the site asks. Every violation names its field.
func validateTradeIn(l Lead, s Site) []error {
	var errs []error
	if v := l.TradeInVehicle; v != nil {
		if v.Year != 0 && (v.Year < minTradeInYear || v.Year > maxTradeInYear) {
			errs = append(errs, FieldError("trade_in_vehicle.year", "Enter the year the car was built, like 2018"))
		}
		if v.KM < 0 || v.KM > maxTradeInKM {
			errs = append(errs, FieldError("trade_in_vehicle.km", "Enter the odometer in km, up to 2,000,000"))
		}
	}
	ids := make([]string, 0, len(l.AdjustmentAnswers))
	for id := range l.AdjustmentAnswers {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		i := slices.IndexFunc(s.Leads.TradeInQuestions, func(q TradeInQuestion) bool { return q.ID == id })
		field := "adjustmentAnswers." + id
		switch {
		case i < 0:
			errs = append(errs, FieldError(field, "unknown question"))
		case !slices.Contains(s.Leads.TradeInQuestions[i].Options, l.AdjustmentAnswers[id]):
			errs = append(errs, FieldError(field, "Choose one of %s", strings.Join(s.Leads.TradeInQuestions[i].Options, ", ")))
		}
	}
	return errs
}

// validateTradeInQuestions checks a site's condition questions: each with
// an id, a label and at least two options, ids unique.
func validateTradeInQuestions(qs []TradeInQuestion) error {
	var errs []error
	seen := map[string]bool{}
	for i, q := range qs {
		p := fmt.Sprintf("leads.trade_in_questions[%d]", i)
		if q.ID == "" || seen[q.ID] {
			errs = append(errs, FieldError(p+".id", "want a unique id"))
		}
		seen[q.ID] = true
		if strings.TrimSpace(q.Label) == "" {
			errs = append(errs, FieldError(p+".label", "required"))
		}
		if len(q.Options) < 2 {
			errs = append(errs, FieldError(p+".options", "want at least two options"))
		}
	}
	return errors.Join(errs...)
}
