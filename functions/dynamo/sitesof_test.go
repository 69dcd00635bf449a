package dynamo_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"forecourt/functions/contract"
	"forecourt/functions/dynamo"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

func site(slug string, dealerships ...string) shared.Site {
	s := shared.Site{Slug: slug, Name: slug}
	for _, d := range dealerships {
		s.Dealerships = append(s.Dealerships, shared.Dealership{Slug: d, Name: d})
	}
	return s
}

func slugsOf(sites []shared.Site) []string {
	out := []string{}
	for _, s := range sites {
		out = append(out, s.Slug)
	}
	return out
}

// docs/scaling.md "Feed runs read their own sites": every site write moves
// the site in its dealerships' lookups, in the same transaction, so SitesOf
// answers what a scan of all sites would, without one: adding a dealership
// to a site adds the site to its lookup, removing it removes it.
func TestSitesOfFollowsSiteWrites(t *testing.T) {
	ctx := context.Background()
	_, tables := testenv.DB(t)
	db, calls := testenv.RecordingDB(t)
	store := dynamo.NewSiteStore(db, tables)

	steps := []struct {
		name string
		save shared.Site
		want map[string][]string // dealership -> sites, by slug
	}{
		{"a group site lists two rooftops", site("group", "north", "south"),
			map[string][]string{"north": {"group"}, "south": {"group"}}},
		{"a second site lists one of them", site("north-site", "north"),
			map[string][]string{"north": {"group", "north-site"}, "south": {"group"}}},
		{"the group drops south and adds east", site("group", "north", "east"),
			map[string][]string{"north": {"group", "north-site"}, "south": {}, "east": {"group"}}},
		{"saving the same site again changes nothing", site("group", "north", "east"),
			map[string][]string{"north": {"group", "north-site"}, "south": {}, "east": {"group"}}},
		{"the second site moves to south", site("north-site", "south"),
			map[string][]string{"north": {"group"}, "south": {"north-site"}, "east": {"group"}}},
	}
	for _, step := range steps {
		if err := store.SaveSite(ctx, step.save); err != nil {
			t.Fatalf("%s: save: %v", step.name, err)
		}
		calls.Reset()
		for dealership, want := range step.want {
			got, err := store.SitesOf(ctx, dealership)
			if err != nil {
				t.Fatalf("%s: sites of %s: %v", step.name, dealership, err)
			}
			if !slices.Equal(slugsOf(got), want) {
				t.Errorf("%s: sites of %s = %v, want %v", step.name, dealership, slugsOf(got), want)
			}
		}
		if scans := calls.Of("Scan"); len(scans) > 0 {
			t.Errorf("%s: SitesOf scanned: %v", step.name, scans)
		}
	}

	// The lookup items are not sites: the list and a lookup by slug skip them.
	all, err := store.ListSites(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := slugsOf(all); !slices.Equal(got, []string{"group", "north-site"}) {
		t.Errorf("ListSites = %v, want [group north-site]", got)
	}
	for _, key := range []string{"dealership#north", contract.DealershipListKey} {
		if _, err := store.FindSite(ctx, key); shared.ErrorCode(err) != shared.ENOTFOUND {
			t.Errorf("FindSite of %s: %v, want not_found", key, err)
		}
	}
}

// docs/scaling.md "The dealerships list" (issue 15): the sweep and a full
// reindex read every dealership and its sites without a scan. The list is
// built once from a scan when it has never been (sites an older release
// wrote), then follows every site write; a dealership a site drops stays
// listed (a full reindex removes its records); `forecourt sites relink`
// builds it too.
func TestDealershipsList(t *testing.T) {
	ctx := context.Background()
	_, tables := testenv.DB(t)
	db, calls := testenv.RecordingDB(t)
	store := dynamo.NewSiteStore(db, tables)
	putOld := func(slug, config string) func() {
		return func() {
			t.Helper()
			if err := db.Table(tables.Sites).Put(map[string]any{"slug": slug, "config": config}).Run(ctx); err != nil {
				t.Fatal(err)
			}
		}
	}
	save := func(s shared.Site) func() {
		return func() {
			t.Helper()
			if err := store.SaveSite(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
	}
	// As an older release or the tenant stack wrote them: no lookups, no list.
	putOld("old-group", `{"slug":"old-group","name":"Old Group","dealerships":[{"slug":"west","name":"West"},{"slug":"north","name":"North"}]}`)()
	putOld("old-west", `{"slug":"old-west","name":"Old West","dealerships":[{"slug":"west","name":"West"}]}`)()
	putOld("no-stock", `{"slug":"no-stock","name":"A site without dealerships"}`)()

	steps := []struct {
		name            string
		change          func()
		wantDealerships []string
		wantSites       []string
		wantScans       int
	}{
		{"a new site's write starts the list; the first read builds it from one scan", save(site("new-site", "east")),
			[]string{"east", "north", "west"}, []string{"new-site", "old-group", "old-west"}, 1},
		{"read again: no scan", nil,
			[]string{"east", "north", "west"}, []string{"new-site", "old-group", "old-west"}, 0},
		{"another site lists south", save(site("another", "south", "west")),
			[]string{"east", "north", "south", "west"}, []string{"another", "new-site", "old-group", "old-west"}, 0},
		{"new-site drops east: east stays listed, with no site", save(site("new-site")),
			[]string{"east", "north", "south", "west"}, []string{"another", "old-group", "old-west"}, 0},
	}
	for _, step := range steps {
		if step.change != nil {
			step.change()
		}
		calls.Reset()
		dealerships, sites, err := store.Dealerships(ctx)
		if err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		if !slices.Equal(dealerships, step.wantDealerships) || !slices.Equal(slugsOf(sites), step.wantSites) {
			t.Errorf("%s: dealerships %v on sites %v, want %v on %v", step.name, dealerships, slugsOf(sites), step.wantDealerships, step.wantSites)
		}
		if n := len(calls.Of("Scan")); n != step.wantScans {
			t.Errorf("%s: %d scans, want %d", step.name, n, step.wantScans)
		}
	}

	// On data an older release wrote, `forecourt sites relink` builds the
	// list as well: no reader scans after it.
	_, tables = testenv.DB(t)
	store = dynamo.NewSiteStore(db, tables)
	putOld("old-group", `{"slug":"old-group","name":"Old Group","dealerships":[{"slug":"west","name":"West"}]}`)()
	if _, err := store.RelinkDealerships(ctx); err != nil {
		t.Fatal(err)
	}
	calls.Reset()
	if dealerships, sites, err := store.Dealerships(ctx); err != nil || !slices.Equal(dealerships, []string{"west"}) || !slices.Equal(slugsOf(sites), []string{"old-group"}) {
		t.Errorf("after relink: %v on %v, %v; want [west] on [old-group]", dealerships, slugsOf(sites), err)
	}
	if scans := calls.Of("Scan"); len(scans) > 0 {
		t.Errorf("the read after relink scanned: %v", scans)
	}
}

// Sites written before the lookups existed (or by hand) are still found:
// a dealership without a lookup item gets one from a scan on its first
// read, and reads after that scan nothing. `forecourt sites relink`
// (RelinkDealerships) adds what is missing and prunes entries of sites
// that no longer list a dealership, which a tenant stack's deploy leaves.
func TestSitesOfHealsAndRelinks(t *testing.T) {
	ctx := context.Background()
	_, tables := testenv.DB(t)
	db, calls := testenv.RecordingDB(t)
	store := dynamo.NewSiteStore(db, tables)
	// As an older release or the tenant stack wrote them: no lookups.
	for slug, config := range map[string]string{
		"old-group": `{"slug":"old-group","name":"Old Group","dealerships":[{"slug":"west","name":"West"},{"slug":"north","name":"North"}]}`,
		"old-west":  `{"slug":"old-west","name":"Old West","dealerships":[{"slug":"west","name":"West"}]}`,
	} {
		if err := db.Table(tables.Sites).Put(map[string]any{"slug": slug, "config": config}).Run(ctx); err != nil {
			t.Fatal(err)
		}
	}

	got, err := store.SitesOf(ctx, "west")
	if err != nil || !slices.Equal(slugsOf(got), []string{"old-group", "old-west"}) {
		t.Fatalf("first read of west: %v, %v; want [old-group old-west]", slugsOf(got), err)
	}
	calls.Reset()
	got, err = store.SitesOf(ctx, "west")
	if err != nil || !slices.Equal(slugsOf(got), []string{"old-group", "old-west"}) {
		t.Fatalf("second read of west: %v, %v; want [old-group old-west]", slugsOf(got), err)
	}
	if scans := calls.Of("Scan"); len(scans) > 0 {
		t.Errorf("second read of west scanned: %v", scans)
	}

	// A stale entry, as a tenant stack's write leaves when a site drops a
	// dealership: read past, then pruned by a relink.
	if err := db.Table(tables.Sites).Put(map[string]any{"slug": "old-west",
		"config": `{"slug":"old-west","name":"Old West","dealerships":[{"slug":"south","name":"South"}]}`}).Run(ctx); err != nil {
		t.Fatal(err)
	}
	if got, _ := store.SitesOf(ctx, "west"); !slices.Equal(slugsOf(got), []string{"old-group"}) {
		t.Errorf("west after old-west dropped it: %v, want [old-group]", slugsOf(got))
	}
	rep, err := store.RelinkDealerships(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Added: north and south on their sites (west's item had both its own).
	// Removed: old-west from west.
	if rep.Dealerships != 3 || rep.Added != 2 || rep.Removed != 1 {
		t.Errorf("relink: %+v, want 3 dealerships, 2 added, 1 removed", rep)
	}
	calls.Reset()
	for dealership, want := range map[string][]string{"west": {"old-group"}, "north": {"old-group"}, "south": {"old-west"}} {
		if got, err := store.SitesOf(ctx, dealership); err != nil || !slices.Equal(slugsOf(got), want) {
			t.Errorf("after relink, sites of %s: %v, %v; want %v", dealership, slugsOf(got), err, want)
		}
	}
	if scans := calls.Of("Scan"); len(scans) > 0 {
		t.Errorf("reads after the relink scanned: %v", scans)
	}
	if again, err := store.RelinkDealerships(ctx); err != nil || again.Added != 0 || again.Removed != 0 {
		t.Errorf("second relink: %+v, %v; want nothing to change", again, err)
	}
}

// Issue 18 counts on group sites of 200 dealerships: a site with more
// dealerships than one transaction holds is linked from every one of them,
// and dropping most of them unlinks each.
func TestSitesOfLargeGroup(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	store := dynamo.NewSiteStore(db, tables)
	slugs := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("rooftop-%03d", i)
		}
		return out
	}
	for _, step := range []struct {
		name     string
		listed   int
		unlisted []string
	}{
		{"200 rooftops", 200, nil},
		{"down to 30", 30, slugs(200)[30:]},
	} {
		if err := store.SaveSite(ctx, site("big-group", slugs(step.listed)...)); err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		for _, d := range slugs(step.listed) {
			if got, err := store.SitesOf(ctx, d); err != nil || !slices.Equal(slugsOf(got), []string{"big-group"}) {
				t.Fatalf("%s: sites of %s = %v, %v; want [big-group]", step.name, d, slugsOf(got), err)
			}
		}
		// Every rooftop is on the dealerships list, past the transaction's size.
		if listed, _, err := store.Dealerships(ctx); err != nil || len(listed) != 200 {
			t.Fatalf("%s: the dealerships list has %d, %v; want all 200", step.name, len(listed), err)
		}
		for _, d := range step.unlisted {
			var it struct {
				Sites []string `dynamo:"sites,set"`
			}
			if err := db.Table(tables.Sites).Get("slug", "dealership#"+d).One(ctx, &it); err != nil || len(it.Sites) != 0 {
				t.Fatalf("%s: %s's lookup still names %v (%v)", step.name, d, it.Sites, err)
			}
		}
	}
}
