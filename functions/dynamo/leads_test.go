package dynamo_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"forecourt/functions/dynamo"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

func testLead(id string) shared.StoredLead {
	return shared.StoredLead{
		ID: id, Site: "acme", DealershipSlug: "acme-kia",
		CreatedAt: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		Lead:      shared.Lead{Type: shared.LeadEnquiry, FirstName: "Sam", Phone: "0491570110", Message: "Hi", OptIn: true},
		Car:       &shared.Car{ID: "c1", StockNum: "K1", Make: "Kia"},
		TokenHash: "abc", Ready: true,
		ExpiresAt: time.Date(2028, 5, 1, 9, 0, 0, 0, time.UTC),
	}
}

// docs/contracts.md "Leads": a lead item has the contract's attributes, and
// a second put with the same id (a retried submit with the same
// Idempotency-Key) stores nothing and returns the first lead.
func TestLeadStoreIdempotent(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	store := dynamo.NewLeadStore(db, tables)
	first := testLead("0123456789abcdef0123456789abcdef")
	got, created, err := store.CreateLead(ctx, first)
	if err != nil || !created || got.ID != first.ID {
		t.Fatalf("first create: %+v, %v, %v", got, created, err)
	}
	retry := first
	retry.Lead.Message = "changed"
	got, created, err = store.CreateLead(ctx, retry)
	if err != nil || created || got.Lead.Message != "Hi" || got.Car == nil || got.Car.StockNum != "K1" {
		t.Fatalf("retry: created %v, %+v, %v; want the first lead, not overwritten", created, got, err)
	}

	var items []map[string]any
	if err := db.Table(tables.Leads).Scan().All(ctx, &items); err != nil {
		t.Fatal(err)
	}
	if len(items) != 1 {
		t.Fatalf("got %d items, want 1", len(items))
	}
	it := items[0]
	for k, want := range map[string]any{"kind": "lead", "site": "acme", "dealership_slug": "acme-kia",
		"created_at": "2026-05-01T09:00:00Z", "token_hash": "abc", "ready": true, "delivery_status": "pending"} {
		if it[k] != want {
			t.Errorf("%s: got %v, want %v", k, it[k], want)
		}
	}
	for _, k := range []string{"lead", "car", "attempts", "expires_at"} {
		if _, ok := it[k]; !ok {
			t.Errorf("item has no %s", k)
		}
	}
	if _, err := store.FindLead(ctx, "nothing"); shared.ErrorCode(err) != shared.ENOTFOUND {
		t.Errorf("unknown lead: %v", err)
	}
}

// Concurrent submits with the same key store one item and all answer its id.
func TestLeadStoreConcurrentSameKey(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	store := dynamo.NewLeadStore(db, tables)
	const n = 16
	var wg sync.WaitGroup
	created := make([]bool, n)
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := testLead("fedcba9876543210fedcba9876543210")
			l.TokenHash = "same"
			var got shared.StoredLead
			got, created[i], errs[i] = store.CreateLead(ctx, l)
			if errs[i] == nil && got.ID != l.ID {
				t.Errorf("submit %d answered id %s", i, got.ID)
			}
		}()
	}
	wg.Wait()
	writes := 0
	for i := range n {
		if errs[i] != nil {
			t.Errorf("submit %d: %v", i, errs[i])
		}
		if created[i] {
			writes++
		}
	}
	count, err := db.Table(tables.Leads).Scan().Count(ctx)
	if writes != 1 || err != nil || count != 1 {
		t.Errorf("writes %d, items %d (%v); want exactly one", writes, count, err)
	}
}

// PATCH merges (issue 9): the update applies only over the lead it read and
// while the lead is not ready; a captcha solution is accepted for one lead.
func TestLeadStoreUpdateAndCaptcha(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	store := dynamo.NewLeadStore(db, tables)
	l := testLead("11112222333344445555666677778888")
	l.Ready = false
	l.Lead.Type = shared.LeadTradeIn
	if _, _, err := store.CreateLead(ctx, l); err != nil {
		t.Fatal(err)
	}
	next := l
	next.Lead.Rego = "ABC123"
	if err := store.UpdateLead(ctx, l, next); err != nil {
		t.Fatal(err)
	}
	if err := store.UpdateLead(ctx, l, next); shared.ErrorCode(err) != shared.ECONFLICT {
		t.Errorf("update over a stale lead: %v, want conflict", err)
	}
	done := next
	done.Lead.FormCompleted, done.Ready = true, true
	if err := store.UpdateLead(ctx, next, done); err != nil {
		t.Fatal(err)
	}
	after := done
	after.Lead.Message = "late"
	if err := store.UpdateLead(ctx, done, after); shared.ErrorCode(err) != shared.ECONFLICT {
		t.Errorf("update of a ready lead: %v, want conflict", err)
	}
	got, err := store.FindLead(ctx, l.ID)
	if err != nil || got.Lead.Rego != "ABC123" || !got.Lead.FormCompleted || !got.Ready {
		t.Errorf("stored: %+v, %v", got, err)
	}

	exp := time.Now().Add(10 * time.Minute)
	if err := store.AcceptCaptcha(ctx, "sig", "lead-a", exp); err != nil {
		t.Fatal(err)
	}
	if err := store.AcceptCaptcha(ctx, "sig", "lead-a", exp); err != nil {
		t.Errorf("same lead again: %v", err)
	}
	if err := store.AcceptCaptcha(ctx, "sig", "lead-b", exp); shared.ErrorCode(err) != shared.ECONFLICT {
		t.Errorf("replay for another lead: %v, want conflict", err)
	}
	if _, err := store.FindLead(ctx, "captcha#sig"); shared.ErrorCode(err) != shared.ENOTFOUND {
		t.Errorf("a captcha item read as a lead: %v", err)
	}
}

// CreateTables runs at every gateway start: a second run over existing
// tables (TTL already on) succeeds.
func TestCreateTablesTwice(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	if err := dynamo.CreateTables(ctx, db, tables); err != nil {
		t.Fatalf("second CreateTables: %v", err)
	}
	desc, err := db.Table(tables.Leads).Describe().Run(ctx)
	if err != nil || !desc.StreamEnabled || desc.StreamView != "NEW_AND_OLD_IMAGES" {
		t.Errorf("leads table stream: %+v, %v", desc, err)
	}
}
