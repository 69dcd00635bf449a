package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2"

	"forecourt/infra/constructs/api"
	"forecourt/infra/constructs/auth"
)

// Issue 15 "Shopper pool abuse": the pool's threat protection is enforced
// (Plus plan) for the SRP sign-in and for the custom auth flow, and the
// account's monthly SMS spend is capped at the configured limit.
func TestShopperPoolHardening(t *testing.T) {
	s := synth(t)
	tpl := s.json[StatefulStackName]
	pool := only(t, tpl, "AWS::Cognito::UserPool")
	if got := path(pool, "Properties", "UserPoolTier"); got != "PLUS" {
		t.Errorf("user pool tier %v, want PLUS (threat protection)", got)
	}
	if got := path(pool, "Properties", "UserPoolAddOns", "AdvancedSecurityMode"); got != "ENFORCED" {
		t.Errorf("threat protection %v, want ENFORCED", got)
	}
	if got := path(pool, "Properties", "UserPoolAddOns", "AdvancedSecurityAdditionalFlows", "CustomAuthMode"); got != "ENFORCED" {
		t.Errorf("custom auth threat protection %v, want ENFORCED", got)
	}

	var limits []string
	for _, cr := range resources(s.json[PlatformStackName], "Custom::AWS") {
		raw, _ := json.Marshal(path(cr, "Properties", "Create"))
		if strings.Contains(string(raw), "setSMSAttributes") {
			limits = append(limits, string(raw))
		}
	}
	if len(limits) != 1 || !strings.Contains(limits[0], `MonthlySpendLimit\":\"100\"`) {
		t.Errorf("SMS spend limit calls %v, want one setSMSAttributes with MonthlySpendLimit 100", limits)
	}
}

// The SMS spend limit comes from context forecourt:smsMonthlySpendLimitUsd
// (a number in cdk.json, a string from -c), defaulting to 100 dollars; a
// value that is not a whole number of dollars is refused.
func TestSMSSpendLimitFromContext(t *testing.T) {
	shipped, err := cdkContext("../cdk.json")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		value   any
		want    int
		wantErr bool
	}{
		{"default", nil, auth.DefaultSMSSpendLimitUSD, false},
		{"number in cdk.json", float64(250), 250, false},
		{"string from -c", "40", 40, false},
		{"not a number", "lots", 0, true},
		{"fraction", 12.5, 0, true},
		{"zero", "0", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			context := map[string]any{}
			for k, v := range shipped {
				context[k] = v
			}
			if tt.value != nil {
				context[ctxSMSSpendLimit] = tt.value
			}
			cfg, _, err := ConfigFromContext(awscdk.NewApp(&awscdk.AppProps{Context: &context}),
				func(string) ([]Tenant, error) { return nil, nil })
			if tt.wantErr {
				if err == nil || !strings.Contains(err.Error(), ctxSMSSpendLimit) {
					t.Errorf("error %v, want one naming %s", err, ctxSMSSpendLimit)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cfg.SMSSpendLimitUSD != tt.want {
				t.Errorf("limit %d, want %d", cfg.SMSSpendLimitUSD, tt.want)
			}
		})
	}
}

// The rejected-rows alarm's share comes from context
// forecourt:rejectedRowsAlarmPercent, a whole percentage from 1 to 100.
func TestRejectedRowsPercentFromContext(t *testing.T) {
	shipped, err := cdkContext("../cdk.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name    string
		value   any
		want    int
		wantErr bool
	}{
		{"default", nil, api.DefaultRejectedRowsPercent, false},
		{"from -c", "35", 35, false},
		{"over 100", "150", 0, true},
		{"not a number", "half", 0, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			context := map[string]any{}
			for k, v := range shipped {
				context[k] = v
			}
			if tt.value != nil {
				context[ctxRejectedRowsPercent] = tt.value
			} else {
				delete(context, ctxRejectedRowsPercent)
			}
			cfg, _, err := ConfigFromContext(awscdk.NewApp(&awscdk.AppProps{Context: &context}),
				func(string) ([]Tenant, error) { return nil, nil })
			if (err != nil) != tt.wantErr || (err == nil && cfg.RejectedRowsPercent != tt.want) {
				t.Errorf("got %d, %v; want %d (error %v)", cfg.RejectedRowsPercent, err, tt.want, tt.wantErr)
			}
		})
	}
}

// Issue 31 (second pass) "the stateful web client keeps CDK's default
// OAuth settings": left unset, CDK gives the pool's Web client the
// implicit and code grants, every scope and https://example.com as its
// callback. The browser signs in through the tenants' own clients with
// SRP (auth.NewSiteClient); this client serves no hosted-UI redirect, so
// OAuth is off and it names no callback.
func TestStatefulWebClientHasNoOAuth(t *testing.T) {
	s := synth(t)
	client := only(t, s.json[StatefulStackName], "AWS::Cognito::UserPoolClient")
	props, _ := path(client, "Properties").(map[string]any)
	if got, _ := props["AllowedOAuthFlowsUserPoolClient"].(bool); got {
		t.Errorf("Web client allows OAuth flows: %v", props)
	}
	for _, k := range []string{"AllowedOAuthFlows", "AllowedOAuthScopes", "CallbackURLs", "LogoutURLs"} {
		if v, ok := props[k]; ok {
			t.Errorf("Web client sets %s = %v, want none", k, v)
		}
	}
	if path(props, "GenerateSecret") != false || path(props, "PreventUserExistenceErrors") != "ENABLED" {
		t.Errorf("Web client %v, want no secret and no user-existence errors", props)
	}
}
