package main

import (
	"slices"
	"strings"
	"testing"
)

// onlyFeeds reports whether an IAM statement is about the vehicle feeds'
// prefix alone (issue 37): its ListBucket condition or object resources
// name feeds/ and nothing else.
func onlyFeeds(t *testing.T, st any) bool {
	if strings.Contains(asJSON(t, path(st, "Condition")), `"s3:prefix":["feeds/*"]`) {
		return true
	}
	rs := statementResources(path(st, "Resource"))
	for _, r := range rs {
		if !strings.HasSuffix(r, "/feeds/*") {
			return false
		}
	}
	return len(rs) > 0
}

// Issue 37: the vehicle feeds live under feeds/ of the sitemaps bucket;
// the functions that change cars (ingest, uploads, sweep) and the api
// function (which serves them and rewrites them after a reservation) may
// get and put them there, list that prefix only, delete nothing; the
// deliver function cannot reach them.
func TestFeedsInfrastructure(t *testing.T) {
	s := synth(t)
	tpl := s.json[PlatformStackName]
	want := []string{"s3:GetObject", "s3:ListBucket", "s3:PutObject"}
	got := map[string][]string{}
	for _, pol := range resources(tpl, "AWS::IAM::Policy") {
		roles := flatten(path(pol, "Properties", "Roles"))
		stmts, _ := path(pol, "Properties", "PolicyDocument", "Statement").([]any)
		for _, st := range stmts {
			// The uploads bucket keeps large feeds under its own feeds/:
			// only the sitemaps bucket's prefix counts here.
			res := statementResources(path(st, "Resource"))
			feeds := strings.Contains(asJSON(t, path(st, "Condition")), `"s3:prefix":["feeds/*"]`) &&
				slices.ContainsFunc(res, func(r string) bool { return strings.Contains(r, "Sitemaps") })
			for _, r := range res {
				feeds = feeds || (strings.Contains(r, "Sitemaps") && strings.HasSuffix(r, "/feeds/*"))
			}
			if !feeds {
				continue
			}
			actions := flattenList(path(st, "Action"))
			if slices.Contains(actions, "s3:DeleteObject") {
				t.Errorf("delete on the feeds: %s", asJSON(t, st))
			}
			for _, fn := range []string{"api", "ingest", "uploads", "sweep", "deliver"} {
				if strings.Contains(roles, "Fn"+fn) {
					got[fn] = append(got[fn], actions...)
				}
			}
		}
	}
	for _, fn := range []string{"api", "ingest", "uploads", "sweep"} {
		g := got[fn]
		slices.Sort(g)
		g = slices.Compact(g)
		if !slices.Equal(g, want) {
			t.Errorf("%s's rights on feeds/: %v, want %v", fn, g, want)
		}
	}
	if len(got["deliver"]) > 0 {
		t.Errorf("the deliver function may reach the feeds: %v", got["deliver"])
	}
}
