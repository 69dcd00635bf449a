package main

import (
	"strings"
	"testing"
)

// Issue 15 "Edge": every behaviour of every tenant distribution answers
// with its edge cell's response headers policy (one per cell, not per
// tenant: docs/scaling.md), whose content security policy allows the
// search host beside the site's own origin and no framing, with HSTS,
// nosniff, a referrer policy and a permissions policy, each overriding
// whatever the origin sent.
func TestDistributionsSendSecurityHeaders(t *testing.T) {
	s := synth(t)
	for n, edge := range s.stacks.Edges {
		tpl := s.json[*edge.Stack.StackName()]
		policies := resources(tpl, "AWS::CloudFront::ResponseHeadersPolicy")
		if len(policies) != 1 {
			t.Fatalf("cell %d: %d response headers policies, want 1", n, len(policies))
		}
		for _, p := range policies {
			sec := path(p, "Properties", "ResponseHeadersPolicyConfig", "SecurityHeadersConfig")
			// The Cognito host names the stack's region, so the policy is an Fn::Join.
			csp := flatten(path(sec, "ContentSecurityPolicy", "ContentSecurityPolicy"))
			for _, want := range []string{"default-src 'self'", "script-src 'self';", "connect-src 'self' https://TESTAPP-dsn.algolia.net", "https://cognito-idp.", "frame-ancestors 'none'"} {
				if !strings.Contains(csp+";", want) {
					t.Errorf("cell %d CSP %q lacks %q", n, csp, want)
				}
			}
			for _, h := range []string{"ContentSecurityPolicy", "ContentTypeOptions", "FrameOptions", "ReferrerPolicy", "StrictTransportSecurity"} {
				if path(sec, h, "Override") != true {
					t.Errorf("cell %d: %s missing or not overriding: %v", n, h, path(sec, h))
				}
			}
			if age, _ := path(sec, "StrictTransportSecurity", "AccessControlMaxAgeSec").(float64); age < 31536000 {
				t.Errorf("cell %d: HSTS max-age %v, want at least a year", n, age)
			}
			custom := flatten(path(p, "Properties", "ResponseHeadersPolicyConfig", "CustomHeadersConfig"))
			if !strings.Contains(custom, "Permissions-Policy") {
				t.Errorf("cell %d: no Permissions-Policy header: %s", n, custom)
			}
		}
	}
	for slug, ts := range s.stacks.Tenants {
		tpl := s.json[*ts.Stack.StackName()]
		params, _ := tpl["Parameters"].(map[string]any)
		dist := only(t, tpl, "AWS::CloudFront::Distribution")
		cfg := path(dist, "Properties", "DistributionConfig")
		behaviors := []any{path(cfg, "DefaultCacheBehavior")}
		if bs, ok := path(cfg, "CacheBehaviors").([]any); ok {
			behaviors = append(behaviors, bs...)
		}
		for _, b := range behaviors {
			ref, _ := path(b, "ResponseHeadersPolicyId", "Ref").(string)
			id, _ := path(params[ref], "Default").(string)
			if !strings.Contains(id, "headers-policy-id") {
				t.Errorf("%s %v: response headers policy %s, want the cell's (its SSM parameter)", slug, path(b, "PathPattern"), id)
			}
		}
	}
}
