package main

import (
	"slices"
	"strings"
	"testing"
)

// Issue 14 "Images", mirroring: the feed photos mirrored at ingest live in
// one private, encrypted, TLS-only bucket; the functions applying feeds
// (ingest, uploads) and the sweep (which retries photos a run left
// pending) may read and put them under photos/ only, the api function
// (serving /media/photos/) may only read them, no function may delete
// them, and each of the four is told the bucket.
func TestMediaInfrastructure(t *testing.T) {
	s := synth(t)
	tpl := s.json[PlatformStackName]
	bucketID := privateBucket(t, tpl, "Media")

	want := map[string][]string{
		"api":     {"s3:GetObject", "s3:ListBucket"},
		"ingest":  {"s3:GetObject", "s3:ListBucket", "s3:PutObject"},
		"uploads": {"s3:GetObject", "s3:ListBucket", "s3:PutObject"},
		"sweep":   {"s3:GetObject", "s3:ListBucket", "s3:PutObject"},
	}
	for fn := range want {
		v, _ := path(appFunction(t, s, fn), "Properties", "Environment", "Variables").(map[string]any)
		if got := flatten(v["FORECOURT_MEDIA_BUCKET"]); !strings.Contains(got, bucketID) {
			t.Errorf("%s FORECOURT_MEDIA_BUCKET: %q", fn, got)
		}
	}
	got := map[string][]string{}
	for _, pol := range resources(tpl, "AWS::IAM::Policy") {
		roles := flatten(path(pol, "Properties", "Roles"))
		stmts, _ := path(pol, "Properties", "PolicyDocument", "Statement").([]any)
		for _, st := range stmts {
			res := flatten(path(st, "Resource"))
			if !strings.Contains(res, bucketID) {
				continue
			}
			actions := flattenList(path(st, "Action"))
			for _, a := range actions {
				if a == "s3:ListBucket" && !strings.Contains(asJSON(t, path(st, "Condition")), `"s3:prefix":["photos/*"]`) {
					t.Errorf("ListBucket beyond photos/: %s", asJSON(t, st))
				}
			}
			// CDK merges statements with the same actions: each resource
			// of the media bucket is judged on its own.
			resList, ok := path(st, "Resource").([]any)
			if !ok {
				resList = []any{path(st, "Resource")}
			}
			for _, r := range resList {
				one := flatten(r)
				if a := slices.Contains(actions, "s3:GetObject") || slices.Contains(actions, "s3:PutObject"); a &&
					strings.Contains(one, bucketID) && !strings.HasSuffix(one, "/photos/*") {
					t.Errorf("object rights beyond photos/: %s", one)
				}
			}
			matched := false
			for fn := range want {
				if strings.Contains(roles, "Fn"+fn) {
					got[fn] = append(got[fn], actions...)
					matched = true
				}
			}
			if !matched {
				t.Errorf("a function other than api, ingest, uploads and sweep may reach the media bucket: %s", roles)
			}
		}
	}
	for fn, w := range want {
		g := got[fn]
		slices.Sort(g)
		g = slices.Compact(g)
		if strings.Join(g, " ") != strings.Join(w, " ") {
			t.Errorf("%s's rights on the media bucket: %v, want %v", fn, g, w)
		}
	}
}
