// Package rego looks vehicles up by their registration plate, for the
// trade-in form's first step (POST /api/leads/rego-lookup). A commercial
// registration-data provider plugs in behind Provider, as geocoders do
// behind geocode.Provider; Table is the local one (the demo plates) the dev
// gateway and tests use. Where no provider is configured the form does not
// offer the lookup (issue 35).
package rego

import (
	"context"

	"forecourt/shared"
)

// Provider finds a vehicle by plate and state, both normalised by
// shared.ParseRego. An unknown plate is an ENOTFOUND *shared.Error.
type Provider interface {
	LookupRego(ctx context.Context, plate, state string) (shared.RegoVehicle, error)
}

// Table is a Provider over a fixed set of vehicles: the demo plates of the
// local stack. It is never the production answer: a table knowing no plate
// would turn every shopper's lookup into "not found".
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

var _ Provider = (*Table)(nil)
