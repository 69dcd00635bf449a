package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfront"
	"github.com/aws/jsii-runtime-go"

	"forecourt/functions/contract"
	"forecourt/infra/constructs/param"
)

// Issue 2 item 9: one CloudFront distribution per tenant file.
func TestOneDistributionPerTenantFile(t *testing.T) {
	// Given the tenant files in infra/tenants
	s := synth(t)
	if len(s.files) == 0 {
		t.Fatalf("no tenant files in %s", tenantsDir)
	}
	// When the app is synthesized
	// Then each file has its own stack with exactly one distribution
	for _, slug := range s.files {
		stack, ok := s.stacks.Tenants[slug]
		if !ok {
			t.Errorf("tenant file %s.json: no stack", slug)
			continue
		}
		if got, want := *stack.StackName(), TenantStackPrefix+slug; got != want {
			t.Errorf("stack name: got %q, want %q", got, want)
		}
		check(t, slug, func() {
			s.templates[TenantStackPrefix+slug].ResourceCountIs(jsii.String("AWS::CloudFront::Distribution"), jsii.Number(1))
		})
	}
	// And no other stack has a distribution
	for name, tpl := range s.json {
		if !strings.HasPrefix(name, TenantStackPrefix) && len(resources(tpl, "AWS::CloudFront::Distribution")) > 0 {
			t.Errorf("stack %s has a distribution", name)
		}
	}
}

// DESIGN.md decision 4 and docs/contracts.md "Tenancy": /api/* and /ingest/*
// reach the HTTP API uncached, with the tenant's site header and the origin
// secret set by CloudFront.
func TestDistributionRoutesAPIWithTenantHeaders(t *testing.T) {
	s := synth(t)
	cachingDisabled := *awscloudfront.CachePolicy_CACHING_DISABLED().CachePolicyId()
	allViewerExceptHost := *awscloudfront.OriginRequestPolicy_ALL_VIEWER_EXCEPT_HOST_HEADER().OriginRequestPolicyId()
	for slug := range s.tenants {
		t.Run(slug, func(t *testing.T) {
			// Given the tenant's distribution
			dist := only(t, s.json[TenantStackPrefix+slug], "AWS::CloudFront::Distribution")
			config := path(dist, "Properties", "DistributionConfig").(map[string]any)
			origins := map[string]map[string]any{}
			for _, o := range config["Origins"].([]any) {
				o := o.(map[string]any)
				origins[o["Id"].(string)] = o
			}
			for _, pattern := range []string{"/api/*", "/ingest/*"} {
				// When a request matches the pattern
				var behavior map[string]any
				for _, b := range config["CacheBehaviors"].([]any) {
					if b := b.(map[string]any); b["PathPattern"] == pattern {
						behavior = b
					}
				}
				if behavior == nil {
					t.Fatalf("%s: no behaviour", pattern)
				}
				// Then it is not cached, query strings and headers but Host are forwarded
				if got := behavior["CachePolicyId"]; got != cachingDisabled {
					t.Errorf("%s cache policy: got %v, want CachingDisabled %s", pattern, got, cachingDisabled)
				}
				if got := behavior["OriginRequestPolicyId"]; got != allViewerExceptHost {
					t.Errorf("%s origin request policy: got %v, want AllViewerExceptHostHeader %s", pattern, got, allViewerExceptHost)
				}
				// And its origin carries the tenant's slug and the secret from Secrets Manager
				origin := origins[behavior["TargetOriginId"].(string)]
				headers := map[string]string{}
				for _, h := range origin["OriginCustomHeaders"].([]any) {
					h := h.(map[string]any)
					v, _ := h["HeaderValue"].(string)
					headers[h["HeaderName"].(string)] = v
				}
				if got := headers["X-Forecourt-Site"]; got != slug {
					t.Errorf("%s X-Forecourt-Site: got %q, want %q", pattern, got, slug)
				}
				if got, want := headers["X-Forecourt-Origin-Secret"], "{{resolve:secretsmanager:test/origin:"; !strings.HasPrefix(got, want) {
					t.Errorf("%s X-Forecourt-Origin-Secret: got %q, want a %s... reference", pattern, got, want)
				}
				if path(origin, "CustomOriginConfig", "OriginProtocolPolicy") != "https-only" {
					t.Errorf("%s origin protocol: got %v, want https-only", pattern, path(origin, "CustomOriginConfig"))
				}
			}
		})
	}
}

