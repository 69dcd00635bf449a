package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfront"
	"github.com/aws/jsii-runtime-go"
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

// The SPA is served from S3 through origin access control, and client-side
// routes fall back to index.html without touching /api/* errors.
func TestDistributionServesSPA(t *testing.T) {
	s := synth(t)
	for slug := range s.tenants {
		tpl := s.templates[TenantStackPrefix+slug]
		check(t, slug+" default behaviour", func() {
			tpl.HasResourceProperties(jsii.String("AWS::CloudFront::Distribution"), map[string]any{
				"DistributionConfig": map[string]any{
					"DefaultRootObject": "index.html",
					"DefaultCacheBehavior": assertions.Match_ObjectLike(&map[string]any{
						"ViewerProtocolPolicy": "redirect-to-https",
						"FunctionAssociations": []any{map[string]any{"EventType": "viewer-request", "FunctionARN": assertions.Match_AnyValue()}},
					}),
					"Origins": assertions.Match_ArrayWith(&[]any{assertions.Match_ObjectLike(&map[string]any{
						"OriginAccessControlId": assertions.Match_AnyValue(),
					})}),
					// Error responses would also rewrite the API's 403/404 answers.
					"CustomErrorResponses": assertions.Match_Absent(),
				},
			})
		})
		check(t, slug+" origin access control", func() {
			tpl.HasResourceProperties(jsii.String("AWS::CloudFront::OriginAccessControl"), map[string]any{
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
// site config into the sites table.
func TestTenantStackWritesSiteRecord(t *testing.T) {
	s := synth(t)
	for slug, tenant := range s.tenants {
		t.Run(slug, func(t *testing.T) {
			// Given the tenant stack's custom resource that writes to DynamoDB
			cr := customResource(t, s.json[TenantStackPrefix+slug], "DynamoDB", "putItem")
			for _, event := range []string{"Create", "Update"} {
				// When CloudFormation creates or updates it
				var params struct {
					TableName string                       `json:"TableName"`
					Item      map[string]map[string]string `json:"Item"`
				}
				call := sdkCall(t, path(cr, "Properties", event), &params)
				// Then it puts the site item into the sites table
				if call.Service != "DynamoDB" || call.Action != "putItem" {
					t.Fatalf("%s: got %s.%s, want DynamoDB.putItem", event, call.Service, call.Action)
				}
				if got := params.TableName; got != tokenPlaceholder {
					t.Errorf("%s table: got %q, want the sites table reference", event, got)
				}
				if got := params.Item["slug"]["S"]; got != slug {
					t.Errorf("%s slug: got %q, want %q", event, got, slug)
				}
				var stored map[string]any
				if err := json.Unmarshal([]byte(params.Item["config"]["S"]), &stored); err != nil {
					t.Fatalf("%s config: %v", event, err)
				}
				if stored["slug"] != slug || stored["name"] != tenant.Site.Name {
					t.Errorf("%s config: got slug %v name %v, want %s %s", event, stored["slug"], stored["name"], slug, tenant.Site.Name)
				}
				// And beside it the content pages the api Lambda renders
				// (issue 11: GET /api/pages reads them from this item)
				var pages map[string]string
				if err := json.Unmarshal([]byte(params.Item["pages"]["S"]), &pages); err != nil {
					t.Fatalf("%s pages: %v", event, err)
				}
				if tenant.Pages == "" {
					if len(pages) != 0 {
						t.Errorf("%s pages: got %d for a tenant without pages, want none", event, len(pages))
					}
				} else if pages["terms-and-conditions"] == "" || pages["privacy-policy"] == "" {
					t.Errorf("%s pages: got %d pages without terms-and-conditions and privacy-policy", event, len(pages))
				}
			}
			// And it may only put items into that table
			check(t, "policy", func() {
				s.templates[TenantStackPrefix+slug].HasResourceProperties(jsii.String("AWS::IAM::Policy"), map[string]any{
					"PolicyDocument": map[string]any{"Statement": []any{map[string]any{
						"Action": "dynamodb:PutItem", "Effect": "Allow",
						"Resource": map[string]any{"Fn::ImportValue": assertions.Match_StringLikeRegexp(jsii.String("TablesSites"))},
					}}},
				})
			})
		})
	}
}

// Spec 000 §2 car images and dealer logos are /media/... URLs: each
// distribution sends /media/* to the HTTP API with the tenant's headers and
// caches the answers by path and query string (?angle= picks the view).
func TestDistributionCachesMediaFromAPI(t *testing.T) {
	s := synth(t)
	// Given the platform's media cache policy
	policies := resources(s.json[PlatformStackName], "AWS::CloudFront::CachePolicy")
	if len(policies) != 1 {
		t.Fatalf("platform stack: got %d cache policies, want 1 shared by every tenant", len(policies))
	}
	var policyID string
	for id, p := range policies {
		policyID = id
		// Then it keys on the query string only and keeps images a day by default
		matchObject(t, p, map[string]any{"Properties": map[string]any{"CachePolicyConfig": assertions.Match_ObjectLike(&map[string]any{
			"DefaultTTL": 86400,
			"MinTTL":     0,
			"ParametersInCacheKeyAndForwardedToOrigin": assertions.Match_ObjectLike(&map[string]any{
				"QueryStringsConfig": map[string]any{"QueryStringBehavior": "all"},
				"HeadersConfig":      map[string]any{"HeaderBehavior": "none"},
				"CookiesConfig":      map[string]any{"CookieBehavior": "none"},
			}),
		})}})
	}
	for slug := range s.tenants {
		t.Run(slug, func(t *testing.T) {
			config := path(only(t, s.json[TenantStackPrefix+slug], "AWS::CloudFront::Distribution"), "Properties", "DistributionConfig")
			behaviors := map[string]map[string]any{}
			for _, b := range path(config, "CacheBehaviors").([]any) {
				b := b.(map[string]any)
				behaviors[b["PathPattern"].(string)] = b
			}
			// When a browser asks for /media/demo/suv/red.svg?angle=2
			media, ok := behaviors["/media/*"]
			if !ok {
				t.Fatalf("no /media/* behaviour")
			}
			// Then the API origin answers it, with the tenant's headers
			if got, want := media["TargetOriginId"], behaviors["/api/*"]["TargetOriginId"]; got != want {
				t.Errorf("origin: got %v, want the API origin %v", got, want)
			}
			// And it is cached under the shared policy, read-only, with no
			// viewer header forwarded (API Gateway must see its own Host)
			if got := flatten(media["CachePolicyId"]); !strings.Contains(got, policyID) {
				t.Errorf("cache policy: got %v, want the platform's %s", media["CachePolicyId"], policyID)
			}
			if got := media["AllowedMethods"]; !equalJSON(got, []any{"GET", "HEAD"}) {
				t.Errorf("methods: got %v, want GET, HEAD", got)
			}
			if got := media["OriginRequestPolicyId"]; got != nil {
				t.Errorf("origin request policy: got %v, want none", got)
			}
		})
	}
}

// A web release reaches every site at once: each tenant stack invalidates
// its distribution's cached app shell (every client-side route is served as
// /index.html) when the published build changes.
func TestTenantStackInvalidatesShellOnRelease(t *testing.T) {
	s := synth(t)
	release := s.stacks.Platform.Web.Release
	for slug := range s.tenants {
		t.Run(slug, func(t *testing.T) {
			// Given the tenant stack's CloudFront custom resource
			tpl := s.json[TenantStackPrefix+slug]
			cr := customResource(t, tpl, "CloudFront", "createInvalidation")
			for _, event := range []string{"Create", "Update"} {
				// When CloudFormation creates or updates it (the release changed)
				var params struct {
					DistributionID    string `json:"DistributionId"`
					InvalidationBatch struct {
						CallerReference string
						Paths           struct {
							Quantity int
							Items    []string
						}
					}
				}
				sdkCall(t, path(cr, "Properties", event), &params)
				// Then it invalidates /index.html of its own distribution, once per release
				if params.DistributionID != tokenPlaceholder {
					t.Errorf("%s distribution: got %q, want a reference", event, params.DistributionID)
				}
				batch := params.InvalidationBatch
				if batch.Paths.Quantity != 1 || len(batch.Paths.Items) != 1 || batch.Paths.Items[0] != "/index.html" {
					t.Errorf("%s paths: got %+v, want [/index.html]", event, batch.Paths)
				}
				if want := "release-" + release; batch.CallerReference != want {
					t.Errorf("%s caller reference: got %q, want %q", event, batch.CallerReference, want)
				}
			}
			// And the distribution it names is this stack's own
			only(t, tpl, "AWS::CloudFront::Distribution")
			for dist := range resources(tpl, "AWS::CloudFront::Distribution") {
				if refs := findRefs(path(cr, "Properties", "Update")); !slices.Contains(refs, dist) {
					t.Errorf("invalidation references %v, want the distribution %s", refs, dist)
				}
			}
		})
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

// findRefs lists the logical ids v references with Ref.
func findRefs(v any) []string {
	var refs []string
	switch v := v.(type) {
	case map[string]any:
		if r, ok := v["Ref"].(string); ok && len(v) == 1 {
			refs = append(refs, r)
		}
		for _, e := range v {
			refs = append(refs, findRefs(e)...)
		}
	case []any:
		for _, e := range v {
			refs = append(refs, findRefs(e)...)
		}
	}
	return refs
}

// equalJSON reports whether two decoded JSON values are equal.
func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
