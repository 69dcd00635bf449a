package main

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"

	"forecourt/functions/httpapi/route"
	"forecourt/infra/constructs/api"
)

// DESIGN.md "Production path": Go Lambdas on arm64 provided.al2023, given
// the table names (docs/contracts.md "Environment") and secrets only as
// Secrets Manager references.
func TestLambdas(t *testing.T) {
	s := synth(t)
	fns := appFunctions(s)
	if len(fns) != 6 {
		t.Fatalf("got %d functions, want 6 (api, ingest, uploads, sweep, deliver, authorizer)", len(fns))
	}
	secretVars := map[string]string{
		"ALGOLIA_ADMIN_KEY_SECRET_ID":         "test/algolia#admin_key",
		"ALGOLIA_SEARCH_KEY_SECRET_ID":        "test/algolia-api#search_key",
		"ALGOLIA_SERVER_SEARCH_KEY_SECRET_ID": "test/algolia-api#server_search_key",
		"ALGOLIA_WRITE_KEY_SECRET_ID":         "test/algolia-api#write_key",
		"FORECOURT_ORIGIN_SECRET_SECRET_ID":   "test/origin",
		"FORECOURT_CAPTCHA_KEY_SECRET_ID":     "test/captcha",
		"STRIPE_SECRET_KEY_SECRET_ID":         "test/stripe#secret_key",
		"FORECOURT_OPS_KEY_SECRET_ID":         "forecourt/ops-key",
	}
	for id, fn := range fns {
		t.Run(id, func(t *testing.T) {
			if path(fn, "Properties", "Description") == "Forecourt "+api.Authorizer {
				// Told only the pool and the sites table
				// (TestShopperRoutesHaveTheAuthorizer).
				return
			}
			// Given a function of the platform stack
			// Then it runs the Go bootstrap on arm64 with the tables' names
			matchObject(t, fn, map[string]any{"Properties": assertions.Match_ObjectLike(&map[string]any{
				"Architectures": []any{"arm64"},
				"Runtime":       "provided.al2023",
				"Handler":       "bootstrap",
				"Environment": map[string]any{"Variables": assertions.Match_ObjectLike(&map[string]any{
					"CARS_TABLE":          assertions.Match_AnyValue(),
					"SITES_TABLE":         assertions.Match_AnyValue(),
					"PROVIDER_KEYS_TABLE": assertions.Match_AnyValue(),
					"FEED_RUNS_TABLE":     assertions.Match_AnyValue(),
					"LEADS_TABLE":         assertions.Match_AnyValue(),
					"ALGOLIA_APP_ID":      "TESTAPP",
					"FORECOURT_INDEX":     "cars",
					// Set and empty, so the Go client uses Algolia's own hosts
					// (docs/contracts.md: ALGOLIA_HOST unset in AWS), never
					// the local default 127.0.0.1:7700.
					"ALGOLIA_HOST": "",
				})},
			})})
			// And every secret is given by name (issue 15), never by value
			vars, _ := path(fn, "Properties", "Environment", "Variables").(map[string]any)
			for name, want := range secretVars {
				if v, ok := vars[name]; ok && v != want {
					t.Errorf("%s: got %v, want %s", name, v, want)
				}
			}
		})
	}
}

// appFunctions returns the platform's own Lambdas by logical id (the ones
// in functions/cmd), leaving out the CDK's bucket deployment handler.
func appFunctions(s *synthesized) map[string]map[string]any {
	out := map[string]map[string]any{}
	for id, fn := range resources(s.json[PlatformStackName], "AWS::Lambda::Function") {
		if d, _ := path(fn, "Properties", "Description").(string); strings.HasPrefix(d, "Forecourt ") {
			out[id] = fn
		}
	}
	return out
}

// appFunction returns the platform Lambda built from functions/cmd/<name>.
func appFunction(t *testing.T, s *synthesized, name string) map[string]any {
	t.Helper()
	for _, fn := range appFunctions(s) {
		if path(fn, "Properties", "Description") == "Forecourt "+name {
			return fn
		}
	}
	t.Fatalf("no function %s", name)
	return nil
}

