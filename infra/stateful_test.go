package main

import (
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"
)

// docs/contracts.md "DynamoDB tables": keys, the by-slug index, on-demand
// billing, point-in-time recovery, retained on stack deletion.
func TestTables(t *testing.T) {
	s := synth(t)
	tpl := s.templates[StatefulStackName]
	tests := []struct {
		logicalID string // never changes: a new id replaces the table
		keys      []any
		attrs     []any
		gsi       any
		// stream and ttl are absent unless set.
		stream, ttl any
	}{
		{
			logicalID: "TablesCarsD9C62678",
			keys:      []any{key("dealership_slug", "HASH"), key("id", "RANGE")},
			attrs:     []any{attr("dealership_slug"), attr("id"), attr("slug")},
			gsi: []any{map[string]any{
				"IndexName":  "by-slug",
				"KeySchema":  []any{key("slug", "HASH")},
				"Projection": map[string]any{"ProjectionType": "ALL"},
			}},
		},
		{logicalID: "TablesSitesE3FE58BB", keys: []any{key("slug", "HASH")}, attrs: []any{attr("slug")}},
		{logicalID: "TablesProviderKeysF1C6E234", keys: []any{key("key_hash", "HASH")}, attrs: []any{attr("key_hash")}},
		{logicalID: "TablesFeedRunsCEADBCB9", keys: []any{key("id", "HASH")}, attrs: []any{attr("id")},
			ttl: map[string]any{"AttributeName": "purge_at", "Enabled": true}},
		// docs/contracts.md "Leads": the deliverer reads the stream with both
		// images; leads and captcha keys expire at expires_at.
		{
			logicalID: "TablesLeads1B9B88AB", keys: []any{key("id", "HASH")}, attrs: []any{attr("id")},
			stream: map[string]any{"StreamViewType": "NEW_AND_OLD_IMAGES"},
			ttl:    map[string]any{"AttributeName": "expires_at", "Enabled": true},
		},
		// docs/contracts.md "Tracking events": per site in arrival order,
		// gone 90 days after (expires_at).
		{
			logicalID: "TablesEventsE8DD42EA", keys: []any{key("site", "HASH"), key("sk", "RANGE")},
			attrs: []any{attr("site"), attr("sk")},
			ttl:   map[string]any{"AttributeName": "expires_at", "Enabled": true},
		},
		// docs/contracts.md "Watchlists" (issue 12): one shopper's list on one site.
		{
			logicalID: "TablesWatchlists524162C0",
			keys:      []any{key("list", "HASH"), key("car_id", "RANGE")},
			attrs:     []any{attr("list"), attr("car_id")},
		},
		// docs/contracts.md "Reviews": a dealership's reviews under one
		// partition; a location's, newest first, in the by-location index
		// that pages query a page of (issue 31).
		{
			logicalID: "TablesReviews23F46CFD",
			keys:      []any{key("dealership_slug", "HASH"), key("id", "RANGE")},
			attrs:     []any{attr("dealership_slug"), attr("id"), attr("location_key"), attr("list_key")},
			gsi: []any{map[string]any{
				"IndexName":  "by-location",
				"KeySchema":  []any{key("location_key", "HASH"), key("list_key", "RANGE")},
				"Projection": map[string]any{"ProjectionType": "ALL"},
			}},
		},
		// docs/contracts.md "Reservations" (issue 13): reservations, car locks
		// and handled Stripe event ids under id, which expire at expires_at.
		{
			logicalID: "TablesReservations48CD8C9C",
			keys:      []any{key("id", "HASH")},
			attrs:     []any{attr("id"), attr("dealership_slug"), attr("created_at"), attr("holding"), map[string]any{"AttributeName": "held_until", "AttributeType": "N"}},
			gsi: []any{map[string]any{
				"IndexName":  "by-dealership",
				"KeySchema":  []any{key("dealership_slug", "HASH"), key("created_at", "RANGE")},
				"Projection": map[string]any{"ProjectionType": "ALL"},
			}, map[string]any{
				// The sweep's holds, without a scan (issue 15): sparse, only
				// reservations holding a car carry holding.
				"IndexName":  "holding",
				"KeySchema":  []any{key("holding", "HASH"), key("held_until", "RANGE")},
				"Projection": map[string]any{"ProjectionType": "ALL"},
			}},
			ttl: map[string]any{"AttributeName": "expires_at", "Enabled": true},
		},
	}
	check(t, "table count", func() { tpl.ResourceCountIs(jsii.String("AWS::DynamoDB::Table"), jsii.Number(len(tests))) })
	tables := resources(s.json[StatefulStackName], "AWS::DynamoDB::Table")
	for _, tt := range tests {
		t.Run(tt.logicalID, func(t *testing.T) {
			// Given the table under its committed logical id
			table, ok := tables[tt.logicalID]
			if !ok {
				t.Fatalf("no table %s: a changed logical id would replace the table", tt.logicalID)
			}
			// Then it has the contract's keys, billing, recovery and retention
			gsi := tt.gsi
			if gsi == nil {
				gsi = assertions.Match_Absent()
			}
			stream, ttl := tt.stream, tt.ttl
			if stream == nil {
				stream = assertions.Match_Absent()
			}
			if ttl == nil {
				ttl = assertions.Match_Absent()
			}
			matchObject(t, table, map[string]any{
				"DeletionPolicy":      "Retain",
				"UpdateReplacePolicy": "Retain",
				"Properties": assertions.Match_ObjectLike(&map[string]any{
					"KeySchema":                        tt.keys,
					"AttributeDefinitions":             assertions.Match_ArrayWith(&tt.attrs),
					"BillingMode":                      "PAY_PER_REQUEST",
					"PointInTimeRecoverySpecification": map[string]any{"PointInTimeRecoveryEnabled": true},
					"GlobalSecondaryIndexes":           gsi,
					"StreamSpecification":              stream,
					"TimeToLiveSpecification":          ttl,
				}),
			})
		})
	}
}