// Issue 14: documents (paths without a file extension) go to the API,
// where the api Lambda renders each page's head, cached on the path alone
// under the managed CachingOptimized (no custom cache policy: they are
// capped at 20 per account); /assets/* and root files stay on S3 through
// the edge cell's origin access control; the cell's function still runs on
// documents (/index.html is /). No custom error response rewrites the API's
// answers.
func TestDistributionServesSPA(t *testing.T) {
	s := synth(t)
	cachingOptimized := *awscloudfront.CachePolicy_CACHING_OPTIMIZED().CachePolicyId()
	for slug, tenant := range s.tenants {
		tpl := s.json[TenantStackPrefix+slug]
		n := tenant.Site.EdgeCell
		config := path(only(t, tpl, "AWS::CloudFront::Distribution"), "Properties", "DistributionConfig")
		if got := path(config, "DefaultRootObject"); got != nil {
			t.Errorf("%s: default root object %v, want none (the API renders /)", slug, got)
		}
		if got := path(config, "CustomErrorResponses"); got != nil {
			// Error responses would also rewrite the API's 403/404 answers.
			t.Errorf("%s: custom error responses %v", slug, got)
		}
		originOf := map[string]map[string]any{}
		for _, o := range path(config, "Origins").([]any) {
			originOf[path(o, "Id").(string)] = o.(map[string]any)
		}
		isAPI := func(b any) bool {
			o := originOf[path(b, "TargetOriginId").(string)]
			for _, h := range path(o, "OriginCustomHeaders").([]any) {
				if path(h, "HeaderName") == "X-Forecourt-Site" && path(h, "HeaderValue") == slug {
					return true
				}
			}
			return false
		}
		isS3 := func(b any) bool {
			return path(originOf[path(b, "TargetOriginId").(string)], "OriginAccessControlId") != nil
		}
		def := path(config, "DefaultCacheBehavior")
		if !isAPI(def) {
			t.Errorf("%s: documents go to %v, want the API origin with the site header", slug, path(def, "TargetOriginId"))
		}
		if got := path(def, "CachePolicyId"); got != cachingOptimized {
			t.Errorf("%s: documents' cache policy %v, want CachingOptimized", slug, got)
		}
		if got := path(def, "OriginRequestPolicyId"); got != nil {
			t.Errorf("%s: documents' origin request policy %v, want none (the page depends on the path only; Host is the API's)", slug, got)
		}
		if got := path(def, "ViewerProtocolPolicy"); got != "redirect-to-https" {
			t.Errorf("%s: viewer protocol %v", slug, got)
		}
		if got := path(def, "FunctionAssociations", 0, "EventType"); got != "viewer-request" {
			t.Errorf("%s: function event %v", slug, got)
		}
		if got, want := path(def, "FunctionAssociations", 0, "FunctionARN"), refTo(t, tpl, param.Cell(n, "spa-function-arn")); !equalJSON(got, want) {
			t.Errorf("%s: function %v, want cell %d's %v", slug, got, n, want)
		}
		// CloudFront tries behaviours in order: the API's prefixes and the
		// per-tenant files before the catch-all of files.
		var order []string
		for _, b := range path(config, "CacheBehaviors").([]any) {
			pattern := path(b, "PathPattern").(string)
			order = append(order, pattern)
			switch pattern {
			case "/assets/*", "/*.*":
				if !isS3(b) || path(b, "CachePolicyId") != cachingOptimized {
					t.Errorf("%s %s: want S3 under CachingOptimized, got %v", slug, pattern, b)
				}
			case "/robots.txt", "/sitemap*.xml":
				if !isAPI(b) || path(b, "CachePolicyId") != cachingOptimized {
					t.Errorf("%s %s: want the API under CachingOptimized, got %v", slug, pattern, b)
				}
			}
		}
		// (/api/site, cached at the edge, before the uncached /api/*: issue 15.)
		if got, want := strings.Join(order, " "), "/api/site /api/* /ingest/* /media/* /search /robots.txt /sitemap*.xml /assets/* /*.*"; got != want {
			t.Errorf("%s: behaviours %q, want %q", slug, got, want)
		}
		var oac any
		for _, o := range path(config, "Origins").([]any) {
			if id := path(o, "OriginAccessControlId"); id != nil {
				oac = id
			}
		}
		if want := refTo(t, tpl, param.Cell(n, "oac-id")); !equalJSON(oac, want) {
			t.Errorf("%s: origin access control %v, want cell %d's %v", slug, oac, n, want)
		}
	}
	for n, edge := range s.stacks.Edges {
		check(t, fmt.Sprint("cell ", n, " origin access control"), func() {
			s.templates[*edge.StackName()].HasResourceProperties(jsii.String("AWS::CloudFront::OriginAccessControl"), map[string]any{
				"OriginAccessControlConfig": assertions.Match_ObjectLike(&map[string]any{
					"OriginAccessControlOriginType": "s3", "SigningBehavior": "always",
				}),
			})
		})
	}
}

