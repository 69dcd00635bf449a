package main

import (
	"strings"
	"testing"

	"forecourt/infra/constructs/api"
)

// Issue 15 "Secrets": no Lambda environment in any synthesized stack holds
// a secret's value or a {{resolve:}} reference (which CloudFormation turns
// into the value in the function's configuration): the functions are given
// secret names (<VAR>_SECRET_ID) and read access to exactly those.
func TestNoSecretInLambdaEnvironment(t *testing.T) {
	s := synth(t)
	// Variables that hold a secret's value when set directly.
	valueVars := []string{"ALGOLIA_ADMIN_KEY", "ALGOLIA_SEARCH_KEY", "ALGOLIA_SERVER_SEARCH_KEY", "ALGOLIA_WRITE_KEY", "FORECOURT_ORIGIN_SECRET", "FORECOURT_CAPTCHA_KEY",
		"STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "FORECOURT_OPS_KEY"}
	checked := 0
	for stack, tpl := range s.json {
		for id, fn := range resources(tpl, "AWS::Lambda::Function") {
			checked++
			vars, _ := path(fn, "Properties", "Environment", "Variables").(map[string]any)
			for name, v := range vars {
				if text := flatten(v); strings.Contains(text, "{{resolve:") {
					t.Errorf("%s %s: %s holds a dynamic reference %s", stack, id, name, text)
				}
			}
			for _, name := range valueVars {
				if _, ok := vars[name]; ok {
					t.Errorf("%s %s: %s is set to a value, want %s%s (a name)", stack, id, name, name, api.SecretIDSuffix)
				}
			}
		}
	}
	if checked < 4 {
		t.Fatalf("checked %d functions, want at least the platform's 4", checked)
	}
	// And only the api function is told the origin secret: ingest and sweep
	// serve no request that CloudFront signs.
	for _, name := range []string{"ingest", "sweep", "deliver"} {
		vars, _ := path(appFunction(t, s, name), "Properties", "Environment", "Variables").(map[string]any)
		for v := range vars {
			if strings.HasPrefix(v, "FORECOURT_ORIGIN_SECRET") {
				t.Errorf("%s has %s", name, v)
			}
		}
	}
	// And each function may read the secrets it is named, no others.
	stmts, roles := statementsOf(s.json[PlatformStackName])
	for _, name := range []string{"api", "ingest", "sweep"} {
		vars, _ := path(appFunction(t, s, name), "Properties", "Environment", "Variables").(map[string]any)
		for v, ref := range vars {
			if !strings.HasSuffix(v, api.SecretIDSuffix) {
				continue
			}
			secretName, _, _ := strings.Cut(ref.(string), "#")
			found := false
			for i, st := range stmts {
				if strings.Contains(roles[i], "Fn"+name) && strings.Contains(flatten(path(st, "Action")), "secretsmanager:GetSecretValue") &&
					strings.Contains(flatten(path(st, "Resource")), ":secret:"+secretName+"-") {
					found = true
				}
			}
			if !found {
				t.Errorf("%s is named %s (%s) but may not read it", name, secretName, v)
			}
		}
	}
}
