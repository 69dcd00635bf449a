package main

import (
	"slices"
	"strings"
	"testing"
)

// dynamoActions are the DynamoDB actions granted to the role whose name
// holds role, by table (logical id prefix).
func dynamoActions(tpl map[string]any, role string, tables []string) map[string][]string {
	got := map[string][]string{}
	stmts, roles := statementsOf(tpl)
	for i, st := range stmts {
		if !strings.Contains(roles[i], role) {
			continue
		}
		res := flatten(path(st, "Resource"))
		actions := asSlice(path(st, "Action"))
		if one, ok := path(st, "Action").(string); ok {
			actions = []any{one}
		}
		for _, table := range tables {
			if !strings.Contains(res, table) {
				continue
			}
			for _, a := range actions {
				if a, _ := a.(string); strings.HasPrefix(a, "dynamodb:") && !slices.Contains(got[table], a) {
					got[table] = append(got[table], a)
				}
			}
		}
	}
	for _, a := range got {
		slices.Sort(a)
	}
	return got
}

// Issue 31: the ingest, uploads and sweep functions get only the DynamoDB
// actions their code calls (recorded against DynamoDB Local through their
// stores: feed runs, reindex, sweeps, holds, stats, sitemaps, reviews),
// not CDK's read/write sets (Scan, stream reads, DescribeTable,
// ConditionCheckItem where unused).
func TestFeedFunctionsTableActions(t *testing.T) {
	s := synth(t)
	feedRun := map[string][]string{
		// Stored cars and their states (Query, also by slug), batches of
		// reads and writes, a car by key, the unindexed and reserved flags.
		"TablesCars": {"dynamodb:BatchGetItem", "dynamodb:BatchWriteItem", "dynamodb:GetItem", "dynamodb:Query", "dynamodb:UpdateItem"},
		// A site, the sites of a dealership, their lookups and stats.
		"TablesSites": {"dynamodb:BatchGetItem", "dynamodb:GetItem", "dynamodb:UpdateItem"},
		// Runs, leases, slots, manifests, slug claims, stats shares, photo hosts.
		"TablesFeedRuns": {"dynamodb:BatchGetItem", "dynamodb:BatchWriteItem", "dynamodb:DeleteItem", "dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem"},
		// The dealership's held cars (the by-dealership index).
		"TablesReservations": {"dynamodb:Query"},
	}
	with := func(base map[string][]string, extra map[string][]string) map[string][]string {
		out := map[string][]string{}
		for k, v := range base {
			out[k] = slices.Clone(v)
		}
		for k, v := range extra {
			out[k] = slices.Sorted(slices.Values(append(out[k], v...)))
		}
		return out
	}
	for _, tt := range []struct {
		role string
		want map[string][]string
	}{
		{"Fnuploads", feedRun},
		{"Fningest", with(feedRun, map[string][]string{
			// POST /ingest/reindex of every dealership builds the
			// dealerships list from the sites once (RelinkDealerships).
			"TablesSites":        {"dynamodb:Scan"},
			"TablesProviderKeys": {"dynamodb:GetItem"},
			// Reviews and their locations' summaries in one transaction,
			// after reading the reviews they replace (issue 31).
			"TablesReviews": {"dynamodb:BatchGetItem", "dynamodb:PutItem", "dynamodb:UpdateItem"},
		})},
		{"Fnsweep", with(feedRun, map[string][]string{
			"TablesSites": {"dynamodb:Scan"},
			// Lapsed and paid holds end (Reservation moves).
			"TablesReservations": {"dynamodb:DeleteItem", "dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem"},
		})},
	} {
		tables := []string{"TablesCars", "TablesSites", "TablesFeedRuns", "TablesReservations", "TablesProviderKeys", "TablesReviews", "TablesLeads", "TablesWatchlists", "TablesEvents"}
		got := dynamoActions(s.json[PlatformStackName], tt.role, tables)
		for _, table := range tables {
			if !slices.Equal(got[table], tt.want[table]) {
				t.Errorf("%s on %s: %v, want %v", tt.role, table, got[table], tt.want[table])
			}
		}
	}
}