// DESIGN.md: signed-in shoppers are Cognito users identified by phone number.
func TestUserPoolSignsInByPhone(t *testing.T) {
	s := synth(t)
	pools := resources(s.json[StatefulStackName], "AWS::Cognito::UserPool")
	pool, ok := pools["ShoppersPoolA9EEA0C3"]
	if !ok {
		t.Fatalf("no user pool ShoppersPoolA9EEA0C3 (got %d pools): a changed logical id would replace every account", len(pools))
	}
	matchObject(t, pool, map[string]any{
		"DeletionPolicy": "Retain",
		"Properties": assertions.Match_ObjectLike(&map[string]any{
			"UsernameAttributes":     []any{"phone_number"},
			"AutoVerifiedAttributes": []any{"phone_number"},
		}),
	})
}

// matchObject checks v against an object-like pattern with the CDK matchers.
func matchObject(t *testing.T, v any, pattern map[string]any) {
	t.Helper()
	check(t, "match", func() {
		tpl := assertions.Template_FromJSON(&map[string]any{"Resources": map[string]any{"R": v}}, nil)
		r := v.(map[string]any)
		tpl.HasResource(jsii.String(r["Type"].(string)), pattern)
	})
}

func key(name, typ string) map[string]any {
	return map[string]any{"AttributeName": name, "KeyType": typ}
}

func attr(name string) map[string]any {
	return map[string]any{"AttributeName": name, "AttributeType": "S"}
}