// docs/contracts.md "Environment": the api function hands browsers the
// search host (Algolia's own when the context leaves it empty) and knows the
// shoppers' user pool and client.
func TestAPIFunctionEnvironment(t *testing.T) {
	s := synth(t)
	// Given the api function of a stack synthesized with an empty
	// forecourt:publicSearchUrl and app id TESTAPP
	vars := path(appFunction(t, s, "api"), "Properties", "Environment", "Variables").(map[string]any)
	// Then browsers are sent to Algolia's read host for that app
	if got, want := vars["FORECOURT_PUBLIC_SEARCH_URL"], "https://TESTAPP-dsn.algolia.net"; got != want {
		t.Errorf("FORECOURT_PUBLIC_SEARCH_URL: got %v, want %s", got, want)
	}
	// And the Cognito ids come from the stateful stack's pool and web client
	for name, logicalID := range map[string]string{
		"COGNITO_USER_POOL_ID": "ShoppersPoolA9EEA0C3",
		"COGNITO_CLIENT_ID":    "ShoppersPoolWeb",
	} {
		if got := flatten(vars[name]); !strings.Contains(got, StatefulStackName+":") || !strings.Contains(got, logicalID) {
			t.Errorf("%s: got %v, want an import of the stateful stack's %s", name, vars[name], logicalID)
		}
	}
	// And the ingest function, which signs no one in, does not get them
	ingest := path(appFunction(t, s, "ingest"), "Properties", "Environment", "Variables").(map[string]any)
	if _, ok := ingest["COGNITO_USER_POOL_ID"]; ok {
		t.Errorf("ingest has COGNITO_USER_POOL_ID")
	}
	// Issue 9: the api function signs captcha challenges with a key from
	// Secrets Manager and writes leads to the stateful stack's leads table;
	// the ingest function has neither.
	if got := vars["FORECOURT_CAPTCHA_KEY_SECRET_ID"]; got != "test/captcha" {
		t.Errorf("FORECOURT_CAPTCHA_KEY_SECRET_ID: got %v, want the secret's name", got)
	}
	if got := flatten(vars["LEADS_TABLE"]); !strings.Contains(got, "TablesLeads1B9B88AB") {
		t.Errorf("LEADS_TABLE: got %v, want the stateful stack's leads table", vars["LEADS_TABLE"])
	}
	if _, ok := ingest["FORECOURT_CAPTCHA_KEY_SECRET_ID"]; ok {
		t.Errorf("ingest has FORECOURT_CAPTCHA_KEY")
	}
	writers := map[string]bool{}
	for _, p := range resources(s.json[PlatformStackName], "AWS::IAM::Policy") {
		st, _ := path(p, "Properties", "PolicyDocument", "Statement").([]any)
		for _, stmt := range st {
			if strings.Contains(flatten(path(stmt, "Resource")), "TablesLeads1B9B88AB") &&
				strings.Contains(flatten(path(stmt, "Action")), "dynamodb:PutItem") &&
				strings.Contains(flatten(path(stmt, "Action")), "dynamodb:GetItem") {
				writers[flatten(path(p, "Properties", "Roles"))] = true
			}
		}
	}
	if len(writers) != 1 {
		t.Errorf("leads table read/write grants: got roles %v, want the api function's only", writers)
	}
	for roles := range writers {
		if !strings.Contains(roles, "Fnapi") {
			t.Errorf("leads table read/write granted to %s, want the api function", roles)
		}
	}
}

