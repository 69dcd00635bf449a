package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"forecourt/functions/dynamo"
	"forecourt/shared"
)

// Issue 15 "a shopper's data deleted on request (forecourt shopper
// delete)", against DynamoDB Local: the shopper's saved cars on every site
// go, their reservations stay without their sub or phone, and the leads and
// user-contact records giving their phone (in any format) or e-mail (any
// case) go; another shopper's data is untouched.
func TestShopperDelete(t *testing.T) {
	ctx := context.Background()
	db, tables, _ := platformEnv(t)
	t.Setenv("LEADS_TABLE", tables.Leads)
	t.Setenv("RESERVATIONS_TABLE", tables.Reservations)
	t.Setenv("WATCHLISTS_TABLE", tables.Watchlists)
	at := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	lists := dynamo.NewWatchlistStore(db, tables)
	for _, w := range []shared.Watchlist{{Site: "northside", Shopper: "sub-1"}, {Site: "southside", Shopper: "sub-1"}, {Site: "northside", Shopper: "sub-2"}} {
		if _, err := lists.SaveCar(ctx, w, shared.SavedCar{CarID: "c1", DealershipSlug: "north", SavedAt: at}); err != nil {
			t.Fatal(err)
		}
	}
	reservations := dynamo.NewReservationStore(db, tables)
	for i, sub := range []string{"sub-1", "sub-2"} {
		r := shared.Reservation{ID: "res-" + sub, Site: "northside", DealershipSlug: "north", CarID: []string{"c1", "c2"}[i], Shopper: sub,
			ShopperPhone: "+614915701" + sub[4:] + "0", State: shared.ReservationPending, CreatedAt: at, HeldUntil: at.Add(time.Hour)}
		if err := reservations.Claim(ctx, r, at, 0); err != nil {
			t.Fatal(err)
		}
	}
	leads := dynamo.NewLeadStore(db, tables)
	for _, l := range []struct{ id, phone, email string }{
		// by-email and someone-else give a name, phone and e-mail: each keeps a user-contact record.
		{"by-phone", "0491 570 110", ""}, {"by-email", "0491570555", "Ada@Example.test"}, {"someone-else", "0491570999", "bo@example.test"},
	} {
		if _, _, err := leads.CreateLead(ctx, shared.StoredLead{ID: l.id, Site: "northside", DealershipSlug: "north", CreatedAt: at,
			ExpiresAt: at.AddDate(2, 0, 0), Lead: shared.Lead{Type: shared.LeadEnquiry, FirstName: "X", Phone: l.phone, Email: l.email}}); err != nil {
			t.Fatal(err)
		}
	}

	var out, errOut bytes.Buffer
	args := []string{"shopper", "delete", "--sub", "sub-1", "--phone", "+61491570110", "--email", "ada@example.test"}
	if err := run(ctx, args, &out, &errOut); err != nil {
		t.Fatalf("shopper delete: %v (%s)", err, errOut.String())
	}
	for _, want := range []string{"2 saved cars deleted", "1 reservations no longer name the shopper", "2 leads deleted", "1 contact records deleted"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("printed %q, want %q", out.String(), want)
		}
	}
	for _, tt := range []struct {
		w    shared.Watchlist
		want int
	}{{shared.Watchlist{Site: "northside", Shopper: "sub-1"}, 0}, {shared.Watchlist{Site: "southside", Shopper: "sub-1"}, 0},
		{shared.Watchlist{Site: "northside", Shopper: "sub-2"}, 1}} {
		if got, err := lists.SavedCars(ctx, tt.w); err != nil || len(got) != tt.want {
			t.Errorf("%+v: %d saved cars, %v; want %d", tt.w, len(got), err, tt.want)
		}
	}
	for sub, wantShopper := range map[string]string{"sub-1": "", "sub-2": "sub-2"} {
		r, err := reservations.Reservation(ctx, "res-"+sub)
		if err != nil || r.Shopper != wantShopper || (wantShopper == "") != (r.ShopperPhone == "") || r.State != shared.ReservationPending {
			t.Errorf("reservation of %s: %+v, %v; want shopper %q and the reservation kept", sub, r, err, wantShopper)
		}
	}
	for id, gone := range map[string]bool{"by-phone": true, "by-email": true, "someone-else": false} {
		_, err := leads.FindLead(ctx, id)
		if gotGone := shared.ErrorCode(err) == shared.ENOTFOUND; gotGone != gone {
			t.Errorf("lead %s: gone %v (%v), want %v", id, gotGone, err, gone)
		}
	}
	if contacts, err := leads.DealershipContacts(ctx, "north"); err != nil || len(contacts) != 1 || contacts[0].Email != "bo@example.test" {
		t.Errorf("contact records left: %+v, %v; want someone-else's only", contacts, err)
	}
	if err := run(ctx, []string{"shopper", "delete"}, &out, &errOut); err == nil {
		t.Error("shopper delete with nothing to match succeeded; want it refused")
	}
}
