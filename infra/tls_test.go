package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// Issue 35 (cdk-nag AwsSolutions-SQS4, -SNS3): every queue and topic the
// platform owns refuses requests not sent over TLS, so a lead parked on the
// dead-letter queue or an alarm message never travels in the clear. The
// proof is a resource policy on each that denies aws:SecureTransport false.
func TestQueuesAndTopicsRequireTLS(t *testing.T) {
	tpl := synth(t).json[PlatformStackName]
	tests := []struct {
		owned, policy, ref string
	}{
		{"AWS::SQS::Queue", "AWS::SQS::QueuePolicy", "Queues"},
		{"AWS::SNS::Topic", "AWS::SNS::TopicPolicy", "Topics"},
	}
	for _, tt := range tests {
		owned := resources(tpl, tt.owned)
		if len(owned) == 0 {
			t.Fatalf("no %s in the platform stack", tt.owned)
		}
		policies := resources(tpl, tt.policy)
		for id := range owned {
			t.Run(id, func(t *testing.T) {
				for _, p := range policies {
					targets, _ := json.Marshal(path(p, "Properties", tt.ref))
					doc, _ := json.Marshal(path(p, "Properties", "PolicyDocument"))
					if strings.Contains(string(targets), `"Ref":"`+id+`"`) &&
						strings.Contains(string(doc), `"aws:SecureTransport":"false"`) &&
						strings.Contains(string(doc), `"Effect":"Deny"`) {
						return
					}
				}
				t.Errorf("%s %s has no policy denying requests without TLS (aws:SecureTransport false)", tt.owned, id)
			})
		}
	}
}
