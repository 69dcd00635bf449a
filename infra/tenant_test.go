package main

import (
	"encoding/json"
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
			// Given the tenant stack's custom resource
			cr := only(t, s.json[TenantStackPrefix+slug], "Custom::AWS")
			for _, event := range []string{"Create", "Update"} {
				// When CloudFormation creates or updates it
				call := sdkCall(t, path(cr, "Properties", event))
				// Then it puts the site item into the sites table
				if call.Service != "DynamoDB" || call.Action != "putItem" {
					t.Fatalf("%s: got %s.%s, want DynamoDB.putItem", event, call.Service, call.Action)
				}
				if got := call.Parameters.TableName; got != tokenPlaceholder {
					t.Errorf("%s table: got %q, want the sites table reference", event, got)
				}
				if got := call.Parameters.Item["slug"]["S"]; got != slug {
					t.Errorf("%s slug: got %q, want %q", event, got, slug)
				}
				var stored map[string]any
				if err := json.Unmarshal([]byte(call.Parameters.Item["config"]["S"]), &stored); err != nil {
					t.Fatalf("%s config: %v", event, err)
				}
				if stored["slug"] != slug || stored["name"] != tenant.Site.Name {
					t.Errorf("%s config: got slug %v name %v, want %s %s", event, stored["slug"], stored["name"], slug, tenant.Site.Name)
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

// tokenPlaceholder stands for a CloudFormation reference inside a joined string.
const tokenPlaceholder = "<ref>"

type awsSdkCall struct {
	Service    string `json:"service"`
	Action     string `json:"action"`
	Parameters struct {
		TableName string                       `json:"TableName"`
		Item      map[string]map[string]string `json:"Item"`
	} `json:"parameters"`
}

// sdkCall decodes an AwsCustomResource call, which the template holds as a
// Fn::Join of JSON text and references.
func sdkCall(t *testing.T, v any) awsSdkCall {
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
	return call
}
