package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"forecourt/infra/constructs/waf"
)

// aclRules returns a web ACL's rules by name.
func aclRules(acl map[string]any) map[string]any {
	out := map[string]any{}
	rules, _ := path(acl, "Properties", "Rules").([]any)
	for _, r := range rules {
		name, _ := path(r, "Name").(string)
		out[name] = r
	}
	return out
}

// checkRateRule checks that rule blocks over limit requests per window
// with a 429 in the API's error shape, and returns its scope-down
// statement as JSON.
func checkRateRule(t *testing.T, what string, rule any, limit int) string {
	t.Helper()
	if rule == nil {
		t.Errorf("%s: no rate rule", what)
		return ""
	}
	stmt := path(rule, "Statement", "RateBasedStatement")
	if got, _ := path(stmt, "Limit").(float64); int(got) != limit {
		t.Errorf("%s: limit %v, want %d", what, path(stmt, "Limit"), limit)
	}
	if got, _ := path(stmt, "EvaluationWindowSec").(float64); int(got) != waf.Window {
		t.Errorf("%s: window %v, want %d", what, path(stmt, "EvaluationWindowSec"), waf.Window)
	}
	if code, _ := path(rule, "Action", "Block", "CustomResponse", "ResponseCode").(float64); code != 429 {
		t.Errorf("%s: blocks with %v, want 429", what, code)
	}
	scope, _ := json.Marshal(path(stmt, "ScopeDownStatement"))
	return string(scope)
}

// checkBody checks that an ACL answers blocked requests in the API's JSON
// error shape (code too_many_requests).
func checkBody(t *testing.T, what string, acl map[string]any) {
	t.Helper()
	for _, b := range path(acl, "Properties", "CustomResponseBodies").(map[string]any) {
		var body struct {
			Error struct{ Code string } `json:"error"`
		}
		content, _ := path(b, "Content").(string)
		if err := json.Unmarshal([]byte(content), &body); err != nil || body.Error.Code != "too_many_requests" || path(b, "ContentType") != "APPLICATION_JSON" {
			t.Errorf("%s: blocked answer %v, want the API's JSON error too_many_requests", what, b)
		}
	}
}

