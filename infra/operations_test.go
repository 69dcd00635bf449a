package main

import (
	"encoding/json"
	"strings"
	"testing"

	"forecourt/functions/delivery"
	"forecourt/functions/feed"
	"forecourt/infra/constructs/api"
)

// Issue 15 "Operability": every function's errors and throttles, the API's
// 5xx share, the lead dead-letter queue's depth, the leads stream's
// iterator age, failed lead deliveries and failed index syncs each have an
// alarm notifying the alarm topic, and one dashboard shows them.
func TestAlarmsNotifyTheTopic(t *testing.T) {
	tpl := synth(t).json[PlatformStackName]
	alarms := resources(tpl, "AWS::CloudWatch::Alarm")
	topics := resources(tpl, "AWS::SNS::Topic")
	if len(topics) != 1 {
		t.Fatalf("got %d SNS topics, want the one alarm topic (no forecourt:alarmTopicArn in the test context)", len(topics))
	}
	var topicID string
	for id := range topics {
		topicID = id
	}
	want := []string{"Api5xx", "LeadsStreamIteratorAge", "DeliverDeadLetters", "LeadDeliveriesFailed", "IndexFailed"}
	for _, fn := range api.Names() {
		want = append(want, "Fn"+fn+"Errors", "Fn"+fn+"Throttles")
	}
	for _, name := range want {
		t.Run(name, func(t *testing.T) {
			var found map[string]any
			for id, r := range alarms {
				if strings.Contains(id, "Monitoring"+name) {
					found = r
				}
			}
			if found == nil {
				t.Fatalf("no alarm %s among %d", name, len(alarms))
			}
			actions, _ := json.Marshal(path(found, "Properties", "AlarmActions"))
			if !strings.Contains(string(actions), `"Ref":"`+topicID+`"`) {
				t.Errorf("alarm %s notifies %s, want the alarm topic %s", name, actions, topicID)
			}
			if path(found, "Properties", "AlarmDescription") == nil {
				t.Errorf("alarm %s has no description for the on-call engineer", name)
			}
		})
	}
	if n := len(resources(tpl, "AWS::CloudWatch::Dashboard")); n != 1 {
		t.Errorf("got %d dashboards, want 1", n)
	}
}

// Issue 15: failed lead deliveries and index_failed runs are metrics, from
// the JSON lines the deliver, ingest and uploads functions write
// (functions/logging): an uploaded feed whose run ends index_failed counts
// as one through the ingest route does, once.
func TestMetricsFromJSONLogs(t *testing.T) {
	tpl := synth(t).json[PlatformStackName]
	type filter struct{ pattern, group string }
	filters := map[string][]filter{}
	for _, r := range resources(tpl, "AWS::Logs::MetricFilter") {
		name, _ := path(r, "Properties", "MetricTransformations", 0, "MetricName").(string)
		pattern, _ := path(r, "Properties", "FilterPattern").(string)
		group, _ := json.Marshal(path(r, "Properties", "LogGroupName"))
		filters[name] = append(filters[name], filter{pattern, string(group)})
	}
	for _, tt := range []struct {
		metric string
		want   []string // every filter of the metric matches each
		groups int
	}{
		{api.MetricLeadDeliveriesFailed, []string{`$.msg = "` + delivery.MsgDeliveryFailed + `"`}, 1},
		{api.MetricIndexFailed, []string{`$.status = "index_failed"`, `$.msg = "` + feed.MsgIndexSyncFailed + `"`}, 2},
	} {
		groups := map[string]bool{}
		for _, f := range filters[tt.metric] {
			for _, want := range tt.want {
				if !strings.Contains(f.pattern, want) {
					t.Errorf("metric %s: filter %q, want one matching %s", tt.metric, f.pattern, want)
				}
			}
			groups[f.group] = true
		}
		if len(groups) != tt.groups {
			t.Errorf("metric %s reads %d log groups %v, want %d", tt.metric, len(groups), groups, tt.groups)
		}
	}
}

