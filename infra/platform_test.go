package main

import (
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"
)

// DESIGN.md "Production path": Go Lambdas on arm64 provided.al2023, given
// the table names (docs/contracts.md "Environment") and secrets only as
// Secrets Manager references.
func TestLambdas(t *testing.T) {
	s := synth(t)
	fns := resources(s.json[PlatformStackName], "AWS::Lambda::Function")
	if len(fns) != 2 {
		t.Fatalf("got %d functions, want 2 (api, ingest)", len(fns))
	}
	secretVars := map[string]string{
		"ALGOLIA_ADMIN_KEY":       "{{resolve:secretsmanager:test/algolia:SecretString:admin_key:",
		"ALGOLIA_SEARCH_KEY":      "{{resolve:secretsmanager:test/algolia:SecretString:search_key:",
		"FORECOURT_ORIGIN_SECRET": "{{resolve:secretsmanager:test/origin:",
	}
	for id, fn := range fns {
		t.Run(id, func(t *testing.T) {
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
					"ALGOLIA_APP_ID":      "TESTAPP",
					"FORECOURT_INDEX":     "cars",
				})},
			})})
			// And every secret is a Secrets Manager reference, never a literal
			vars, _ := path(fn, "Properties", "Environment", "Variables").(map[string]any)
			for name, want := range secretVars {
				v, ok := vars[name]
				if !ok {
					continue
				}
				if got, _ := v.(string); !strings.HasPrefix(got, want) {
					t.Errorf("%s: got %v, want a %s... reference", name, v, want)
				}
			}
			if _, ok := vars["FORECOURT_ORIGIN_SECRET"]; !ok {
				t.Errorf("FORECOURT_ORIGIN_SECRET is not set")
			}
		})
	}
}

// The HTTP API routes /api/* and /ingest/* to their functions.
func TestHTTPAPIRoutes(t *testing.T) {
	s := synth(t)
	tpl := s.templates[PlatformStackName]
	for _, route := range []string{"ANY /api/{proxy+}", "ANY /ingest/{proxy+}"} {
		check(t, route, func() {
			tpl.HasResourceProperties(jsii.String("AWS::ApiGatewayV2::Route"), map[string]any{"RouteKey": route})
		})
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
