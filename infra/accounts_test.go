package main

import (
	"slices"
	"strings"
	"testing"

	"forecourt/functions/httpapi/route"
	"forecourt/infra/constructs/api"
	"forecourt/infra/constructs/param"
	"forecourt/infra/constructs/tenant"
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
// watchlists table and only the calls the watchlist makes.
func TestWatchlistRoutesOnTheAPIFunction(t *testing.T) {
	s := synth(t)
	tpl := s.json[PlatformStackName]
	vars := path(appFunction(t, s, "api"), "Properties", "Environment", "Variables").(map[string]any)
	if _, ok := vars["COGNITO_CLIENT_IDS"]; ok {
		t.Error("COGNITO_CLIENT_IDS is set: each site's client is stored with the site")
	}
	if got := flatten(vars["WATCHLISTS_TABLE"]); !strings.Contains(got, "TablesWatchlists") {
		t.Errorf("WATCHLISTS_TABLE: %s", got)
	}
	// And the only grant on the table is the api function's three calls
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
	for _, action := range []string{"dynamodb:Query", "dynamodb:UpdateItem", "dynamodb:DeleteItem"} {
		if !strings.Contains(grants[0], action) {
			t.Errorf("watchlists grant %s lacks %s", grants[0], action)
		}
	}
	for _, action := range []string{"Scan", "BatchWriteItem", "PutItem", "dynamodb:*"} {
		if strings.Contains(grants[0], action) {
			t.Errorf("watchlists grant %s includes %s", grants[0], action)
		}
	}
}

// Issue 12: API Gateway checks the shopper's token before every shopper
// route (route.Shopper) reaches the api function, with a Lambda REQUEST
// authorizer running the handler's own verification (functions/authorizer).
// Not a JWT authorizer: that takes at most 50 audiences, and each tenant
// has its own app client (90 a cell). Public routes have no authorizer.
func TestShopperRoutesHaveTheAuthorizer(t *testing.T) {
	s := synth(t)
	tpl := s.json[PlatformStackName]
	// Given the one authorizer of the HTTP API
	authorizers := resources(tpl, "AWS::ApiGatewayV2::Authorizer")
	if len(authorizers) != 1 {
		t.Fatalf("%d authorizers, want the shopper-token one", len(authorizers))
	}
	var authID string
	var auth map[string]any
	for id, a := range authorizers {
		authID, auth = id, a
	}
	props := path(auth, "Properties").(map[string]any)
	// Then it is a Lambda REQUEST authorizer with simple answers, invoking
	// the authorizer function
	if props["AuthorizerType"] != "REQUEST" || props["AuthorizerPayloadFormatVersion"] != "2.0" || props["EnableSimpleResponses"] != true {
		t.Errorf("authorizer %v: want REQUEST, payload 2.0, simple responses", props)
	}
	if got := flatten(props["AuthorizerUri"]); !strings.Contains(got, "ApiFnauthorizer") {
		t.Errorf("authorizer invokes %s, want the authorizer function", got)
	}
	// And it caches a decision per token and site for five minutes
	wantIdentity := []any{"$request.header.Authorization", "$request.header." + tenant.SiteHeader}
	if !equalJSON(props["IdentitySource"], wantIdentity) {
		t.Errorf("identity sources %v, want %v", props["IdentitySource"], wantIdentity)
	}
	if props["AuthorizerResultTtlInSeconds"] != float64(api.AuthorizerCacheTTL) || api.AuthorizerCacheTTL != 300 {
		t.Errorf("result cache %v s, want 300", props["AuthorizerResultTtlInSeconds"])
	}
	// And API Gateway may invoke the function
	var invokable bool
	for _, perm := range resources(tpl, "AWS::Lambda::Permission") {
		if strings.Contains(flatten(path(perm, "Properties", "FunctionName")), "ApiFnauthorizer") &&
			path(perm, "Properties", "Principal") == "apigateway.amazonaws.com" {
			invokable = true
		}
	}
	if !invokable {
		t.Error("API Gateway has no permission to invoke the authorizer")
	}

	// And exactly the shopper routes of the route table use it
	shopper := map[string]bool{}
	for _, r := range route.Routes() {
		if r.Auth() == route.Shopper {
			shopper[r.Method+" "+r.GatewayPath()] = true
		}
	}
	if len(shopper) < 6 {
		t.Fatalf("only %d shopper routes in the table: %v", len(shopper), shopper)
	}
	seen := 0
	for _, r := range resources(tpl, "AWS::ApiGatewayV2::Route") {
		key := path(r, "Properties", "RouteKey").(string)
		kind, _ := path(r, "Properties", "AuthorizationType").(string)
		uses := strings.Contains(flatten(path(r, "Properties", "AuthorizerId")), authID)
		switch {
		case shopper[key]:
			seen++
			if kind != "CUSTOM" || !uses {
				t.Errorf("shopper route %s: authorization %q, authorizer %v; want CUSTOM with the shopper authorizer", key, kind, path(r, "Properties", "AuthorizerId"))
			}
		case uses || (kind != "" && kind != "NONE"):
			t.Errorf("public route %s has authorization %q", key, kind)
		}
	}
	if seen != len(shopper) {
		t.Errorf("%d of %d shopper routes found in API Gateway", seen, len(shopper))
	}

	// And the function reads a site's item and nothing else
	role := flatten(path(appFunction(t, s, api.Authorizer), "Properties", "Role"))
	var actions []string
	for _, p := range resources(tpl, "AWS::IAM::Policy") {
		for _, r := range asSlice(path(p, "Properties", "Roles")) {
			if !strings.Contains(role, flatten(r)) {
				continue
			}
			for _, stmt := range asSlice(path(p, "Properties", "PolicyDocument", "Statement")) {
				if res := flatten(path(stmt, "Resource")); !strings.Contains(res, "TablesSites") {
					t.Errorf("the authorizer may touch %s", res)
				}
				actions = append(actions, flatten(path(stmt, "Action")))
			}
		}
	}
	if strings.Join(actions, ",") != "dynamodb:GetItem" {
		t.Errorf("authorizer grants %v, want only dynamodb:GetItem on the sites table", actions)
	}
	// And it is told the pool and the sites table only, no secret
	vars := path(appFunction(t, s, api.Authorizer), "Properties", "Environment", "Variables").(map[string]any)
	if got := keys2(vars); strings.Join(got, ",") != "COGNITO_USER_POOL_ID,SITES_TABLE" {
		t.Errorf("authorizer environment %v, want COGNITO_USER_POOL_ID and SITES_TABLE", got)
	}
}

func keys2(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func asSlice(v any) []any {
	s, _ := v.([]any)
	return s
}
