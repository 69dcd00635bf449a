package main

import (
	"slices"
	"strings"
	"testing"
)

// Issue 14, stored sitemaps: the lists live in one private, encrypted,
// TLS-only bucket; the functions that change cars (ingest, uploads, sweep)
// may read and put them under sitemaps/ only, the api function may only
// read them, and no function may delete them; each is told the bucket.
func TestSitemapsInfrastructure(t *testing.T) {
	s := synth(t)
	tpl := s.json[PlatformStackName]
	privateBucket(t, tpl, "Sitemaps")

	want := map[string][]string{
		"api":     {"s3:GetObject", "s3:ListBucket"},
		"ingest":  {"s3:GetObject", "s3:ListBucket", "s3:PutObject"},
		"uploads": {"s3:GetObject", "s3:ListBucket", "s3:PutObject"},
		"sweep":   {"s3:GetObject", "s3:ListBucket", "s3:PutObject"},
	}
	for fn := range want {
		v, _ := path(appFunction(t, s, fn), "Properties", "Environment", "Variables").(map[string]any)
		if got := flatten(v["FORECOURT_SITEMAPS_BUCKET"]); !strings.Contains(got, "Sitemaps") {
			t.Errorf("%s FORECOURT_SITEMAPS_BUCKET: %q", fn, got)
		}
	}
	got := map[string][]string{}
	for _, pol := range resources(tpl, "AWS::IAM::Policy") {
		roles := flatten(path(pol, "Properties", "Roles"))
		stmts, _ := path(pol, "Properties", "PolicyDocument", "Statement").([]any)
		for _, st := range stmts {
			res := flatten(path(st, "Resource"))
			if !strings.Contains(res, "Sitemaps") || onlyFeeds(t, st) {
				continue // the vehicle feeds' prefix: TestFeedsInfrastructure
			}
			actions := flattenList(path(st, "Action"))
			for _, a := range actions {
				if a == "s3:ListBucket" && !strings.Contains(asJSON(t, path(st, "Condition")), `"s3:prefix":["sitemaps/*"]`) {
					t.Errorf("ListBucket beyond sitemaps/: %s", asJSON(t, st))
				}
			}
			// Each resource on its own: CDK merges statements with the same
			// actions, so a statement may name the media bucket's prefix too.
			if slices.Contains(actions, "s3:GetObject") || slices.Contains(actions, "s3:PutObject") {
				for _, r := range statementResources(path(st, "Resource")) {
					if strings.Contains(r, "Sitemaps") && !strings.HasSuffix(r, "/sitemaps/*") && !strings.HasSuffix(r, "/feeds/*") {
						t.Errorf("object rights beyond sitemaps/: %s", r)
					}
				}
			}
			for fn := range want {
				if strings.Contains(roles, "Fn"+fn) {
					got[fn] = append(got[fn], actions...)
				}
			}
		}
	}
	for fn, w := range want {
		g := got[fn]
		slices.Sort(g)
		g = slices.Compact(g)
		if strings.Join(g, " ") != strings.Join(w, " ") {
			t.Errorf("%s's rights on the sitemaps bucket: %v, want %v", fn, g, w)
		}
	}
	for _, pol := range resources(tpl, "AWS::IAM::Policy") {
		roles := flatten(path(pol, "Properties", "Roles"))
		if strings.Contains(roles, "Fndeliver") && strings.Contains(asJSON(t, pol), "Sitemaps") {
			t.Error("the deliver function may reach the sitemaps bucket")
		}
	}
}

// statementResources is an IAM Resource value (one or a list) as one
// flattened string per resource.
func statementResources(v any) []string {
	if list, ok := v.([]any); ok {
		out := make([]string, len(list))
		for i, r := range list {
			out[i] = flatten(r)
		}
		return out
	}
	return []string{flatten(v)}
}

// flattenList is an IAM Action value (one string or a list) as a list.
func flattenList(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, e := range v {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}
