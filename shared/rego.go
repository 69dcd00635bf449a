package shared

import (
	"errors"
	"regexp"
	"slices"
	"strings"
)

// RegoStates are the Australian states and territories a registration
// belongs to (the trade-in form's regoState).
var RegoStates = []string{"ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"}

// Plates in every state are 1 to 9 letters and digits; spaces, hyphens and
// dots shoppers type between groups are not part of the plate.
var (
	regoRE       = regexp.MustCompile(`^[A-Z0-9]{1,9}$`)
	regoSpacesRE = regexp.MustCompile(`[\s.\-]+`)
)

// RegoVehicle is what a registration lookup knows about a vehicle (the
// trade-in form's first step).
type RegoVehicle struct {
	Rego         string `json:"rego"`
	State        string `json:"regoState"`
	Year         int    `json:"year"`
	Make         string `json:"make"`
	Model        string `json:"model"`
	Badge        string `json:"badge,omitempty"`
	Body         string `json:"body,omitempty"`
	Transmission string `json:"transmission,omitempty"`
	Fuel         string `json:"fuel,omitempty"`
	Colour       string `json:"colour,omitempty"`
	VIN          string `json:"vin,omitempty"`
}

// ParseRego normalises a plate and its state as typed ("abc 123", "qld")
// to the form lookups use ("ABC123", "QLD"). A malformed plate is an
// EINVALID error on rego, an unknown state one on regoState (joined).
func ParseRego(rego, state string) (string, string, error) {
	var errs []error
	plate := strings.ToUpper(regoSpacesRE.ReplaceAllString(strings.TrimSpace(rego), ""))
	switch {
	case plate == "":
		errs = append(errs, FieldError("rego", "Rego is required"))
	case !regoRE.MatchString(plate):
		errs = append(errs, FieldError("rego", "Rego must be 1 to 9 letters and digits"))
	}
	st := strings.ToUpper(strings.TrimSpace(state))
	if !slices.Contains(RegoStates, st) {
		errs = append(errs, FieldError("regoState", "State must be one of %s", strings.Join(RegoStates, ", ")))
	}
	if len(errs) > 0 {
		return "", "", errors.Join(errs...)
	}
	return plate, st, nil
}
