package feed_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/internal/testenv"
	"forecourt/functions/sitestats"
	"forecourt/shared"
)

// docs/scaling.md "Feed runs read their own sites" (issue 18's next lever):
// a feed run, its stats refresh included, reads the sites that list its
// dealership through their lookup and scans no table, and still places
// every car on exactly the sites listing its dealership; when a tenant
// change moves the dealership between sites, the next run follows.
func TestFeedRunScansNoSites(t *testing.T) {
	ctx := context.Background()
	_, tables := testenv.DB(t)
	db, calls := testenv.RecordingDB(t)
	sites := dynamo.NewSiteStore(db, tables)
	save := func(s shared.Site) {
		t.Helper()
		shared.ApplyDefaults(&s)
		if err := sites.SaveSite(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	north := shared.Dealership{Slug: "north", Name: "North Motors"}
	save(shared.Site{Slug: "group", Dealerships: []shared.Dealership{north, {Slug: "south", Name: "South Cars"}}})
	save(shared.Site{Slug: "north-site", Dealerships: []shared.Dealership{north}})
	save(shared.Site{Slug: "elsewhere", Dealerships: []shared.Dealership{{Slug: "east", Name: "East"}}})

	cars := dynamo.NewCarStore(db, tables)
	idx := newIndex()
	clock := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	svc := feed.NewService(feed.ServiceConfig{Cars: cars, Runs: dynamo.NewRunStore(db, tables), Sites: sites, Index: idx,
		Stats: &sitestats.Refresher{Cars: cars, Store: sites, Now: func() time.Time { return clock }},
		Now:   func() time.Time { return clock }})
	push := func(dealership string, price int) {
		t.Helper()
		body := fmt.Sprintf(`[{"stocknum":"S1","make":"Kia","model":"Rio","year":2021,"car_type":"used","price":%d}]`, price)
		rep, err := svc.Ingest(ctx, feed.Request{DealershipSlug: dealership, Mode: feed.ModeFull,
			ContentType: "application/json", Body: strings.NewReader(body)})
		if err != nil || rep.Status != feed.StatusSucceeded {
			t.Fatalf("ingest %s: %+v, %v", dealership, rep, err)
		}
	}
	sitesOfRecord := func(dealership string) []string {
		t.Helper()
		rec := idx.records[feed.CarID(dealership, "stock:S1")]
		if rec == nil {
			return nil
		}
		got := slices.Clone(rec["sites"].([]string))
		slices.Sort(got)
		return got
	}

	steps := []struct {
		name       string
		change     func()
		dealership string
		want       []string
	}{
		{"north on the group and its own site", nil, "north", []string{"group", "north-site"}},
		{"south on the group only", nil, "south", []string{"group"}},
		{"east on its own site only", nil, "east", []string{"elsewhere"}},
		{"the group drops north", func() {
			save(shared.Site{Slug: "group", Dealerships: []shared.Dealership{{Slug: "south", Name: "South Cars"}}})
		}, "north", []string{"north-site"}},
		{"elsewhere adds north", func() {
			save(shared.Site{Slug: "elsewhere", Dealerships: []shared.Dealership{{Slug: "east", Name: "East"}, north}})
		}, "north", []string{"elsewhere", "north-site"}},
	}
	for i, step := range steps {
		if step.change != nil {
			step.change()
		}
		calls.Reset()
		push(step.dealership, 10000+i) // a new price: the car changes, so the run places it again
		if scans := calls.Of("Scan"); len(scans) > 0 {
			t.Errorf("%s: the run scanned %v", step.name, scans)
		}
		if got := sitesOfRecord(step.dealership); !slices.Equal(got, step.want) {
			t.Errorf("%s: the car's record is on %v, want %v", step.name, got, step.want)
		}
	}
	// Issue 15: the sweep finds the dealerships in the sites, which it
	// reads once, instead of scanning every car.
	calls.Reset()
	if rep, err := svc.Sweep(ctx); err != nil || rep.Dealerships != 3 {
		t.Errorf("sweep: %+v, %v; want the 3 dealerships the sites list", rep, err)
	}
	for _, scan := range calls.Of("Scan") {
		if scan.Table != tables.Sites {
			t.Errorf("the sweep scanned %s", scan.Table)
		}
	}
	if n := len(calls.Of("Scan")); n != 1 {
		t.Errorf("the sweep scanned the sites table %d times, want once", n)
	}
}
