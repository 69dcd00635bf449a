package main

import (
	"slices"
	"strings"
	"testing"
)

// Issue 31 (second pass) "the api function holds the Algolia admin key":
// the internet-facing api function writes car records (a paid car marked
// reserved) with a key that may only add and delete objects, kept in its
// own secret with the search-only key; it is named neither the admin key
// nor the secret holding it, and may not read that secret.
func TestAPIFunctionHasNoAdminKey(t *testing.T) {
	s := synth(t)
	vars := path(appFunction(t, s, "api"), "Properties", "Environment", "Variables").(map[string]any)
	for name, want := range map[string]string{
		"ALGOLIA_WRITE_KEY_SECRET_ID":  "test/algolia-api#write_key",
		"ALGOLIA_SEARCH_KEY_SECRET_ID": "test/algolia-api#search_key",
		// Issue 35: its own searches' key, without the browser key's per-IP limit.
		"ALGOLIA_SERVER_SEARCH_KEY_SECRET_ID": "test/algolia-api#server_search_key",
	} {
		if vars[name] != want {
			t.Errorf("api %s = %v, want %s", name, vars[name], want)
		}
	}
	for name, v := range vars {
		if strings.Contains(name, "ADMIN") || strings.HasPrefix(flatten(v), "test/algolia#") {
			t.Errorf("api is told %s = %v: the admin key or its secret", name, v)
		}
	}
	stmts, roles := statementsOf(s.json[PlatformStackName])
	for i, st := range stmts {
		if strings.Contains(roles[i], "Fnapi") && strings.Contains(flatten(path(st, "Resource")), ":secret:test/algolia-??????") {
			t.Errorf("api may read the admin key's secret: %s", flatten(st))
		}
	}
}

// Issue 31 (second pass) "broad table grants": the api function may use
// on each table only the DynamoDB actions its routes' stores call (read
// from functions/dynamo): no scans, batch writes or deletes where no route
// makes them.
func TestAPIFunctionTableActions(t *testing.T) {
	s := synth(t)
	want := map[string][]string{
		// Car pages, compare and similar (GetItem, BatchGetItem, Query of
		// the slug index); a paid reservation's flag (UpdateItem).
		"TablesCars": {"dynamodb:BatchGetItem", "dynamodb:GetItem", "dynamodb:Query", "dynamodb:UpdateItem"},
		// A site, its pages and stats (GetItem); the sites of a dealership
		// (BatchGetItem).
		"TablesSites": {"dynamodb:BatchGetItem", "dynamodb:GetItem"},
		// Leads, their contact records and captcha replay keys.
		"TablesLeads": {"dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem"},
		// A location's page of reviews (Query of the by-location index) and
		// the locations' summaries (BatchGetItem), issue 31.
		"TablesReviews": {"dynamodb:BatchGetItem", "dynamodb:Query"},
	}
	got := map[string][]string{}
	stmts, roles := statementsOf(s.json[PlatformStackName])
	for i, st := range stmts {
		if !strings.Contains(roles[i], "Fnapi") {
			continue
		}
		res := flatten(path(st, "Resource"))
		for table := range want {
			if strings.Contains(res, table) {
				actions := asSlice(path(st, "Action"))
				if one, ok := path(st, "Action").(string); ok {
					actions = []any{one}
				}
				for _, a := range actions {
					if a, _ := a.(string); strings.HasPrefix(a, "dynamodb:") && !slices.Contains(got[table], a) {
						got[table] = append(got[table], a)
					}
				}
			}
		}
	}
	for table, actions := range want {
		slices.Sort(got[table])
		if !slices.Equal(got[table], actions) {
			t.Errorf("api on %s: %v, want %v", table, got[table], actions)
		}
	}
}