// One route table (issue 8; docs/contracts.md "HTTP API"): API Gateway has
// exactly the routes of the table the handlers mount (route.Routes), each to
// its Lambda, plus a catch-all per prefix so unknown paths still get the
// handlers' JSON errors. A handler route without an API Gateway route, or an
// API Gateway route without a handler route, fails here.
func TestHTTPAPIRoutes(t *testing.T) {
	s := synth(t)
	tpl := s.templates[PlatformStackName]
	targets := map[string]string{}
	for _, r := range resources(s.json[PlatformStackName], "AWS::ApiGatewayV2::Route") {
		targets[path(r, "Properties", "RouteKey").(string)] = flatten(path(r, "Properties", "Target"))
	}
	integrationOf := map[string]string{}
	for id, in := range resources(s.json[PlatformStackName], "AWS::ApiGatewayV2::Integration") {
		integrationOf[id] = flatten(path(in, "Properties", "IntegrationUri"))
	}
	// Given the route table, as API Gateway routes
	want := map[string]string{}
	for _, r := range route.Routes() {
		for _, gp := range r.GatewayPaths() {
			want[r.Method+" "+gp] = r.Lambda
		}
	}
	for _, p := range route.Prefixes() {
		want["ANY "+p.GatewayPath()] = p.Lambda
	}
	// The contract's catch-alls are among them
	for key, fn := range map[string]string{
		"ANY /api/{proxy+}":    "api",
		"ANY /media/{proxy+}":  "api",
		"ANY /ingest/{proxy+}": "ingest",
		"GET /api/cars/{slug}": "api",
		// Issue 14: the pages, root included.
		"GET /":        "api",
		"GET /{path+}": "api",
	} {
		if want[key] != fn {
			t.Errorf("route table: %s goes to %q, want %q", key, want[key], fn)
		}
	}
	for key, fn := range want {
		// Then each has an API Gateway route
		target, ok := targets[key]
		if !ok {
			t.Errorf("handler route %s has no API Gateway route", key)
			continue
		}
		// And its integration invokes the Lambda the table names
		var uri string
		for id, u := range integrationOf {
			if strings.Contains(target, id) {
				uri = u
			}
		}
		if want := "ApiFn" + fn; !strings.Contains(uri, want) {
			t.Errorf("%s: integration invokes %q, want function %s", key, uri, want)
		}
	}
	// And API Gateway has no route the table lacks
	for key := range targets {
		if _, ok := want[key]; !ok {
			t.Errorf("API Gateway route %s is not in the route table", key)
		}
	}
	check(t, "integrations", func() {
		tpl.ResourcePropertiesCountIs(jsii.String("AWS::ApiGatewayV2::Integration"), map[string]any{
			"IntegrationType": "AWS_PROXY", "PayloadFormatVersion": "2.0",
		}, jsii.Number(2))
	})
}

// The SPA bucket is private and refuses plain HTTP.
func TestWebBucketIsPrivate(t *testing.T) {
	s := synth(t)
	tpl := s.templates[PlatformStackName]
	check(t, "public access block", func() {
		tpl.HasResourceProperties(jsii.String("AWS::S3::Bucket"), map[string]any{
			"PublicAccessBlockConfiguration": map[string]any{
				"BlockPublicAcls": true, "BlockPublicPolicy": true, "IgnorePublicAcls": true, "RestrictPublicBuckets": true,
			},
		})
	})
	check(t, "TLS only", func() {
		tpl.HasResourceProperties(jsii.String("AWS::S3::BucketPolicy"), map[string]any{
			"PolicyDocument": map[string]any{"Statement": assertions.Match_ArrayWith(&[]any{assertions.Match_ObjectLike(&map[string]any{
				"Effect":    "Deny",
				"Condition": map[string]any{"Bool": map[string]any{"aws:SecureTransport": "false"}},
			})})},
		})
	})
}

// STYLE.md "CDK": permissions come from Grant* methods; no policy allows
// every action on every resource.
func TestNoWildcardPolicies(t *testing.T) {
	s := synth(t)
	for name, tpl := range s.json {
		var statements []any
		for _, p := range resources(tpl, "AWS::IAM::Policy") {
			st, _ := path(p, "Properties", "PolicyDocument", "Statement").([]any)
			statements = append(statements, st...)
		}
		for _, r := range resources(tpl, "AWS::IAM::Role") {
			policies, _ := path(r, "Properties", "Policies").([]any)
			for _, p := range policies {
				st, _ := path(p, "PolicyDocument", "Statement").([]any)
				statements = append(statements, st...)
			}
			// Managed policies: only the Lambda basic execution role.
			managed, _ := path(r, "Properties", "ManagedPolicyArns").([]any)
			for _, m := range managed {
				if text := flatten(m); !strings.Contains(text, "service-role/AWSLambdaBasicExecutionRole") {
					t.Errorf("%s: managed policy %s", name, text)
				}
			}
		}
		if len(statements) == 0 && name == PlatformStackName {
			t.Errorf("%s: no policy statements found; the grants are missing", name)
		}
		for _, st := range statements {
			if path(st, "Effect") == "Allow" && hasStar(path(st, "Action")) && hasStar(path(st, "Resource")) {
				t.Errorf("%s: statement allows * on *: %v", name, st)
			}
		}
	}
}