// Tenant config "domains": the distribution answers on the dealer's domains
// with the certificate named in the context.
func TestDistributionAliasesFromTenantDomains(t *testing.T) {
	s := synth(t)
	// Given a tenant with a domain and a certificate ARN in the context
	config := path(only(t, s.json[TenantStackPrefix+fixtureSlug], "AWS::CloudFront::Distribution"), "Properties", "DistributionConfig")
	// Then the distribution lists the domain and uses the certificate
	if got := path(config, "Aliases", 0); got != fixtureDomain {
		t.Errorf("aliases: got %v, want [%s]", path(config, "Aliases"), fixtureDomain)
	}
	if got := path(config, "ViewerCertificate", "AcmCertificateArn"); got != fixtureCertificate {
		t.Errorf("certificate: got %v, want %s", got, fixtureCertificate)
	}
	// And tenants without domains answer on their cloudfront.net name only
	for slug, tenant := range s.tenants {
		if len(tenant.Site.Domains) > 0 {
			continue
		}
		dist := only(t, s.json[TenantStackPrefix+slug], "AWS::CloudFront::Distribution")
		if got := path(dist, "Properties", "DistributionConfig", "Aliases"); got != nil {
			t.Errorf("%s aliases: got %v, want none", slug, got)
		}
	}
}

