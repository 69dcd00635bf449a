package main

import (
	"strings"
	"testing"
)

// Issue 13: the reservations table (id, the by-dealership GSI, retained);
// the api function's Stripe keys come from Secrets Manager; Stripe's
// webhook route needs no shopper token (its signature is checked by the
// handler), the reservation routes' tokens are checked by the handler; the
// sweep, which ends lapsed holds, can reach the table.
func TestReservationsInfrastructure(t *testing.T) {
	s := synth(t)
	var found bool
	for id, tbl := range resources(s.json[StatefulStackName], "AWS::DynamoDB::Table") {
		if !strings.HasPrefix(id, "TablesReservations") {
			continue
		}
		found = true
		// flatten walks a map in no fixed order: compare the parts.
		if got := flatten(path(tbl, "Properties", "KeySchema")); len(got) != len("idHASH") || !strings.Contains(got, "id") || !strings.Contains(got, "HASH") {
			t.Errorf("reservations keys: %s, want id (hash)", got)
		}
		if got := flatten(path(tbl, "Properties", "GlobalSecondaryIndexes")); !strings.Contains(got, "by-dealership") ||
			!strings.Contains(got, "dealership_slug") || !strings.Contains(got, "created_at") {
			t.Errorf("reservations GSI: %s, want by-dealership on dealership_slug and created_at", got)
		}
		// Issue 15: the sweep's lapsed holds come from the sparse holding
		// index (holding, held_until as a number), not a scan.
		var holding map[string]any
		for _, gsi := range path(tbl, "Properties", "GlobalSecondaryIndexes").([]any) {
			if path(gsi, "IndexName") == "holding" {
				holding = gsi.(map[string]any)
			}
		}
		if got := flatten(path(holding, "KeySchema")); !strings.Contains(got, "holding") || !strings.Contains(got, "held_until") {
			t.Errorf("holding GSI keys: %s, want holding (hash) and held_until (range)", got)
		}
		if got := flatten(path(tbl, "Properties", "AttributeDefinitions")); !strings.Contains(got, "held_untilN") && !strings.Contains(got, "Nheld_until") {
			t.Errorf("attribute definitions %s, want held_until a number", got)
		}
		if tbl["DeletionPolicy"] != "Retain" {
			t.Errorf("reservations DeletionPolicy %v, want Retain", tbl["DeletionPolicy"])
		}
	}
	if !found {
		t.Fatal("no reservations table")
	}

	vars := path(appFunction(t, s, "api"), "Properties", "Environment", "Variables").(map[string]any)
	for name, want := range map[string]string{
		// Issue 15: by name, read at cold start.
		"STRIPE_SECRET_KEY_SECRET_ID":     "test/stripe#secret_key",
		"STRIPE_WEBHOOK_SECRET_SECRET_ID": "test/stripe#webhook_secret",
	} {
		if got, _ := vars[name].(string); got != want {
			t.Errorf("%s: %v, want %s", name, vars[name], want)
		}
	}
	if got := flatten(vars["RESERVATIONS_TABLE"]); !strings.Contains(got, "TablesReservations") {
		t.Errorf("api RESERVATIONS_TABLE: %s", got)
	}
	// The sweep ends lapsed holds; a feed run keeps held cars reserved.
	for _, fn := range []string{"sweep", "ingest"} {
		v := path(appFunction(t, s, fn), "Properties", "Environment", "Variables").(map[string]any)
		if got := flatten(v["RESERVATIONS_TABLE"]); !strings.Contains(got, "TablesReservations") {
			t.Errorf("%s RESERVATIONS_TABLE: %s", fn, got)
		}
	}
	for _, fn := range []string{"ingest", "deliver"} {
		v := path(appFunction(t, s, fn), "Properties", "Environment", "Variables").(map[string]any)
		if _, ok := v["STRIPE_SECRET_KEY"]; ok {
			t.Errorf("%s has STRIPE_SECRET_KEY", fn)
		}
	}

	auth := map[string]string{}
	for _, r := range resources(s.json[PlatformStackName], "AWS::ApiGatewayV2::Route") {
		typ, _ := path(r, "Properties", "AuthorizationType").(string)
		auth[path(r, "Properties", "RouteKey").(string)] = typ
	}
	// The shopper-token authorizer runs before the reservation routes (the
	// handler verifies the token as well: TestShopperRoutesHaveTheAuthorizer);
	// the webhook has none: the handler verifies Stripe's signature.
	for key, want := range map[string]string{
		"POST /api/reservations":     "CUSTOM",
		"GET /api/reservations/{id}": "CUSTOM",
		"POST /api/stripe/webhook":   "",
	} {
		got, ok := auth[key]
		if !ok {
			t.Errorf("no API Gateway route %s", key)
		} else if got != want && !(want == "" && got == "NONE") {
			t.Errorf("%s: authorization %q, want %q", key, got, want)
		}
	}
}