func hasStar(v any) bool {
	switch v := v.(type) {
	case string:
		return v == "*"
	case []any:
		for _, e := range v {
			if e == "*" {
				return true
			}
		}
	}
	return false
}

// flatten renders an intrinsic-function value as text for matching.
func flatten(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case []any:
		var b strings.Builder
		for _, e := range v {
			b.WriteString(flatten(e))
		}
		return b.String()
	case map[string]any:
		var b strings.Builder
		for _, e := range v {
			b.WriteString(flatten(e))
		}
		return b.String()
	}
	return ""
}

// Deploying the platform stack publishes the built SPA (web/dist) into the
// web bucket: the hashed bundles under assets/ cached for a year and never
// pruned, then the shell (index.html and the other root files) revalidated
// on every load, so a release shows at once and old tabs keep working.
func TestPlatformDeploysWebDist(t *testing.T) {
	s := synth(t)
	tpl := s.json[PlatformStackName]
	// The web bucket, not the access-log bucket (ACLs on, for CloudFront's
	// log delivery: TestDistributionAccessLogs) nor the uploads or sitemaps
	// buckets.
	var bucket map[string]any
	var bucketID string
	for id, b := range resources(tpl, "AWS::S3::Bucket") {
		// Large feeds' uploads (TestUploadsInfrastructure), the stored
		// sitemaps (TestSitemapsInfrastructure), mirrored photos
		// (TestMediaInfrastructure).
		if strings.HasPrefix(id, "ApiUploads") || strings.HasPrefix(id, "ApiSitemaps") || strings.HasPrefix(id, "ApiMedia") {
			continue
		}
		if path(b, "Properties", "OwnershipControls", "Rules", 0, "ObjectOwnership") != "BucketOwnerPreferred" {
			if bucket != nil {
				t.Fatalf("two web buckets: %s and %s", bucketID, id)
			}
			bucket, bucketID = b, id
		}
	}
	if bucket == nil {
		t.Fatal("no web bucket")
	}
	// Given the stack synthesized from a dist folder with index.html, a
	// favicon and assets/index-abc123.js
	deployments := resources(tpl, "Custom::CDKBucketDeployment")
	if len(deployments) != 2 {
		t.Fatalf("got %d bucket deployments, want 2 (assets, shell)", len(deployments))
	}
	var assetsID string
	var assets, shell map[string]any
	for id, d := range deployments {
		if equalJSON(path(d, "Properties", "Include"), []any{"assets/*"}) {
			assetsID, assets = id, d
		} else {
			shell = d
		}
	}
	if assets == nil || shell == nil {
		t.Fatalf("want one deployment including only assets/* and one for the rest, got %v", deployments)
	}
	// Then both copy the same zipped build, named by its release hash, into the web bucket
	release := s.stacks.Platform.Web.Release
	for name, d := range map[string]map[string]any{"assets": assets, "shell": shell} {
		if got := path(d, "Properties", "SourceObjectKeys"); !equalJSON(got, []any{release + ".zip"}) {
			t.Errorf("%s source: got %v, want [%s.zip]", name, got, release)
		}
		if got := path(d, "Properties", "DestinationBucketName", "Ref"); got != bucketID {
			t.Errorf("%s destination: got %v, want the web bucket %s", name, got, bucketID)
		}
	}
	// And the bundles are immutable and kept across releases
	matchObject(t, assets, map[string]any{"Properties": assertions.Match_ObjectLike(&map[string]any{
		"Exclude":        []any{"*"},
		"Prune":          false,
		"SystemMetadata": map[string]any{"cache-control": "public, max-age=31536000, immutable"},
	})})
	// And the shell is revalidated, prunes stale root files but not the
	// bundles, and is written only after the bundles it names
	matchObject(t, shell, map[string]any{
		"DependsOn": assertions.Match_ArrayWith(&[]any{assetsID}),
		"Properties": assertions.Match_ObjectLike(&map[string]any{
			"Exclude":        []any{"assets/*"},
			"Include":        assertions.Match_Absent(),
			"Prune":          true,
			"SystemMetadata": map[string]any{"cache-control": "no-cache"},
		}),
	})
	// And the platform stack imports nothing from a tenant stack (no cycle)
	if text := flatten(tpl); strings.Contains(text, TenantStackPrefix) {
		t.Errorf("platform stack references a tenant stack")
	}
}