// docs/contracts.md "DynamoDB tables": deploying a tenant stack writes its
// site config into the sites table and, in the same transaction, links the
// site from each of its dealerships' lookup items (docs/scaling.md "Feed
// runs read their own sites").
func TestTenantStackWritesSiteRecord(t *testing.T) {
	s := synth(t)
	for slug, tenant := range s.tenants {
		t.Run(slug, func(t *testing.T) {
			// Given the tenant stack's custom resource that writes to DynamoDB
			tpl := s.json[TenantStackPrefix+slug]
			for _, event := range []string{"Create", "Update"} {
				// When CloudFormation creates or updates it
				call, rec := siteRecord(t, tpl, event)
				if call.Service != "DynamoDB" || call.Action != "transactWriteItems" {
					t.Fatalf("%s: got %s.%s, want DynamoDB.transactWriteItems", event, call.Service, call.Action)
				}
				// Then it updates the site item in the sites table, keeping
				// the item's other attributes (its stats)
				if got := rec.site.TableName; got != tokenPlaceholder && !strings.Contains(got, "{\"Ref\"") {
					t.Errorf("%s table: got %q, want the sites table reference", event, got)
				}
				if got := rec.site.Key["slug"]["S"]; got != slug {
					t.Errorf("%s slug: got %q, want %q", event, got, slug)
				}
				var stored map[string]any
				if err := json.Unmarshal([]byte(rec.attr("config")), &stored); err != nil {
					t.Fatalf("%s config: %v", event, err)
				}
				if stored["slug"] != slug || stored["name"] != tenant.Site.Name {
					t.Errorf("%s config: got slug %v name %v, want %s %s", event, stored["slug"], stored["name"], slug, tenant.Site.Name)
				}
				// And beside it the content pages the api Lambda renders
				// (issue 11: GET /api/pages reads them from this item)
				var pages map[string]string
				if err := json.Unmarshal([]byte(rec.attr("pages")), &pages); err != nil {
					t.Fatalf("%s pages: %v", event, err)
				}
				if tenant.Pages == "" {
					if len(pages) != 0 {
						t.Errorf("%s pages: got %d for a tenant without pages, want none", event, len(pages))
					}
				} else if pages["terms-and-conditions"] == "" || pages["privacy-policy"] == "" {
					t.Errorf("%s pages: got %d pages without terms-and-conditions and privacy-policy", event, len(pages))
				}
				// And every dealership of the site gets the site added to its
				// lookup item, in the same table
				var linked []string
				for _, u := range rec.links {
					if u.TableName != rec.site.TableName || u.UpdateExpression != "ADD #sites :site" ||
						u.ExpressionAttributeNames["#sites"] != "sites" || !slices.Equal(u.ExpressionAttributeValues[":site"].SS, []string{slug}) {
						t.Errorf("%s link %+v, want the site added to the lookup's sites", event, u)
					}
					linked = append(linked, u.Key["slug"]["S"])
				}
				var want []string
				for _, d := range tenant.Site.Dealerships {
					want = append(want, contract.SitesOfKey(d.Slug))
				}
				if !slices.Equal(linked, want) {
					t.Errorf("%s links %v, want %v", event, linked, want)
				}
				// And the same transaction adds them to the dealerships list
				// the sweep and a full reindex read (no scan)
				var slugs []string
				for _, d := range tenant.Site.Dealerships {
					slugs = append(slugs, d.Slug)
				}
				if l := rec.list; l == nil || l.TableName != rec.site.TableName || l.UpdateExpression != "ADD #dealerships :dealerships" ||
					l.ExpressionAttributeNames["#dealerships"] != "dealerships" || !slices.Equal(l.ExpressionAttributeValues[":dealerships"].SS, slugs) {
					t.Errorf("%s dealerships list update %+v, want the site's dealerships %v added", event, l, slugs)
				}
			}
			// And it may only update items of that table, found by its SSM
			// parameter (no export ties the tenant to the stateful stack)
			policy := only(t, tpl, "AWS::IAM::Policy")
			statements := path(policy, "Properties", "PolicyDocument", "Statement").([]any)
			if len(statements) != 1 || path(statements[0], "Action") != "dynamodb:UpdateItem" || path(statements[0], "Effect") != "Allow" {
				t.Fatalf("policy statements %v, want one dynamodb:UpdateItem", statements)
			}
			resource := flatten(path(statements[0], "Resource"))
			if want := flatten(refTo(t, tpl, param.SitesTableName)); !strings.Contains(resource, ":table/") || !strings.Contains(resource, want) {
				t.Errorf("policy resource %s, want the table named by %s", resource, param.SitesTableName)
			}
		})
	}
}

// txUpdate is one Update of a TransactWriteItems call, as the template
// holds it.
type txUpdate struct {
	TableName                 string                       `json:"TableName"`
	Key                       map[string]map[string]string `json:"Key"`
	UpdateExpression          string                       `json:"UpdateExpression"`
	ExpressionAttributeNames  map[string]string            `json:"ExpressionAttributeNames"`
	ExpressionAttributeValues map[string]struct {
		S  string   `json:"S"`
		N  string   `json:"N"`
		SS []string `json:"SS"`
	} `json:"ExpressionAttributeValues"`
}

