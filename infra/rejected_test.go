package main

import (
	"encoding/json"
	"strings"
	"testing"

	"forecourt/functions/feed"
	"forecourt/infra/constructs/api"
)

// Issue 15 "Operability" (feed runs with more than N% rejected rows): both
// functions that apply feeds (ingest, uploads) turn the run's end line
// into the RejectedRowsPercent metric (its rejected_pct), and an alarm on
// the worst run of five minutes at 20% (context
// forecourt:rejectedRowsAlarmPercent's default) notifies the alarm topic.
func TestRejectedRowsAlarm(t *testing.T) {
	tpl := synth(t).json[PlatformStackName]
	groups := map[string]bool{}
	for _, r := range resources(tpl, "AWS::Logs::MetricFilter") {
		if path(r, "Properties", "MetricTransformations", 0, "MetricName") != api.MetricRejectedRowsPercent {
			continue
		}
		if got, _ := path(r, "Properties", "FilterPattern").(string); !strings.Contains(got, `$.msg = "`+feed.MsgRunFinished+`"`) {
			t.Errorf("filter pattern %q, want the run's end line %q", got, feed.MsgRunFinished)
		}
		if got := path(r, "Properties", "MetricTransformations", 0, "MetricValue"); got != "$.rejected_pct" {
			t.Errorf("metric value %v, want $.rejected_pct", got)
		}
		group, _ := json.Marshal(path(r, "Properties", "LogGroupName"))
		groups[string(group)] = true
	}
	if len(groups) != 2 {
		t.Errorf("rejected rows read from %d log groups %v, want the ingest and uploads functions'", len(groups), groups)
	}
	var alarm map[string]any
	for id, r := range resources(tpl, "AWS::CloudWatch::Alarm") {
		if strings.Contains(id, "MonitoringFeedRowsRejected") {
			alarm = r
		}
	}
	if alarm == nil {
		t.Fatal("no FeedRowsRejected alarm")
	}
	props := path(alarm, "Properties").(map[string]any)
	if props["MetricName"] != api.MetricRejectedRowsPercent || props["Statistic"] != "Maximum" ||
		props["Threshold"] != float64(api.DefaultRejectedRowsPercent) || props["ComparisonOperator"] != "GreaterThanOrEqualToThreshold" {
		t.Errorf("alarm %v, want the worst run's %s at %d%% or more", props, api.MetricRejectedRowsPercent, api.DefaultRejectedRowsPercent)
	}
	topic := ""
	for id := range resources(tpl, "AWS::SNS::Topic") {
		topic = id
	}
	if actions, _ := json.Marshal(props["AlarmActions"]); !strings.Contains(string(actions), `"Ref":"`+topic+`"`) {
		t.Errorf("alarm notifies %s, want the alarm topic %s", actions, topic)
	}
}