// Issue 15 "API access logs": the stage writes a JSON line per request,
// with the request id and status and without the client's address.
func TestAPIAccessLog(t *testing.T) {
	tpl := synth(t).json[PlatformStackName]
	stage := only(t, tpl, "AWS::ApiGatewayV2::Stage")
	format, _ := path(stage, "Properties", "AccessLogSettings", "Format").(string)
	if path(stage, "Properties", "AccessLogSettings", "DestinationArn") == nil || !json.Valid([]byte(format)) ||
		!strings.Contains(format, "$context.requestId") || !strings.Contains(format, "$context.status") {
		t.Fatalf("access log settings %v, want a JSON format with request id and status to a log group",
			path(stage, "Properties", "AccessLogSettings"))
	}
	if strings.Contains(format, "sourceIp") || strings.Contains(format, "userAgent") {
		t.Errorf("access log format %s logs the client", format)
	}
}

// Issue 15 "the default execute-api endpoint disabled so every request
// comes through CloudFront": the HTTP API answers only on its own domain
// (context forecourt:apiDomainName), which is what the distributions'
// origin parameter names.
func TestExecuteAPIEndpointDisabled(t *testing.T) {
	tpl := synth(t).json[PlatformStackName]
	httpAPI := only(t, tpl, "AWS::ApiGatewayV2::Api")
	if path(httpAPI, "Properties", "DisableExecuteApiEndpoint") != true {
		t.Errorf("DisableExecuteApiEndpoint = %v, want true", path(httpAPI, "Properties", "DisableExecuteApiEndpoint"))
	}
	domain := only(t, tpl, "AWS::ApiGatewayV2::DomainName")
	if got := path(domain, "Properties", "DomainName"); got != "api.forecourt.example" {
		t.Errorf("API domain %v, want cdk.json's api.forecourt.example", got)
	}
	if n := len(resources(tpl, "AWS::ApiGatewayV2::ApiMapping")); n != 1 {
		t.Errorf("got %d API mappings, want the domain mapped to the API", n)
	}
	var published any
	for _, p := range resources(tpl, "AWS::SSM::Parameter") {
		if name, _ := path(p, "Properties", "Name").(string); strings.Contains(name, "api-domain") || strings.Contains(name, "apiDomain") {
			published = path(p, "Properties", "Value")
		}
	}
	if published != "api.forecourt.example" {
		t.Errorf("the distributions' API origin parameter holds %v, want api.forecourt.example", published)
	}
}

// Issue 15 "CloudFront access logs": every tenant distribution logs under
// its own prefix to the platform's access-log bucket, which accepts the log
// delivery's ACL, is private and expires the logs (they hold client
// addresses) after AccessLogDays.
func TestDistributionAccessLogs(t *testing.T) {
	s := synth(t)
	platform := s.json[PlatformStackName]
	var bucket map[string]any
	for _, b := range resources(platform, "AWS::S3::Bucket") {
		if path(b, "Properties", "OwnershipControls", "Rules", 0, "ObjectOwnership") == "BucketOwnerPreferred" {
			bucket = b
		}
	}
	if bucket == nil {
		t.Fatal("no access-log bucket (BucketOwnerPreferred) in the platform stack")
	}
	if got := path(bucket, "Properties", "LifecycleConfiguration", "Rules", 0, "ExpirationInDays"); got != float64(AccessLogDays) {
		t.Errorf("log expiry %v, want %d days", got, AccessLogDays)
	}
	if path(bucket, "Properties", "PublicAccessBlockConfiguration", "BlockPublicPolicy") != true {
		t.Errorf("access-log bucket is not private: %v", path(bucket, "Properties", "PublicAccessBlockConfiguration"))
	}
	for slug := range s.tenants {
		t.Run(slug, func(t *testing.T) {
			dist := only(t, s.json[TenantStackPrefix+slug], "AWS::CloudFront::Distribution")
			logging := path(dist, "Properties", "DistributionConfig", "Logging")
			if path(logging, "Prefix") != slug+"/" || path(logging, "Bucket") == nil {
				t.Errorf("logging %v, want the access-log bucket under %s/", logging, slug)
			}
		})
	}
}