// siteRecordWrite is the tenant's site record transaction: the site's
// update, then its dealerships' lookup links and the dealerships list.
type siteRecordWrite struct {
	site  txUpdate
	links []txUpdate
	list  *txUpdate
}

// attr is the value the site's update sets the attribute to.
func (w siteRecordWrite) attr(name string) string {
	for placeholder, n := range w.site.ExpressionAttributeNames {
		if n == name {
			return w.site.ExpressionAttributeValues[":"+strings.TrimPrefix(placeholder, "#")].S
		}
	}
	return ""
}

// siteRecord decodes the tenant stack's site record call of the event
// (Create or Update).
func siteRecord(t *testing.T, tpl map[string]any, event string) (awsSdkCall, siteRecordWrite) {
	t.Helper()
	cr := customResource(t, tpl, "DynamoDB", "transactWriteItems")
	var params struct {
		TransactItems []struct {
			Update txUpdate `json:"Update"`
		} `json:"TransactItems"`
	}
	call := sdkCall(t, path(cr, "Properties", event), &params)
	if len(params.TransactItems) == 0 {
		t.Fatalf("%s: an empty transaction", event)
	}
	var w siteRecordWrite
	w.site = params.TransactItems[0].Update
	for _, it := range params.TransactItems[1:] {
		if it.Update.Key["slug"]["S"] == contract.DealershipListKey {
			w.list = &it.Update
			continue
		}
		w.links = append(w.links, it.Update)
	}
	return call, w
}

// Spec 000 §2 car images and dealer logos are /media/... URLs: each
// distribution sends /media/* to the HTTP API with the tenant's headers and
// caches the answers by path under CloudFront's managed CachingOptimized
// (which honours the API's max-age and counts against no policy quota),
// with a photo's size moved into the path by the cell's function.
func TestDistributionCachesMediaFromAPI(t *testing.T) {
	s := synth(t)
	optimized := *awscloudfront.CachePolicy_CACHING_OPTIMIZED().CachePolicyId()
	for slug := range s.tenants {
		t.Run(slug, func(t *testing.T) {
			config := path(only(t, s.json[TenantStackPrefix+slug], "AWS::CloudFront::Distribution"), "Properties", "DistributionConfig")
			behaviors := map[string]map[string]any{}
			for _, b := range path(config, "CacheBehaviors").([]any) {
				b := b.(map[string]any)
				behaviors[b["PathPattern"].(string)] = b
			}
			// When a browser asks for /media/logos/<slug>.svg
			media, ok := behaviors["/media/*"]
			if !ok {
				t.Fatalf("no /media/* behaviour")
			}
			// Then the API origin answers it, with the tenant's headers
			if got, want := media["TargetOriginId"], behaviors["/api/*"]["TargetOriginId"]; got != want {
				t.Errorf("origin: got %v, want the API origin %v", got, want)
			}
			// And it is cached, read-only, with no viewer header forwarded
			// (API Gateway must see its own Host)
			if got := media["CachePolicyId"]; got != optimized {
				t.Errorf("cache policy: got %v, want CachingOptimized %s", got, optimized)
			}
			if got := media["AllowedMethods"]; !equalJSON(got, []any{"GET", "HEAD"}) {
				t.Errorf("methods: got %v, want GET, HEAD", got)
			}
			if got := media["OriginRequestPolicyId"]; got != nil {
				t.Errorf("origin request policy: got %v, want none", got)
			}
			// And, since no query string reaches the origin, the cell's
			// function moves a photo's ?w=, ?q= and ?f= into the path
			// (issue 14 "Images"): the document behaviour's function, on
			// viewer requests.
			fn := path(media, "FunctionAssociations", 0)
			if fn == nil || path(fn, "EventType") != "viewer-request" ||
				!equalJSON(path(fn, "FunctionARN"), path(config, "DefaultCacheBehavior", "FunctionAssociations", 0, "FunctionARN")) {
				t.Errorf("function associations: got %v, want the cell's function on viewer-request", media["FunctionAssociations"])
			}
		})
	}
}

