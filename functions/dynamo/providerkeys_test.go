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
		Columns: map[string]string{"Rego": "rego"}, PhotoHosts: []string{".dms.example"}}); err != nil {
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
		if tt.wantCode == "" && (p.Name != "dms" || p.Columns["Rego"] != "rego" || !p.MayFeed(tt.dealership) ||
			len(p.PhotoHosts) != 1 || p.PhotoHosts[0] != ".dms.example") {
			t.Errorf("%s: got provider %+v", tt.name, p)
		}
	}
}

// Issue 15 "Keys that expire": ops list keys by an id (a prefix of the
// hash, never the key), revoke one (its next feed is 401) and rotate one
// (a new key with the same scope; the old one revoked, or kept until
// revoked so the provider switches without a failed feed).
func TestProviderKeysListRevokeRotate(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	keys := dynamo.NewProviderKeyStore(db, tables)
	scope := shared.Provider{Name: "dms", Dealerships: []string{"north"}}
	for _, raw := range []string{"key-one", "key-two"} {
		if err := keys.PutKey(ctx, raw, scope); err != nil {
			t.Fatal(err)
		}
	}
	list, err := keys.ListKeys(ctx)
	if err != nil || len(list) != 2 {
		t.Fatalf("ListKeys: %v, %v; want 2 keys", list, err)
	}
	id := dynamo.HashKey("key-one")[:dynamo.KeyIDLength]
	for _, k := range list {
		if len(k.ID) != dynamo.KeyIDLength || k.Provider != "dms" || strings.Contains(k.ID, "key-") {
			t.Errorf("listed %+v", k)
		}
	}

	// Bad ids: too short to name one key, or naming none.
	if _, err := keys.RevokeKey(ctx, "abc"); shared.ErrorCode(err) != shared.EINVALID {
		t.Errorf("short id: got %v, want invalid", err)
	}
	if _, err := keys.RevokeKey(ctx, "not-a-hex-id"); shared.ErrorCode(err) != shared.ENOTFOUND {
		t.Errorf("unknown id: got %v, want not found", err)
	}

	// Rotate keeping the old: both feed until the old is revoked.
	old, created, err := keys.RotateKey(ctx, id, "key-three", true)
	if err != nil || old.ID != id || created.ID != dynamo.HashKey("key-three")[:dynamo.KeyIDLength] {
		t.Fatalf("RotateKey: %+v %+v %v", old, created, err)
	}
	for _, raw := range []string{"key-one", "key-three"} {
		if _, err := keys.Authorize(ctx, raw, "north"); err != nil {
			t.Errorf("%s after a rotation keeping the old: %v", raw, err)
		}
	}
	if _, err := keys.RevokeKey(ctx, id); err != nil {
		t.Fatal(err)
	}
	if _, err := keys.Authorize(ctx, "key-one", "north"); shared.ErrorCode(err) != shared.EUNAUTHORIZED {
		t.Errorf("revoked key: got %v, want unauthorized", err)
	}

	// Rotate without keeping: the old key stops at once, the new has its scope.
	two := dynamo.HashKey("key-two")[:dynamo.KeyIDLength]
	if _, _, err := keys.RotateKey(ctx, two, "key-four", false); err != nil {
		t.Fatal(err)
	}
	if _, err := keys.Authorize(ctx, "key-two", "north"); shared.ErrorCode(err) != shared.EUNAUTHORIZED {
		t.Errorf("rotated key: got %v, want unauthorized", err)
	}
	if p, err := keys.Authorize(ctx, "key-four", "north"); err != nil || p.Name != "dms" {
		t.Errorf("new key: %+v, %v", p, err)
	}
}
