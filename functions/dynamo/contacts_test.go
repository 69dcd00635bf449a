package dynamo_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"forecourt/functions/dynamo"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

// Spec 001 §5 "A user-contact record is stored only when name, email and
// phone are all present", against DynamoDB Local: one record per dealership
// and e-mail address, written with the lead (a retried submit counts once),
// none for a lead without one of the three, one for a trade-in once a later
// step completes them.
func TestContactRecords(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	store := dynamo.NewLeadStore(db, tables)

	first := testLead("c0000000000000000000000000000001")
	first.Lead.Email, first.Lead.LastName, first.Lead.OptIn = "sam@example.test", "Lee", false
	second := testLead("c0000000000000000000000000000002")
	second.CreatedAt = first.CreatedAt.Add(48 * time.Hour)
	second.ExpiresAt = first.ExpiresAt.Add(48 * time.Hour)
	second.Lead.Email, second.Lead.Phone = " SAM@example.test ", "0400 000 001"
	noPhone := testLead("c0000000000000000000000000000003")
	noPhone.Lead.Email, noPhone.Lead.Phone = "kim@example.test", ""
	otherDealer := testLead("c0000000000000000000000000000004")
	otherDealer.DealershipSlug, otherDealer.Lead.Email = "acme-mazda", "sam@example.test"
	for _, l := range []shared.StoredLead{first, first, second, noPhone, otherDealer} {
		if _, _, err := store.CreateLead(ctx, l); err != nil {
			t.Fatalf("create %s: %v", l.ID, err)
		}
	}

	got, err := store.DealershipContacts(ctx, "acme-kia")
	if err != nil {
		t.Fatal(err)
	}
	want := shared.Contact{
		Site: "acme", DealershipSlug: "acme-kia", FirstName: "Sam", Email: "SAM@example.test", Phone: "0400 000 001", OptIn: true,
		Leads: 2, FirstLead: first.ID, LastLead: second.ID, FirstSeen: first.CreatedAt, LastSeen: second.CreatedAt,
	}
	if len(got) != 1 || got[0] != want {
		t.Fatalf("acme-kia contacts:\n got %+v\nwant [%+v]\n(the retried submit counts once; the lead without a phone keeps none)", got, want)
	}
	var item map[string]any
	if err := db.Table(tables.Leads).Get("id", "contact#acme-kia#sam@example.test").One(ctx, &item); err != nil {
		t.Fatalf("the record's item: %v", err)
	}
	if item["kind"] != dynamo.KindContact || item["expires_at"] != float64(second.ExpiresAt.Unix()) {
		t.Errorf("item kind %v, expires_at %v; want %s, the latest lead's %d", item["kind"], item["expires_at"], dynamo.KindContact, second.ExpiresAt.Unix())
	}
	if got, err := store.DealershipContacts(ctx, "acme-mazda"); err != nil || len(got) != 1 || got[0].Leads != 1 {
		t.Errorf("another dealership's record of the same shopper: %+v, %v; want its own, one lead", got, err)
	}
	// The deliverers and the lead reads see leads only.
	if _, err := store.FindLead(ctx, "contact#acme-kia#sam@example.test"); shared.ErrorCode(err) != shared.ENOTFOUND {
		t.Errorf("a contact read as a lead: %v", err)
	}

	// A trade-in whose first step gave no e-mail: its contact comes with the step that does.
	step1 := testLead("c0000000000000000000000000000005")
	step1.Ready, step1.Lead.Type, step1.Lead.Email = false, shared.LeadTradeIn, ""
	step1.DealershipSlug = "acme-used"
	if _, _, err := store.CreateLead(ctx, step1); err != nil {
		t.Fatal(err)
	}
	if got, _ := store.DealershipContacts(ctx, "acme-used"); len(got) != 0 {
		t.Fatalf("contacts before the e-mail: %+v", got)
	}
	step2 := step1
	step2.Lead.Email = "jo@example.test"
	if err := store.UpdateLead(ctx, step1, step2); err != nil {
		t.Fatal(err)
	}
	step3 := step2
	step3.Lead.FormCompleted, step3.Ready = true, true
	if err := store.UpdateLead(ctx, step2, step3); err != nil {
		t.Fatal(err)
	}
	if got, _ := store.DealershipContacts(ctx, "acme-used"); len(got) != 1 || got[0].Email != "jo@example.test" || got[0].Leads != 1 {
		t.Errorf("trade-in contact: %+v; want one record, one lead", got)
	}
	// A stale update changes neither the lead nor the contact.
	if err := store.UpdateLead(ctx, step1, step2); shared.ErrorCode(err) != shared.ECONFLICT {
		t.Errorf("stale update: %v, want conflict", err)
	}
	if got, _ := store.DealershipContacts(ctx, "acme-used"); len(got) != 1 || got[0].Leads != 1 {
		t.Errorf("after a refused update: %+v; want one lead", got)
	}
}

// One shopper sending several enquiries at once: each transaction updates
// the same contact record, and every lead is stored and counted. (DynamoDB
// Local serialises them; DynamoDB may cancel one for the conflict, which
// Connect's retryer runs again: TestRetryerRetriesTransactionConflicts.)
func TestContactRecordConcurrentLeads(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	store := dynamo.NewLeadStore(db, tables)
	const n = 8
	errs := make(chan error, n)
	for i := range n {
		go func() {
			l := testLead(fmt.Sprintf("d00000000000000000000000000000%02d", i))
			l.Lead.Email = "sam@example.test"
			_, _, err := store.CreateLead(ctx, l)
			errs <- err
		}()
	}
	for range n {
		if err := <-errs; err != nil {
			t.Errorf("create: %v", err)
		}
	}
	got, err := store.DealershipContacts(ctx, "acme-kia")
	if err != nil || len(got) != 1 || got[0].Leads != n {
		t.Errorf("contacts %+v, %v; want one record counting %d leads", got, err, n)
	}
}