// A web release reaches every site without touching a tenant stack: the
// shell is uploaded no-cache (TestPlatformDeploysWebDist) and cached for
// CachingOptimized's minimum second, and no tenant template depends on the
// build. Synthesizing another build gives byte-identical tenant templates.
func TestWebReleaseChangesNoTenantStack(t *testing.T) {
	s := synth(t)
	release := map[string]string{}
	for name, body := range webFiles {
		release[name] = body
	}
	release["index.html"] = `<!doctype html><script type="module" src="/assets/index-def456.js"></script>`
	release["assets/index-def456.js"] = `console.log("forecourt, next release")`
	next, err := synthApp(synthOptions{tenantsDir: tenantsDir, fixture: true, web: release})
	if err != nil {
		t.Fatal(err)
	}
	if equalJSON(s.json[PlatformStackName], next.json[PlatformStackName]) {
		t.Fatal("the platform stack did not change with the build: the test proves nothing")
	}
	for slug := range s.tenants {
		name := TenantStackPrefix + slug
		if !equalJSON(s.json[name], next.json[name]) {
			t.Errorf("%s changed with the web build", name)
		}
		raw, _ := json.Marshal(s.json[name])
		if got := string(raw); strings.Contains(got, "Fn::ImportValue") || strings.Contains(got, "createInvalidation") {
			t.Errorf("%s imports an export or invalidates on release", name)
		}
	}
}

// customResource returns the tenant stack's single AwsCustomResource that
// makes the given SDK call.
func customResource(t *testing.T, tpl map[string]any, service, action string) map[string]any {
	t.Helper()
	var found []map[string]any
	for _, cr := range resources(tpl, "Custom::AWS") {
		call := sdkCall(t, path(cr, "Properties", "Create"), nil)
		if call.Service == service && call.Action == action {
			found = append(found, cr)
		}
	}
	if len(found) != 1 {
		t.Fatalf("got %d Custom::AWS resources calling %s.%s, want 1", len(found), service, action)
	}
	return found[0]
}

// tokenPlaceholder stands for a CloudFormation reference inside a joined string.
const tokenPlaceholder = "<ref>"

type awsSdkCall struct {
	Service    string          `json:"service"`
	Action     string          `json:"action"`
	Parameters json.RawMessage `json:"parameters"`
}

// sdkCall decodes an AwsCustomResource call, which the template holds as a
// Fn::Join of JSON text and references, and its parameters into params
// unless nil.
func sdkCall(t *testing.T, v any, params any) awsSdkCall {
	t.Helper()
	var text strings.Builder
	switch v := v.(type) {
	case string:
		text.WriteString(v)
	case map[string]any:
		for _, part := range path(v, "Fn::Join", 1).([]any) {
			if s, ok := part.(string); ok {
				text.WriteString(s)
			} else {
				text.WriteString(tokenPlaceholder)
			}
		}
	}
	var call awsSdkCall
	if err := json.Unmarshal([]byte(text.String()), &call); err != nil {
		t.Fatalf("decode sdk call %q: %v", text.String(), err)
	}
	if params != nil {
		if err := json.Unmarshal(call.Parameters, params); err != nil {
			t.Fatalf("decode %s.%s parameters %s: %v", call.Service, call.Action, call.Parameters, err)
		}
	}
	return call
}

// equalJSON reports whether two decoded JSON values are equal.
func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// refTo is the {"Ref": ...} of the template's stack parameter that reads the
// SSM parameter name.
func refTo(t *testing.T, tpl map[string]any, name string) map[string]any {
	t.Helper()
	params, _ := tpl["Parameters"].(map[string]any)
	for id, p := range params {
		if path(p, "Default") == name && strings.HasPrefix(fmt.Sprint(path(p, "Type")), "AWS::SSM::Parameter::Value") {
			return map[string]any{"Ref": id}
		}
	}
	t.Fatalf("no stack parameter reads %s", name)
	return nil
}

