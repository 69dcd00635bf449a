package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"forecourt/functions/dynamo"
	"forecourt/shared"
)

// Issue 15 "forecourt export --dealership SLUG for a dealer leaving the
// platform", against DynamoDB Local: the dealership's cars (sold ones too),
// leads and reservations as JSON lines, nothing of another dealership, no
// lead token hash; an existing folder is refused rather than mixed into.
func TestExportDealership(t *testing.T) {
	ctx := context.Background()
	db, tables, _ := platformEnv(t)
	t.Setenv("LEADS_TABLE", tables.Leads)
	t.Setenv("RESERVATIONS_TABLE", tables.Reservations)
	at := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	var cars []shared.StoredCar
	for _, c := range []struct {
		id, dealer string
		sold       bool
	}{{"n1", "north", false}, {"n2", "north", true}, {"s1", "south", false}} {
		cars = append(cars, shared.StoredCar{Car: shared.Car{ID: c.id, Slug: c.id, DealershipSlug: c.dealer, Make: "Kia",
			CarType: shared.CarTypeUsed, Status: shared.StatusInStock, Sold: c.sold, CreatedAt: at}, UpdatedAt: at})
	}
	if err := dynamo.NewCarStore(db, tables).PutCars(ctx, cars); err != nil {
		t.Fatal(err)
	}
	leads := dynamo.NewLeadStore(db, tables)
	for _, l := range []shared.StoredLead{
		{ID: "lead-n", Site: "northside", DealershipSlug: "north", CreatedAt: at, TokenHash: "secret-hash", ExpiresAt: at.AddDate(2, 0, 0),
			Lead: shared.Lead{Type: shared.LeadEnquiry, FirstName: "Ada", Email: "ada@example.test", Phone: "0491570110", DealershipSlug: "north"}},
		{ID: "lead-s", Site: "southside", DealershipSlug: "south", CreatedAt: at, TokenHash: "other", ExpiresAt: at.AddDate(2, 0, 0),
			Lead: shared.Lead{Type: shared.LeadEnquiry, FirstName: "Bo", DealershipSlug: "south"}},
	} {
		if _, _, err := leads.CreateLead(ctx, l); err != nil {
			t.Fatal(err)
		}
	}
	res := shared.Reservation{ID: "res-n", Site: "northside", DealershipSlug: "north", CarID: "n1", Shopper: "sub-1",
		State: shared.ReservationPending, CreatedAt: at, HeldUntil: at.Add(time.Hour)}
	if err := dynamo.NewReservationStore(db, tables).Claim(ctx, res, at, 0); err != nil {
		t.Fatal(err)
	}

	dir := filepath.Join(t.TempDir(), "north")
	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"export", "--dealership", "north", "--out", dir}, &out, &errOut); err != nil {
		t.Fatalf("export: %v (%s)", err, errOut.String())
	}
	for _, want := range []string{"cars.jsonl: 2", "leads.jsonl: 1", "contacts.jsonl: 1", "reservations.jsonl: 1"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("printed %q, want %q", out.String(), want)
		}
	}
	ids := func(file, key string) []string {
		f, err := os.Open(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		var got []string
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			var row map[string]any
			if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
				t.Fatalf("%s: %q is not JSON", file, sc.Text())
			}
			id, _ := row[key].(string)
			got = append(got, id)
		}
		return got
	}
	for _, tt := range []struct {
		file, key string
		want      string
	}{
		{"cars.jsonl", "id", "n1,n2"},
		{"leads.jsonl", "id", "lead-n"},
		{"contacts.jsonl", "email", "ada@example.test"},
		{"reservations.jsonl", "reservation_id", "res-n"},
	} {
		if got := strings.Join(ids(tt.file, tt.key), ","); got != tt.want {
			t.Errorf("%s: ids %s, want %s", tt.file, got, tt.want)
		}
	}
	leadsFile, _ := os.ReadFile(filepath.Join(dir, "leads.jsonl"))
	if strings.Contains(string(leadsFile), "secret-hash") || !strings.Contains(string(leadsFile), "ada@example.test") {
		t.Errorf("leads.jsonl %s: want the lead without its token hash", leadsFile)
	}
	if info, err := os.Stat(filepath.Join(dir, "leads.jsonl")); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("leads.jsonl mode %v, %v; want 0600 (personal data)", info.Mode().Perm(), err)
	}
	if err := run(ctx, []string{"export", "--dealership", "north", "--out", dir}, &out, &errOut); err == nil {
		t.Errorf("a second export into the same folder succeeded; want it refused")
	}
}
