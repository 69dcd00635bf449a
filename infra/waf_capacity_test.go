package main

import (
	"fmt"
	"testing"
)

// maxWCU is the web ACL capacity WAF's basic price covers (issue 31: the
// edge ACL grew rate rules without a check against it).
const maxWCU = 1500

// managedWCU are the documented capacities of the AWS managed rule groups
// the ACLs use (AWS WAF developer guide, "Baseline rule groups").
var managedWCU = map[string]int{
	"AWSManagedRulesCommonRuleSet":         700,
	"AWSManagedRulesKnownBadInputsRuleSet": 200,
}

// statementWCU prices one statement of the synthesized template by the
// costs the AWS WAF developer guide documents: a string (byte) match
// starting with, ending with or exactly a string 2 (containing 10), a regex
// match 3, each text transformation 10 more; AND, OR and NOT the sum of
// what they nest; a managed group its capacity plus its scope-down; a
// rate-based statement 2, 30 per custom aggregation key (and, counted here
// to be safe, 10 per transformation on a key) plus its scope-down. A
// statement type it does not know is an error, so a new kind is priced
// before it ships.
func statementWCU(st map[string]any) (int, error) {
	transforms := func(m map[string]any) int {
		ts, _ := m["TextTransformations"].([]any)
		return 10 * len(ts)
	}
	nested := func(list any) (int, error) {
		sum := 0
		items, _ := list.([]any)
		for _, s := range items {
			n, err := statementWCU(s.(map[string]any))
			if err != nil {
				return 0, err
			}
			sum += n
		}
		return sum, nil
	}
	for kind, v := range st {
		m, _ := v.(map[string]any)
		switch kind {
		case "ByteMatchStatement":
			base := 2
			if p := m["PositionalConstraint"]; p == "CONTAINS" || p == "CONTAINS_WORD" {
				base = 10
			}
			return base + transforms(m), nil
		case "RegexMatchStatement":
			return 3 + transforms(m), nil
		case "AndStatement", "OrStatement":
			return nested(m["Statements"])
		case "NotStatement":
			return nested([]any{m["Statement"]})
		case "ManagedRuleGroupStatement":
			name, _ := m["Name"].(string)
			wcu, ok := managedWCU[name]
			if !ok {
				return 0, fmt.Errorf("managed rule group %s: capacity not known", name)
			}
			scope, err := scopeDownWCU(m)
			return wcu + scope, err
		case "RateBasedStatement":
			n := 2
			keys, _ := m["CustomKeys"].([]any)
			for _, k := range keys {
				for _, kv := range k.(map[string]any) {
					n += 30
					if km, ok := kv.(map[string]any); ok {
						n += transforms(km)
					}
				}
			}
			scope, err := scopeDownWCU(m)
			return n + scope, err
		default:
			return 0, fmt.Errorf("statement %s: no documented cost here", kind)
		}
	}
	return 0, fmt.Errorf("empty statement")
}

func scopeDownWCU(m map[string]any) (int, error) {
	sd, ok := m["ScopeDownStatement"].(map[string]any)
	if !ok {
		return 0, nil
	}
	return statementWCU(sd)
}

// aclWCU is an ACL's capacity: the sum of its rules' statements.
func aclWCU(acl map[string]any) (int, error) {
	total := 0
	rules, _ := path(acl, "Properties", "Rules").([]any)
	for _, r := range rules {
		st, _ := path(r, "Statement").(map[string]any)
		n, err := statementWCU(st)
		if err != nil {
			return 0, fmt.Errorf("rule %v: %w", path(r, "Name"), err)
		}
		total += n
	}
	return total, nil
}

// Issue 31: every web ACL (the edge cells' and the user pool's) stays
// within WAF's 1,500 WCUs, priced from the synthesized template by the
// documented costs; the figure is printed with -v.
func TestWebACLCapacity(t *testing.T) {
	s := synth(t)
	acls := map[string]map[string]any{}
	for n, ws := range s.stacks.EdgeWAFs {
		acls[fmt.Sprintf("edge cell %d", n)] = only(t, s.json[*ws.StackName()], "AWS::WAFv2::WebACL")
	}
	for name, tpl := range s.json {
		for id, r := range resources(tpl, "AWS::WAFv2::WebACL") {
			if path(r, "Properties", "Scope") == "REGIONAL" {
				acls[name+"/"+id] = r
			}
		}
	}
	if len(acls) < 2 {
		t.Fatalf("found %d web ACLs, want the edge cells' and the user pool's", len(acls))
	}
	for name, acl := range acls {
		wcu, err := aclWCU(acl)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		t.Logf("%s: %d WCUs of %d", name, wcu, maxWCU)
		if wcu > maxWCU {
			t.Errorf("%s: %d WCUs, over WAF's %d", name, wcu, maxWCU)
		}
	}
}