// Issue 15 "GET /api/site cached at the edge": the site route has its own
// behaviour ahead of /api/* on the API origin, cached on the path alone
// (CachingOptimized, so no viewer header or query string can vary it) and
// read-only; the rest of /api/* stays uncached.
func TestDistributionCachesSiteConfig(t *testing.T) {
	s := synth(t)
	optimized := *awscloudfront.CachePolicy_CACHING_OPTIMIZED().CachePolicyId()
	for slug := range s.tenants {
		t.Run(slug, func(t *testing.T) {
			config := path(only(t, s.json[TenantStackPrefix+slug], "AWS::CloudFront::Distribution"), "Properties", "DistributionConfig")
			order := map[string]int{}
			behaviors := map[string]map[string]any{}
			for i, b := range path(config, "CacheBehaviors").([]any) {
				b := b.(map[string]any)
				behaviors[b["PathPattern"].(string)] = b
				order[b["PathPattern"].(string)] = i
			}
			site, ok := behaviors["/api/site"]
			if !ok {
				t.Fatalf("no /api/site behaviour")
			}
			if order["/api/site"] > order["/api/*"] {
				t.Errorf("/api/site comes after /api/*, which would match it first")
			}
			if got, want := site["TargetOriginId"], behaviors["/api/*"]["TargetOriginId"]; got != want {
				t.Errorf("origin: got %v, want the API origin %v", got, want)
			}
			if got := site["CachePolicyId"]; got != optimized {
				t.Errorf("cache policy: got %v, want CachingOptimized %s", got, optimized)
			}
			if got := site["AllowedMethods"]; !equalJSON(got, []any{"GET", "HEAD"}) {
				t.Errorf("methods: got %v, want GET, HEAD", got)
			}
			if got := site["OriginRequestPolicyId"]; got != nil {
				t.Errorf("origin request policy: got %v, want none (no viewer header may vary the answer)", got)
			}
		})
	}
}

// Issue 32: the home page's quick search, pressed before the app runs,
// sends make, model and max_price to /search, which the document server
// redirects to their listing; the document behaviour forwards no query
// string, so /search has a behaviour of its own on the API origin that
// forwards the viewer's query string (every viewer header but Host, as
// /api/*) and caches nothing (each query is its own answer).
func TestDistributionForwardsQuickSearch(t *testing.T) {
	s := synth(t)
	disabled := *awscloudfront.CachePolicy_CACHING_DISABLED().CachePolicyId()
	allViewer := *awscloudfront.OriginRequestPolicy_ALL_VIEWER_EXCEPT_HOST_HEADER().OriginRequestPolicyId()
	for slug := range s.tenants {
		t.Run(slug, func(t *testing.T) {
			config := path(only(t, s.json[TenantStackPrefix+slug], "AWS::CloudFront::Distribution"), "Properties", "DistributionConfig")
			behaviors := map[string]map[string]any{}
			for _, b := range path(config, "CacheBehaviors").([]any) {
				b := b.(map[string]any)
				behaviors[b["PathPattern"].(string)] = b
			}
			search, ok := behaviors["/search"]
			if !ok {
				t.Fatalf("no /search behaviour")
			}
			for _, tt := range []struct {
				field string
				want  any
			}{
				{"TargetOriginId", behaviors["/api/*"]["TargetOriginId"]},
				{"CachePolicyId", disabled},
				{"OriginRequestPolicyId", allViewer},
				{"ViewerProtocolPolicy", "redirect-to-https"},
			} {
				if got := search[tt.field]; !equalJSON(got, tt.want) {
					t.Errorf("%s: got %v, want %v", tt.field, got, tt.want)
				}
			}
			if got := search["AllowedMethods"]; !equalJSON(got, []any{"GET", "HEAD"}) {
				t.Errorf("methods: got %v, want GET, HEAD", got)
			}
		})
	}
}