// docs/contracts.md "Reviews": the ingest function writes the reviews table
// (POST /ingest/v1/dealerships/{slug}/reviews) and the api function reads it
// (GET /api/locations); no other function touches it, and neither gets
// more than its part.
func TestReviewsTableGrants(t *testing.T) {
	s := synth(t)
	// Given the reviews table of the stateful stack
	var logicalID string
	for id := range resources(s.json[StatefulStackName], "AWS::DynamoDB::Table") {
		if strings.HasPrefix(id, "TablesReviews") {
			logicalID = id
		}
	}
	if logicalID == "" {
		t.Fatal("no reviews table")
	}
	// When the platform's policies are read
	actions := map[string]string{}
	for _, p := range resources(s.json[PlatformStackName], "AWS::IAM::Policy") {
		st, _ := path(p, "Properties", "PolicyDocument", "Statement").([]any)
		for _, stmt := range st {
			if strings.Contains(flatten(path(stmt, "Resource")), logicalID) {
				actions[flatten(path(p, "Properties", "Roles"))] += flatten(path(stmt, "Action"))
			}
		}
	}
	// Then ingest may write and api may read, and no one else has a grant
	if len(actions) != 2 {
		t.Errorf("reviews grants: got %v, want the api and ingest functions only", actions)
	}
	for roles, acts := range actions {
		switch {
		case strings.Contains(roles, "Fnapi"):
			if strings.Contains(acts, "PutItem") || !strings.Contains(acts, "dynamodb:Query") {
				t.Errorf("api reviews grant %s: want read only", acts)
			}
		case strings.Contains(roles, "Fningest"):
			// Transactions of puts and summary updates, after reading the
			// reviews they replace (issue 31).
			if !strings.Contains(acts, "PutItem") || !strings.Contains(acts, "UpdateItem") || strings.Contains(acts, "dynamodb:Query") {
				t.Errorf("ingest reviews grant %s: want write only", acts)
			}
		default:
			t.Errorf("reviews table granted to %s", roles)
		}
	}
	// And both functions are told its name
	for _, fn := range []string{"api", "ingest"} {
		vars := path(appFunction(t, s, fn), "Properties", "Environment", "Variables").(map[string]any)
		if got := flatten(vars["REVIEWS_TABLE"]); !strings.Contains(got, logicalID) {
			t.Errorf("%s REVIEWS_TABLE: got %v, want the stateful stack's reviews table", fn, vars["REVIEWS_TABLE"])
		}
	}
}

// Issue 15 "Data": every stateful table in every stack is recoverable
// (deletion protection, point-in-time recovery, retained with its stack),
// and the tables whose data has a retention expire it: feed runs
// (purge_at), leads, events and reservations (expires_at).
func TestTablesRecoverableAndExpiring(t *testing.T) {
	s := synth(t)
	n := 0
	for stack, tpl := range s.json {
		for id, tbl := range resources(tpl, "AWS::DynamoDB::Table") {
			n++
			if path(tbl, "Properties", "DeletionProtectionEnabled") != true {
				t.Errorf("%s %s: DeletionProtectionEnabled is %v", stack, id, path(tbl, "Properties", "DeletionProtectionEnabled"))
			}
			if path(tbl, "Properties", "PointInTimeRecoverySpecification", "PointInTimeRecoveryEnabled") != true {
				t.Errorf("%s %s: no point-in-time recovery", stack, id)
			}
			if tbl["DeletionPolicy"] != "Retain" || tbl["UpdateReplacePolicy"] != "Retain" {
				t.Errorf("%s %s: DeletionPolicy %v, UpdateReplacePolicy %v, want Retain", stack, id, tbl["DeletionPolicy"], tbl["UpdateReplacePolicy"])
			}
		}
	}
	if n < 9 {
		t.Errorf("found %d tables, want the 9 of docs/contracts.md", n)
	}
	tables := resources(s.json[StatefulStackName], "AWS::DynamoDB::Table")
	for logicalID, attr := range map[string]string{
		"TablesFeedRunsCEADBCB9": "purge_at",
		"TablesLeads1B9B88AB":    "expires_at",
		"TablesEventsE8DD42EA":   "expires_at",
	} {
		want := map[string]any{"AttributeName": attr, "Enabled": true}
		if got := path(tables[logicalID], "Properties", "TimeToLiveSpecification"); !equalJSON(got, want) {
			t.Errorf("%s TTL: got %v, want %v", logicalID, got, want)
		}
	}
	found := false
	for id, tbl := range tables {
		if strings.HasPrefix(id, "TablesReservations") {
			found = equalJSON(path(tbl, "Properties", "TimeToLiveSpecification"), map[string]any{"AttributeName": "expires_at", "Enabled": true})
		}
	}
	if !found {
		t.Errorf("the reservations table has no TTL on expires_at")
	}
}
