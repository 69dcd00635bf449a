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
		var got []string
		switch sites := rec["sites"].(type) {
		case []string: // a sold update's (algolia.SoldUpdate)
			got = slices.Clone(sites)
		case []any: // a saved record's attributes (algolia.IndexRecord.Map)
			for _, s := range sites {
				got = append(got, s.(string))
			}
		}
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
	// Issue 15: the sweep and a full reindex find the dealerships and their
	// sites through the dealerships list, scanning neither the cars nor the
	// sites. The list these sites' writes started has never been built
	// (data of an older release may predate it), so the first reader builds
	// it from one scan of the sites; no later one scans.
	steps2 := []struct {
		name      string
		run       func() (dealerships int, err error)
		wantScans int
	}{
		{"the first sweep builds the list", sweep(ctx, svc), 1},
		{"a second sweep", sweep(ctx, svc), 0},
		{"a full reindex", func() (int, error) {
			rep, err := svc.Reindex(ctx, "")
			return rep.Dealerships, err
		}, 0},
	}
	for _, step := range steps2 {
		calls.Reset()
		if n, err := step.run(); err != nil || n != 3 {
			t.Errorf("%s: %d dealerships, %v; want the 3 the sites list", step.name, n, err)
		}
		scans := calls.Of("Scan")
		for _, scan := range scans {
			if scan.Table != tables.Sites {
				t.Errorf("%s scanned %s", step.name, scan.Table)
			}
		}
		if len(scans) != step.wantScans {
			t.Errorf("%s scanned %d times, want %d", step.name, len(scans), step.wantScans)
		}
	}
	// The records are as the runs left them: north on elsewhere and north-site.
	if got := sitesOfRecord("north"); !slices.Equal(got, []string{"elsewhere", "north-site"}) {
		t.Errorf("after the reindex north's record is on %v", got)
	}
}

// sweep runs svc's sweep, answering how many dealerships it swept.
func sweep(ctx context.Context, svc *feed.Service) func() (int, error) {
	return func() (int, error) {
		rep, err := svc.Sweep(ctx)
		return rep.Dealerships, err
	}
}