// Spec 001 §9 "Sold cars in search": the sweep function runs every hour, so
// sold cars past retention leave the index even when feeds stop.
func TestSweepRunsHourly(t *testing.T) {
	// Given the platform stack
	s := synth(t)
	// Then one rule invokes the sweep function at rate(1 hour)
	rules := resources(s.json[PlatformStackName], "AWS::Events::Rule")
	if len(rules) != 1 {
		t.Fatalf("got %d event rules, want 1", len(rules))
	}
	for _, r := range rules {
		if got := path(r, "Properties", "ScheduleExpression"); got != "rate(1 hour)" {
			t.Errorf("got schedule %v, want rate(1 hour)", got)
		}
		target, _ := path(r, "Properties", "Targets").([]any)
		if len(target) != 1 || !strings.Contains(fmt.Sprint(target[0]), "Fnsweep") {
			t.Errorf("got targets %v, want the sweep function", target)
		}
	}
	appFunction(t, s, "sweep")
}

// Issue 9 "Infrastructure": the deliver function reads the leads table's
// stream from its start, splits a failing batch, retries the records it
// reports failed, parks what still fails on a dead-letter queue, and may
// send mail only as the sender's SES domain.
func TestDeliverReadsTheLeadStream(t *testing.T) {
	// Given the platform stack
	s := synth(t)
	tpl := s.json[PlatformStackName]
	// Then one event source mapping feeds the deliver function
	maps := resources(tpl, "AWS::Lambda::EventSourceMapping")
	if len(maps) != 1 {
		t.Fatalf("got %d event source mappings, want 1", len(maps))
	}
	for _, m := range maps {
		matchObject(t, m, map[string]any{"Properties": assertions.Match_ObjectLike(&map[string]any{
			"StartingPosition":           "TRIM_HORIZON",
			"BisectBatchOnFunctionError": true,
			"FunctionResponseTypes":      []any{"ReportBatchItemFailures"},
			"MaximumRetryAttempts":       10,
		})})
		if fn := flatten(path(m, "Properties", "FunctionName")); !strings.Contains(fn, "Fndeliver") {
			t.Errorf("the mapping invokes %s, want the deliver function", fn)
		}
		if dest := flatten(path(m, "Properties", "DestinationConfig")); !strings.Contains(dest, "DeliverDeadLetters") {
			t.Errorf("failed records go to %q, want the dead-letter queue", dest)
		}
	}
	// And it sends as the configured sender's domain, nothing wider
	fn := appFunction(t, s, "deliver")
	if got := path(fn, "Properties", "Environment", "Variables", "FORECOURT_MAIL_FROM"); got == nil || got == "" {
		t.Errorf("FORECOURT_MAIL_FROM is %v, want the context's sender", got)
	}
	var ses []any
	for _, p := range resources(tpl, "AWS::IAM::Policy") {
		st, _ := path(p, "Properties", "PolicyDocument", "Statement").([]any)
		for _, s := range st {
			if strings.Contains(flatten(path(s, "Action")), "ses:") {
				ses = append(ses, s)
			}
		}
	}
	if len(ses) != 1 || !strings.Contains(flatten(path(ses[0], "Resource")), ":identity/forecourt.example") {
		t.Errorf("SES statements %v, want one on the sender domain's identity", ses)
	}
}

