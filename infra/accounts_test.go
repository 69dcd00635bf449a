package main

import (
	"slices"
	"strings"
	"testing"

	"forecourt/infra/constructs/api"
)

// Issue 12: each tenant has its own app client in the shopper pool, named
// by its slug, with no secret (a browser signs in with SRP), its callback
// and sign-out URLs on the site's own domains only.
func TestEachTenantHasItsOwnAppClient(t *testing.T) {
	s := synth(t)
	// Given the tenant files and the stateful stack's app clients
	clients := map[string]map[string]any{}
	for _, c := range resources(s.json[StatefulStackName], "AWS::Cognito::UserPoolClient") {
		if name, ok := path(c, "Properties", "ClientName").(string); ok {
			clients[name] = c
		}
	}
	if len(s.tenants) == 0 {
		t.Fatal("no tenants synthesized")
	}
	for _, tn := range s.tenants {
		site := tn.Site
		// Then the site has a client of its own
		c, ok := clients[site.Slug]
		if !ok {
			t.Errorf("site %s has no app client (clients %v)", site.Slug, keys(clients))
			continue
		}
		props := path(c, "Properties").(map[string]any)
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

// Issue 12: the watchlist routes, and only they, sit behind API Gateway's
// JWT authorizer over the shopper pool with the tenants' clients as the
// audiences; the api function gets the clients by site and the watchlists
// table with only the calls the watchlist makes.
func TestWatchlistRoutesBehindJWTAuthorizer(t *testing.T) {
	s := synth(t)
	tpl := s.json[PlatformStackName]
	// Given the one JWT authorizer
	auth := only(t, tpl, "AWS::ApiGatewayV2::Authorizer")
	props := path(auth, "Properties").(map[string]any)
	if props["AuthorizerType"] != "JWT" || flatten(props["IdentitySource"]) != "$request.header.Authorization" {
		t.Errorf("authorizer: %v", props)
	}
	jwt := flatten(props["JwtConfiguration"])
	if !strings.Contains(jwt, "https://cognito-idp.") || !strings.Contains(jwt, "ShoppersPoolA9EEA0C3") {
		t.Errorf("issuer: %s, want the shopper pool's", jwt)
	}
	for _, tn := range s.tenants {
		if !strings.Contains(jwt, "ShoppersPoolSite"+strings.ReplaceAll(tn.Site.Slug, "-", "")) {
			t.Errorf("audience %s lacks %s's client", jwt, tn.Site.Slug)
		}
	}
	// Then exactly the shopper routes use it
	shopper := api.ShopperRoutes()
	// (Issue 13 adds the two reservation routes to the three watchlist ones.)
	if len(shopper) != 5 || !shopper["POST /api/reservations"] || !shopper["GET /api/reservations/{id}"] {
		t.Fatalf("shopper routes: %v, want the three watchlist routes and the two reservation routes", shopper)
	}
	for _, r := range resources(tpl, "AWS::ApiGatewayV2::Route") {
		key := path(r, "Properties", "RouteKey").(string)
		typ, _ := path(r, "Properties", "AuthorizationType").(string)
		if shopper[key] != (typ == "JWT") {
			t.Errorf("route %s: authorization %q, want JWT only on the shopper routes", key, typ)
		}
	}
	// And the api function knows each site's client and the table
	vars := path(appFunction(t, s, "api"), "Properties", "Environment", "Variables").(map[string]any)
	if got := flatten(vars["COGNITO_CLIENT_IDS"]); !strings.Contains(got, "ShoppersPoolSite") {
		t.Errorf("COGNITO_CLIENT_IDS: %s, want the site clients", got)
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
