package main

import (
	"strings"
	"testing"
)

// privateBucket checks that the platform template tpl has exactly one S3
// bucket whose logical id contains name, that it blocks public access, is
// encrypted and has each of the extra properties, and that a TLS-only bucket
// policy of its own refers to it; it returns the bucket's logical id.
// (Issues 14 and 15: the uploads, sitemaps and media buckets.)
func privateBucket(t *testing.T, tpl map[string]any, name string, extra ...string) string {
	t.Helper()
	var bucketID string
	for id, b := range resources(tpl, "AWS::S3::Bucket") {
		if !strings.Contains(id, name) {
			continue
		}
		if bucketID != "" {
			t.Fatalf("two %s buckets: %s and %s", name, bucketID, id)
		}
		bucketID = id
		props := asJSON(t, path(b, "Properties"))
		for _, want := range append([]string{`"BlockPublicAcls":true`, `"RestrictPublicBuckets":true`, `"AES256"`}, extra...) {
			if !strings.Contains(props, want) {
				t.Errorf("%s bucket lacks %s: %s", name, want, props)
			}
		}
	}
	if bucketID == "" {
		t.Fatalf("no %s bucket", name)
	}
	tlsOnly := false
	for id, pol := range resources(tpl, "AWS::S3::BucketPolicy") {
		props := asJSON(t, path(pol, "Properties"))
		if strings.Contains(id, name) && strings.Contains(props, bucketID) && strings.Contains(props, `"aws:SecureTransport":"false"`) {
			tlsOnly = true
		}
	}
	if !tlsOnly {
		t.Errorf("no TLS-only policy on the %s bucket", name)
	}
	return bucketID
}