// Issue 9 "Infrastructure": API Gateway throttles the lead routes; the stage
// names only route keys that exist and is created after them.
func TestLeadRoutesThrottled(t *testing.T) {
	s := synth(t)
	stages := resources(s.json[PlatformStackName], "AWS::ApiGatewayV2::Stage")
	if len(stages) != 1 {
		t.Fatalf("got %d stages, want 1", len(stages))
	}
	routeKeys := map[string]string{} // route key → logical id
	for id, r := range resources(s.json[PlatformStackName], "AWS::ApiGatewayV2::Route") {
		k, _ := path(r, "Properties", "RouteKey").(string)
		routeKeys[k] = id
	}
	for _, stage := range stages {
		settings, _ := path(stage, "Properties", "RouteSettings").(map[string]any)
		deps := flatten(stage["DependsOn"])
		for _, key := range []string{"POST /api/leads", "PATCH /api/leads/{lead_id}", "POST /ingest/v1/dealerships/{slug}/feed", "POST /ingest/v1/dealerships/{slug}/uploads"} {
			got, _ := settings[key].(map[string]any)
			if got["ThrottlingRateLimit"] == nil || got["ThrottlingBurstLimit"] == nil {
				t.Errorf("%s: route settings %v, want rate and burst limits", key, settings[key])
			}
			id, ok := routeKeys[key]
			if !ok {
				t.Errorf("%s is throttled but is no route", key)
			}
			if !strings.Contains(deps, id) {
				t.Errorf("the stage does not depend on route %s (%s)", key, id)
			}
		}
		if len(settings) != len(api.Throttled()) {
			t.Errorf("route settings %v, want %v", settings, api.Throttled())
		}
		// Issue 15: reservations are limited, and every other route by the
		// stage's default.
		if got, _ := settings["POST /api/reservations"].(map[string]any); got["ThrottlingRateLimit"] == nil {
			t.Errorf("POST /api/reservations is not throttled: %v", settings["POST /api/reservations"])
		}
		def := path(stage, "Properties", "DefaultRouteSettings")
		if path(def, "ThrottlingRateLimit") == nil || path(def, "ThrottlingBurstLimit") == nil {
			t.Errorf("stage DefaultRouteSettings %v, want rate and burst limits", def)
		}
	}
}

// Issue 18 "Feed bursts": the ingest function applies at most IngestSlots
// feeds at once and has reserved concurrency above that, and API Gateway's
// burst on the feed route stays below it, so every feed of a burst is
// answered 429 (by the gateway or the handler) rather than by a throttled
// Lambda, and the burst cannot take the account's concurrency from shoppers.
func TestIngestBurstsAreCapped(t *testing.T) {
	s := synth(t)
	var found bool
	for _, fn := range resources(s.json[PlatformStackName], "AWS::Lambda::Function") {
		if path(fn, "Properties", "Description") != "Forecourt "+route.Ingest {
			continue
		}
		env, _ := path(fn, "Properties", "Environment", "Variables").(map[string]any)
		found = true
		reserved, _ := path(fn, "Properties", "ReservedConcurrentExecutions").(float64)
		slots, err := strconv.Atoi(fmt.Sprint(env["FORECOURT_INGEST_SLOTS"]))
		if err != nil || slots < 1 {
			t.Fatalf("FORECOURT_INGEST_SLOTS = %v, want a cap", env["FORECOURT_INGEST_SLOTS"])
		}
		if reserved <= float64(slots) {
			t.Errorf("reserved concurrency %v, want more than the %d feed slots", reserved, slots)
		}
		if burst := api.Throttled()["POST /ingest/v1/dealerships/{slug}/feed"].Burst; burst == 0 || burst >= reserved {
			t.Errorf("feed route burst %v, want below the reserved concurrency %v", burst, reserved)
		}
	}
	if !found {
		t.Fatal("no ingest function")
	}
}

// Issue 15 "Edge": every function has a reserved concurrency, so no one of
// them can take the account's concurrency from the others, and together
// they leave the 100 unreserved executions Lambda requires of the default
// 1,000.
func TestReservedConcurrencyPerFunction(t *testing.T) {
	s := synth(t)
	total := 0.0
	for id, fn := range appFunctions(s) {
		n, _ := path(fn, "Properties", "ReservedConcurrentExecutions").(float64)
		if n < 1 {
			t.Errorf("%s has no reserved concurrency", id)
		}
		total += n
	}
	if total > 900 {
		t.Errorf("reserved concurrency adds up to %v, want at most 900 of the account's 1,000", total)
	}
}
