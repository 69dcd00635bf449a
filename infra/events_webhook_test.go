package main

import (
	"strings"
	"testing"
)

// statementsOf returns every IAM policy statement of the template with the
// roles its policy is attached to.
func statementsOf(tpl map[string]any) (stmts []any, roles []string) {
	for _, p := range resources(tpl, "AWS::IAM::Policy") {
		st, _ := path(p, "Properties", "PolicyDocument", "Statement").([]any)
		for _, s := range st {
			stmts = append(stmts, s)
			roles = append(roles, flatten(path(p, "Properties", "Roles")))
		}
	}
	return stmts, roles
}

// Issue 9, POST /api/events: the api function writes tracking events to
// the stateful stack's events table (EVENTS_TABLE) and may only put items;
// no other function touches the table.
func TestEventsTableWrittenByAPIOnly(t *testing.T) {
	// Given the synthesized app
	s := synth(t)
	// Then the api function names the events table
	vars := path(appFunction(t, s, "api"), "Properties", "Environment", "Variables").(map[string]any)
	if got := flatten(vars["EVENTS_TABLE"]); !strings.Contains(got, "TablesEventsE8DD42EA") {
		t.Errorf("EVENTS_TABLE: got %v, want the stateful stack's events table", vars["EVENTS_TABLE"])
	}
	// And the only grant on it is the api function's PutItem
	stmts, roles := statementsOf(s.json[PlatformStackName])
	var grants int
	for i, st := range stmts {
		if !strings.Contains(flatten(path(st, "Resource")), "TablesEventsE8DD42EA") {
			continue
		}
		grants++
		if !strings.Contains(roles[i], "Fnapi") {
			t.Errorf("events table granted to %s, want the api function only", roles[i])
		}
		if actions := flatten(path(st, "Action")); actions != "dynamodb:PutItem" {
			t.Errorf("events table actions %q, want dynamodb:PutItem only", actions)
		}
	}
	if grants != 1 {
		t.Errorf("got %d grants on the events table, want 1", grants)
	}
}

// Issue 9, lead webhooks: each webhook secret a tenant's dealership names
// is a retained Secrets Manager secret under that name, and only the
// deliver function may read it.
func TestWebhookSecretsReadByDeliverOnly(t *testing.T) {
	// Given the fixture tenant, whose dealership's webhook names
	// forecourt/webhook/fixture
	s := synth(t)
	tpl := s.json[PlatformStackName]
	secrets := resources(tpl, "AWS::SecretsManager::Secret")
	var logicalID string
	for id, sec := range secrets {
		if path(sec, "Properties", "Name") == "forecourt/webhook/fixture" {
			logicalID = id
			if sec["DeletionPolicy"] != "Retain" {
				t.Errorf("the webhook secret's DeletionPolicy is %v, want Retain", sec["DeletionPolicy"])
			}
			if path(sec, "Properties", "GenerateSecretString") == nil {
				t.Errorf("the webhook secret has no generated value")
			}
		}
	}
	if logicalID == "" {
		t.Fatalf("no secret named forecourt/webhook/fixture among %d", len(secrets))
	}
	// Then exactly the deliver function may read it
	stmts, roles := statementsOf(tpl)
	readers := map[string]bool{}
	for i, st := range stmts {
		if strings.Contains(flatten(path(st, "Resource")), logicalID) &&
			strings.Contains(flatten(path(st, "Action")), "secretsmanager:GetSecretValue") {
			readers[roles[i]] = true
		}
	}
	if len(readers) != 1 {
		t.Fatalf("readers of the webhook secret: %v, want the deliver function only", readers)
	}
	for r := range readers {
		if !strings.Contains(r, "Fndeliver") {
			t.Errorf("the webhook secret is read by %s, want the deliver function", r)
		}
	}
}
