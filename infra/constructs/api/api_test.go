package api

import (
	"slices"
	"testing"

	"forecourt/functions/httpapi/route"
)

// Every Lambda the route table names is a function here, and every HTTP
// function serves some route: a route cannot point at nothing.
func TestRouteTableNamesTheFunctions(t *testing.T) {
	var names []string
	for _, f := range functions() {
		names = append(names, f.name)
	}
	served := map[string]bool{}
	for _, r := range route.Routes() {
		if !slices.Contains(names, r.Lambda) {
			t.Errorf("route %s names Lambda %q, not one of %v", r.Key(), r.Lambda, names)
		}
		served[r.Lambda] = true
	}
	for _, p := range route.Prefixes() {
		if !served[p.Lambda] {
			t.Errorf("prefix %s goes to %q, which serves no route", p.Path, p.Lambda)
		}
	}
	for _, f := range functions() {
		if f.schedule == nil && !served[f.name] {
			t.Errorf("function %s has neither routes nor a schedule", f.name)
		}
	}
	if got := Routes(route.Ingest); !slices.Contains(got, GatewayRoute{"POST", "/ingest/v1/reindex"}) ||
		!slices.Contains(got, GatewayRoute{"ANY", "/ingest/{proxy+}"}) {
		t.Errorf("ingest routes %v lack the reindex route or the catch-all", got)
	}
}
