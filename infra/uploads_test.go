package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// Issue 15, large feeds: the uploads bucket is private, encrypted, TLS
// only and expires what it keeps; the ingest function may only put feeds
// into it (it presigns the uploads), and the uploads function, run by the
// bucket's object-created notification under feeds/, may only read them,
// with a longer timeout than API Gateway allows and a dead-letter queue.
func TestUploadsInfrastructure(t *testing.T) {
	s := synth(t)
	tpl := s.json[PlatformStackName]
	privateBucket(t, tpl, "Uploads", `"ExpirationInDays":7`)

	var notified bool
	for _, n := range resources(tpl, "Custom::S3BucketNotifications") {
		cfg := asJSON(t, path(n, "Properties", "NotificationConfiguration"))
		if strings.Contains(cfg, `"s3:ObjectCreated:*"`) && strings.Contains(cfg, `"Value":"feeds/"`) && strings.Contains(cfg, "Fnuploads") {
			notified = true
		}
	}
	if !notified {
		t.Error("no object-created notification under feeds/ to the uploads function")
	}

	up := appFunction(t, s, "uploads")
	if got := path(up, "Properties", "Timeout"); got != float64(900) {
		t.Errorf("uploads timeout %v, want 900", got)
	}
	for _, fn := range []string{"ingest", "uploads"} {
		v := path(appFunction(t, s, fn), "Properties", "Environment", "Variables").(map[string]any)
		if got := flatten(v["FORECOURT_UPLOADS_BUCKET"]); !strings.Contains(got, "Uploads") {
			t.Errorf("%s FORECOURT_UPLOADS_BUCKET: %s", fn, got)
		}
	}
	var invokeCfg bool
	for _, c := range resources(tpl, "AWS::Lambda::EventInvokeConfig") {
		props := asJSON(t, path(c, "Properties"))
		if strings.Contains(props, "Fnuploads") && strings.Contains(props, "UploadsFailed") {
			invokeCfg = true
		}
	}
	if !invokeCfg {
		t.Error("the uploads function's failed events go to no dead-letter queue")
	}

	// Each function's S3 rights on the bucket: ingest puts, uploads reads
	// (statement by statement: a role's policy also holds other buckets').
	for _, pol := range resources(tpl, "AWS::IAM::Policy") {
		roles := flatten(path(pol, "Properties", "Roles"))
		stmts, _ := path(pol, "Properties", "PolicyDocument", "Statement").([]any)
		for _, st := range stmts {
			doc := asJSON(t, st)
			if !strings.Contains(flatten(path(st, "Resource")), "Uploads") {
				continue
			}
			switch {
			case strings.Contains(roles, "Fningest"):
				if strings.Contains(doc, "s3:GetObject") || strings.Contains(doc, "s3:DeleteObject") {
					t.Errorf("ingest may read or delete uploads: %s", doc)
				}
			case strings.Contains(roles, "Fnuploads"):
				if strings.Contains(doc, "s3:PutObject") || strings.Contains(doc, "s3:DeleteObject") {
					t.Errorf("uploads may write uploads: %s", doc)
				}
			}
		}
	}
}

func asJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
