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

// pathMatches walks v (a statement or a rule) and calls f with every byte
// or regex match on the URI path, and every rate key on it, and where it is.
func pathMatches(v any, where string, f func(where string, match map[string]any)) {
	switch x := v.(type) {
	case map[string]any:
		for _, kind := range []string{"ByteMatchStatement", "RegexMatchStatement"} {
			if m, ok := x[kind].(map[string]any); ok && path(m, "FieldToMatch", "UriPath") != nil {
				f(where+"."+kind, m)
			}
		}
		if m, ok := x["UriPath"].(map[string]any); ok && m["TextTransformations"] != nil {
			f(where+".UriPath key", m)
		}
		for k, c := range x {
			pathMatches(c, where+"."+k, f)
		}
	case []any:
		for i, c := range x {
			pathMatches(c, fmt.Sprintf("%s[%d]", where, i), f)
		}
	}
}

// transforms lists a match's text transformations in priority order.
func transforms(m map[string]any) []string {
	ts, _ := m["TextTransformations"].([]any)
	slices.SortFunc(ts, func(a, b any) int {
		pa, _ := path(a, "Priority").(float64)
		pb, _ := path(b, "Priority").(float64)
		return int(pa - pb)
	})
	var out []string
	for _, t := range ts {
		s, _ := path(t, "Type").(string)
		out = append(out, s)
	}
	return out
}

// Issue 31 (second pass) "WAF rate rules bypassed by encoding the path":
// POST /api/l%65ads reached the leads handler past the per-address rule,
// which compared the raw path. Every path match of the edge ACL (scope-down
// statements, the managed rule set's exclusion, the per-path rate key)
// decodes the path and lower-cases it first, so an encoded or upper-cased
// spelling counts as the path API Gateway routes it to.
func TestEdgeACLPathMatchesDecodeAndLowercase(t *testing.T) {
	s := synth(t)
	for n, ws := range s.stacks.EdgeWAFs {
		acl := only(t, s.json[*ws.StackName()], "AWS::WAFv2::WebACL")
		seen := 0
		for _, r := range path(acl, "Properties", "Rules").([]any) {
			name, _ := path(r, "Name").(string)
			pathMatches(r, name, func(where string, m map[string]any) {
				seen++
				got := transforms(m)
				if !slices.Equal(got, []string{"URL_DECODE", "LOWERCASE"}) {
					t.Errorf("cell %d %s: transformations %v, want URL_DECODE then LOWERCASE", n, where, got)
				}
			})
		}
		if seen < 5 {
			t.Errorf("cell %d: %d path matches found, want every rate rule's and the managed set's", n, seen)
		}
	}
}

// Issue 31 (second pass) "No WAF rule covers /media/ or page documents",
// "lead and reservation throttles shared by every tenant": besides the
// per-address limits on the public writes, each edge ACL limits one
// address's requests to /media/, to page documents (paths without a file
// extension outside /api/, /ingest/ and /media/, which the distributions
// render in the api Lambda) and to the whole site (but /ingest/, whose
// providers push for many dealerships from one address), and limits each
// site's (Host's) leads and reservations, so one abused site cannot use
// up API Gateway's route limits shared by every tenant.
func TestEdgeACLRateRulesCoverMediaDocumentsAndTenants(t *testing.T) {
	s := synth(t)
	for n, ws := range s.stacks.EdgeWAFs {
		acl := only(t, s.json[*ws.StackName()], "AWS::WAFv2::WebACL")
		rules := aclRules(acl)
		for _, tc := range []struct {
			rule  string
			limit int
			// key is the aggregation: IP or the Host header.
			key string
			// scope must appear in the scope-down statement (JSON), absent
			// must not; "" means no scope-down at all.
			scope  []string
			absent []string
		}{
			{"rate-media", 3000, "IP", []string{`"SearchString":"/media/"`, "STARTS_WITH"}, nil},
			{"rate-documents", 600, "IP", []string{`"RegexString":"^[^.]*$"`, `"SearchString":"/api/"`, `"SearchString":"/ingest/"`, `"SearchString":"/media/"`, "NotStatement"}, nil},
			{"rate-site", 6000, "IP", []string{`"NotStatement"`, `"SearchString":"/ingest/"`}, []string{`"/api/"`}},
			{"rate-leads-per-site", 300, "host", []string{`"SearchString":"/api/leads"`, "STARTS_WITH"}, nil},
			{"rate-reservations-per-site", 100, "host", []string{`"SearchString":"/api/reservations"`, "STARTS_WITH"}, nil},
		} {
			what := fmt.Sprintf("cell %d %s", n, tc.rule)
			scope := checkRateRule(t, what, rules[tc.rule], tc.limit)
			for _, want := range tc.scope {
				if !strings.Contains(scope, want) {
					t.Errorf("%s: scope %s lacks %s", what, scope, want)
				}
			}
			for _, not := range tc.absent {
				if strings.Contains(scope, not) {
					t.Errorf("%s: scope %s holds %s", what, scope, not)
				}
			}
			stmt := path(rules[tc.rule], "Statement", "RateBasedStatement")
			switch tc.key {
			case "IP":
				if path(stmt, "AggregateKeyType") != "IP" {
					t.Errorf("%s: aggregated on %v, want each client address", what, path(stmt, "AggregateKeyType"))
				}
			default:
				keys, _ := json.Marshal(path(stmt, "CustomKeys"))
				if path(stmt, "AggregateKeyType") != "CUSTOM_KEYS" || !strings.Contains(string(keys), `"Header":{"Name":"`+tc.key+`"`) ||
					!strings.Contains(string(keys), "LOWERCASE") || strings.Contains(string(keys), `"IP"`) {
					t.Errorf("%s: aggregated on %v %s, want the %s header alone, lower-cased (one count per site)", what, path(stmt, "AggregateKeyType"), keys, tc.key)
				}
			}
		}
	}
}
