// Package rego looks vehicles up by their registration plate, for the
// trade-in form's first step (POST /api/leads/rego-lookup). A commercial
// registration-data provider plugs in behind Lookup; Table is the
// deterministic stand-in the dev gateway and tests use.
package rego

import (
	"context"

	"forecourt/shared"
)

// Lookup finds a vehicle by plate and state, both normalised by
// shared.ParseRego. An unknown plate is an ENOTFOUND *shared.Error.
type Lookup interface {
	LookupRego(ctx context.Context, plate, state string) (shared.RegoVehicle, error)
}

// Table is a Lookup over a fixed set of vehicles: the demo plates locally,
// and the answer in AWS until a provider is contracted (then it knows no
// plate, and every lookup is a 404 the form handles by asking for make and
// model instead).
type Table struct {
	byKey map[string]shared.RegoVehicle
}

// NewTable returns a Table knowing the vehicles by their Rego and State.
func NewTable(vehicles []shared.RegoVehicle) *Table {
	t := &Table{byKey: make(map[string]shared.RegoVehicle, len(vehicles))}
	for _, v := range vehicles {
		t.byKey[v.State+"/"+v.Rego] = v
	}
	return t
}

// LookupRego returns the vehicle registered as plate in state.
func (t *Table) LookupRego(_ context.Context, plate, state string) (shared.RegoVehicle, error) {
	v, ok := t.byKey[state+"/"+plate]
	if !ok {
		return shared.RegoVehicle{}, shared.Errorf(shared.ENOTFOUND, "No vehicle found for this rego. Please enter the make and model instead.")
	}
	return v, nil
}
