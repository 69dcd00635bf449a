package main

import (
	"slices"
	"strings"
	"testing"

	"forecourt/infra/constructs/param"
)

// Issue 12: each tenant has its own app client in the shopper pool, named
// by its slug, with no secret (a browser signs in with SRP), its callback
// and sign-out URLs on the site's own domains only. Issue 18: the client
// lives in the tenant's stack, in the pool the stateful stack publishes as
// an SSM parameter, and its id is stored with the site (the API accepts a
// token on a site only from that site's client), so the stateful and
// platform stacks do not grow with the tenants.
func TestEachTenantHasItsOwnAppClient(t *testing.T) {
	s := synth(t)
	if len(s.tenants) == 0 {
		t.Fatal("no tenants synthesized")
	}
	if got := len(resources(s.json[StatefulStackName], "AWS::Cognito::UserPoolClient")); got != 1 {
		t.Errorf("the stateful stack has %d app clients, want only the pool's own", got)
	}
	for _, tn := range s.tenants {
		site := tn.Site
		tpl := s.json[TenantStackPrefix+site.Slug]
		// Then the site has a client of its own, in the published pool
		c := only(t, tpl, "AWS::Cognito::UserPoolClient")
		props := path(c, "Properties").(map[string]any)
		if props["ClientName"] != site.Slug {
			t.Errorf("%s: client name %v", site.Slug, props["ClientName"])
		}
		if want := refTo(t, tpl, param.UserPoolID); !equalJSON(props["UserPoolId"], want) {
			t.Errorf("%s: pool %v, want the one named by %s", site.Slug, props["UserPoolId"], param.UserPoolID)
		}
		// And the site record stores its id
		_, rec := siteRecord(t, tpl, "Create")
		if got := rec.attr("auth_client_id"); got != tokenPlaceholder {
			t.Errorf("%s: stored auth_client_id %q, want the client's id", site.Slug, got)
		}
		if props["GenerateSecret"] != false {
			t.Errorf("%s: GenerateSecret %v, want false", site.Slug, props["GenerateSecret"])
		}
		if got := flatten(props["ExplicitAuthFlows"]); !strings.Contains(got, "ALLOW_USER_SRP_AUTH") || strings.Contains(got, "ALLOW_USER_PASSWORD_AUTH") {
			t.Errorf("%s: auth flows %s, want SRP and never plain passwords", site.Slug, got)
		}
		// And its redirects are the site's own domains only
		var want []string
		for _, d := range site.Domains {
			want = append(want, "https://"+d+"/sign-in")
		}
		var got []string
		for _, u := range asSlice(props["CallbackURLs"]) {
			got = append(got, u.(string))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: callback URLs %v, want %v", site.Slug, got, want)
		}
	}
}

// Issue 12: the watchlists table (list = site#shopper, car_id), retained.
func TestWatchlistsTable(t *testing.T) {
	s := synth(t)
	var found bool
	for id, tbl := range resources(s.json[StatefulStackName], "AWS::DynamoDB::Table") {
		if !strings.HasPrefix(id, "TablesWatchlists") {
			continue
		}
		found = true
		if got := flatten(path(tbl, "Properties", "KeySchema")); !strings.Contains(got, "list") || !strings.Contains(got, "car_id") {
			t.Errorf("watchlists keys: %s, want list and car_id", got)
		}
		if tbl["DeletionPolicy"] != "Retain" {
			t.Errorf("watchlists DeletionPolicy %v, want Retain", tbl["DeletionPolicy"])
		}
	}
	if !found {
		t.Fatal("no watchlists table")
	}
}

// Issue 12: the api function serves the watchlist routes with the
// watchlists table and only the calls the watchlist makes. No API Gateway
// JWT authorizer: its audience list would have to name every tenant's
// client, an HTTP API authorizer takes at most 50 audiences (not a quota
// that can be raised; a cell alone holds 90 tenants), and the platform
// stack would change with each onboarding. The handler verifies every
// token itself (functions/cognito: signature, issuer, the site's own
// client, expiry, token use).
func TestWatchlistRoutesOnTheAPIFunction(t *testing.T) {
	s := synth(t)
	tpl := s.json[PlatformStackName]
	if got := len(resources(tpl, "AWS::ApiGatewayV2::Authorizer")); got != 0 {
		t.Errorf("%d authorizers; the handler verifies shopper tokens", got)
	}
	vars := path(appFunction(t, s, "api"), "Properties", "Environment", "Variables").(map[string]any)
	if _, ok := vars["COGNITO_CLIENT_IDS"]; ok {
		t.Error("COGNITO_CLIENT_IDS is set: each site's client is stored with the site")
	}
	if got := flatten(vars["WATCHLISTS_TABLE"]); !strings.Contains(got, "TablesWatchlists") {
		t.Errorf("WATCHLISTS_TABLE: %s", got)
	}
	// And the only grant on the table is the api function's four calls
	var grants []string
	for _, p := range resources(tpl, "AWS::IAM::Policy") {
		for _, stmt := range asSlice(path(p, "Properties", "PolicyDocument", "Statement")) {
			if strings.Contains(flatten(path(stmt, "Resource")), "TablesWatchlists") {
				grants = append(grants, flatten(path(p, "Properties", "Roles"))+" "+flatten(path(stmt, "Action")))
			}
		}
	}
	if len(grants) != 1 || !strings.Contains(grants[0], "Fnapi") {
		t.Fatalf("watchlists grants: %v, want one, to the api function", grants)
	}
	for _, action := range []string{"dynamodb:Query", "dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:DeleteItem"} {
		if !strings.Contains(grants[0], action) {
			t.Errorf("watchlists grant %s lacks %s", grants[0], action)
		}
	}
	for _, action := range []string{"Scan", "BatchWriteItem", "UpdateItem", "dynamodb:*"} {
		if strings.Contains(grants[0], action) {
			t.Errorf("watchlists grant %s includes %s", grants[0], action)
		}
	}
}

func asSlice(v any) []any {
	s, _ := v.([]any)
	return s
}

func keys(m map[string]map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
