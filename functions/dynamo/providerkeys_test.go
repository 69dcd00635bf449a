package dynamo_test

import (
	"context"
	"strings"
	"testing"

	"forecourt/functions/dynamo"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// Issue 4 "Endpoint" and docs/contracts.md "DynamoDB tables": provider keys
// are stored as the hex SHA-256 of the key, never the key itself, and are
// scoped to their dealerships: 401 for an unknown key, 403 outside the scope.
func TestProviderKeys(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	keys := dynamo.NewProviderKeyStore(db, tables)
	const raw = "raw-provider-key-7f3a"
	if err := keys.PutKey(ctx, raw, shared.Provider{Name: "dms", Dealerships: []string{"north", "east"},
		Columns: map[string]string{"Rego": "rego"}}); err != nil {
		t.Fatal(err)
	}
	if err := keys.PutKey(ctx, "", shared.Provider{Name: "empty"}); shared.ErrorCode(err) != shared.EINVALID {
		t.Errorf("empty key: got %v, want invalid", err)
	}

	var items []map[string]any
	if err := db.Table(tables.ProviderKeys).Scan().All(ctx, &items); err != nil {
		t.Fatal(err)
	}
	if len(items) != 1 || items[0]["key_hash"] != dynamo.HashKey(raw) || len(dynamo.HashKey(raw)) != 64 {
		t.Fatalf("items: got %v, want one keyed by the hex SHA-256 of the key", items)
	}
	for name, v := range items[0] {
		if s, ok := v.(string); ok && strings.Contains(s, raw) {
			t.Errorf("attribute %s holds the raw key", name)
		}
	}

	for _, tt := range []struct {
		name, key, dealership, wantCode string
	}{
		{"in scope", raw, "north", ""},
		{"second dealership in scope", raw, "east", ""},
		{"outside the scope", raw, "south", shared.EFORBIDDEN},
		{"unknown key", "not-" + raw, "north", shared.EUNAUTHORIZED},
		{"no key", "", "north", shared.EUNAUTHORIZED},
	} {
		p, err := keys.Authorize(ctx, tt.key, tt.dealership)
		if got := shared.ErrorCode(err); got != tt.wantCode {
			t.Errorf("%s: got code %q (%v), want %q", tt.name, got, err, tt.wantCode)
			continue
		}
		if tt.wantCode == "" && (p.Name != "dms" || p.Columns["Rego"] != "rego" || !p.MayFeed(tt.dealership)) {
			t.Errorf("%s: got provider %+v", tt.name, p)
		}
	}
}
