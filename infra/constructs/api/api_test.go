package api

import (
	"os"
	"regexp"
	"slices"
	"strings"
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
		// The authorizer is invoked by API Gateway before the shopper
		// routes (TestShopperRoutesHaveTheAuthorizer), not through a route.
		if f.schedule == nil && f.attach == nil && !served[f.name] && f.name != Authorizer {
			t.Errorf("function %s has no routes, schedule or event source", f.name)
		}
	}
	if got := Routes(route.Ingest); !slices.Contains(got, GatewayRoute{"POST", "/ingest/v1/reindex"}) ||
		!slices.Contains(got, GatewayRoute{"ANY", "/ingest/{proxy+}"}) {
		t.Errorf("ingest routes %v lack the reindex route or the catch-all", got)
	}
}

// The Lambdas built are the Lambdas deployed: scripts/build-lambdas.sh's
// LAMBDAS list names exactly the functions here.
func TestBuildScriptBuildsEveryFunction(t *testing.T) {
	script, err := os.ReadFile("../../../scripts/build-lambdas.sh")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^LAMBDAS=\(([^)]*)\)`).FindSubmatch(script)
	if m == nil {
		t.Fatal("scripts/build-lambdas.sh has no LAMBDAS=(...) line")
	}
	built := strings.Fields(string(m[1]))
	slices.Sort(built)
	names := Names()
	slices.Sort(names)
	if !slices.Equal(built, names) {
		t.Errorf("build-lambdas.sh builds %v, the CDK app deploys %v", built, names)
	}
}