// Issue 15 "Edge" / assignment item 1: each edge cell has one
// CloudFront-scope web ACL, in us-east-1, with AWS's common rule set
// (except on /ingest/, whose feed bodies it would block) and known bad
// inputs, and per-address rate limits on /api/leads, /api/reservations and
// /ingest/; its ARN reaches the platform region's parameter that every
// tenant distribution of the cell uses.
func TestEdgeCellsHaveWebACLs(t *testing.T) {
	s := synth(t)
	if len(s.stacks.EdgeWAFs) != len(s.stacks.Edges) {
		t.Fatalf("%d web ACL stacks for %d cells", len(s.stacks.EdgeWAFs), len(s.stacks.Edges))
	}
	for n, ws := range s.stacks.EdgeWAFs {
		if got := *ws.Stack.Region(); got != waf.CloudFrontRegion {
			t.Errorf("cell %d: web ACL stack in %s, want %s (CloudFront's WAF region)", n, got, waf.CloudFrontRegion)
		}
		tpl := s.json[*ws.StackName()]
		acl := only(t, tpl, "AWS::WAFv2::WebACL")
		if path(acl, "Properties", "Scope") != "CLOUDFRONT" {
			t.Errorf("cell %d: scope %v", n, path(acl, "Properties", "Scope"))
		}
		if path(acl, "Properties", "DefaultAction", "Allow") == nil {
			t.Errorf("cell %d: default action %v, want allow", n, path(acl, "Properties", "DefaultAction"))
		}
		checkBody(t, fmt.Sprintf("cell %d", n), acl)
		rules := aclRules(acl)
		common := rules["AWSManagedRulesCommonRuleSet"]
		if path(common, "Statement", "ManagedRuleGroupStatement", "VendorName") != "AWS" {
			t.Errorf("cell %d: no AWS common rule set: %v", n, common)
		}
		if scope, _ := json.Marshal(path(common, "Statement", "ManagedRuleGroupStatement", "ScopeDownStatement", "NotStatement")); !strings.Contains(string(scope), `"/ingest/"`) {
			t.Errorf("cell %d: the common rule set applies to /ingest/ feeds: %s", n, scope)
		}
		if rules["AWSManagedRulesKnownBadInputsRuleSet"] == nil {
			t.Errorf("cell %d: no known bad inputs rule set", n)
		}
		for _, tc := range []struct {
			rule, path string
			limit      int
		}{
			{"rate-leads", "/api/leads", 50},
			{"rate-reservations", "/api/reservations", 50},
			{"rate-ingest", "/ingest/", 300},
		} {
			scope := checkRateRule(t, fmt.Sprintf("cell %d %s", n, tc.rule), rules[tc.rule], tc.limit)
			if !strings.Contains(scope, `"SearchString":"`+tc.path+`"`) || !strings.Contains(scope, "STARTS_WITH") {
				t.Errorf("cell %d %s: scope %s, want paths starting %s", n, tc.rule, scope, tc.path)
			}
		}
		// The ARN is written into the platform region's parameter.
		published := false
		for _, cr := range resources(tpl, "Custom::AWS") {
			create, _ := path(cr, "Properties", "Create").(map[string]any)
			raw, _ := json.Marshal(create)
			if strings.Contains(string(raw), "putParameter") && strings.Contains(string(raw), fmt.Sprintf("/forecourt/edge/%d/web-acl-arn", n)) &&
				strings.Contains(string(raw), `eu-west-1`) {
				published = true
			}
		}
		if !published {
			t.Errorf("cell %d: no putParameter of /forecourt/edge/%d/web-acl-arn in eu-west-1 (the platform's region)", n, n)
		}
	}
	for slug, ts := range s.stacks.Tenants {
		tpl := s.json[*ts.StackName()]
		params, _ := tpl["Parameters"].(map[string]any)
		dist := only(t, tpl, "AWS::CloudFront::Distribution")
		ref, _ := path(dist, "Properties", "DistributionConfig", "WebACLId", "Ref").(string)
		name, _ := path(params[ref], "Default").(string)
		n := s.tenants[slug].Site.EdgeCell
		if want := fmt.Sprintf("/forecourt/edge/%d/web-acl-arn", n); name != want {
			t.Errorf("%s: web ACL from %q, want the cell's parameter %s", slug, name, want)
		}
		var deps []string
		for _, d := range *ts.Dependencies() {
			deps = append(deps, *d.StackName())
		}
		if !slices.Contains(deps, EdgeWAFStackName(n)) {
			t.Errorf("%s: depends on %v, not on its cell's web ACL stack %s", slug, deps, EdgeWAFStackName(n))
		}
	}
}

// Issue 15 "Shopper pool abuse": the browser calls Cognito directly, so
// the user pool has its own regional web ACL: the operations that send an
// SMS (sign-up, resending a code, a password reset) get a tight
// per-address limit, sign-in a looser one.
func TestShopperPoolHasWebACL(t *testing.T) {
	s := synth(t)
	tpl := s.json[StatefulStackName]
	acl := only(t, tpl, "AWS::WAFv2::WebACL")
	if path(acl, "Properties", "Scope") != "REGIONAL" {
		t.Errorf("scope %v, want REGIONAL", path(acl, "Properties", "Scope"))
	}
	checkBody(t, "user pool ACL", acl)
	rules := aclRules(acl)
	sms := checkRateRule(t, "sms-sending", rules["rate-sms-sending"], 10)
	for _, op := range []string{"SignUp", "ResendConfirmationCode", "ForgotPassword"} {
		if !strings.Contains(sms, `"AWSCognitoIdentityProviderService.`+op+`"`) || !strings.Contains(sms, "x-amz-target") {
			t.Errorf("sms-sending rule does not cover %s: %s", op, sms)
		}
	}
	signIn := checkRateRule(t, "sign-in", rules["rate-sign-in"], 100)
	if !strings.Contains(signIn, `"AWSCognitoIdentityProviderService.InitiateAuth"`) {
		t.Errorf("sign-in rule does not cover InitiateAuth: %s", signIn)
	}
	assoc := only(t, tpl, "AWS::WAFv2::WebACLAssociation")
	pool := ""
	for id := range resources(tpl, "AWS::Cognito::UserPool") {
		pool = id
	}
	if got, _ := path(assoc, "Properties", "ResourceArn", "Fn::GetAtt", 0).(string); got != pool {
		t.Errorf("ACL associated with %v, want the user pool %s", path(assoc, "Properties", "ResourceArn"), pool)
	}
}
