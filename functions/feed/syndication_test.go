package feed_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/internal/testenv"
	"forecourt/functions/sitemaps"
	"forecourt/functions/syndication"
	"forecourt/functions/syndication/publish"
	"forecourt/shared"
)

const syndicationFeed = `Stock No,VIN,Year,Make,Model,Variant,Body Type,Odometer,Sale Price,Colour,Transmission,Fuel Type,Condition,Photos
A100,JTDBR32E720123456,2020,TOYOTA,COROLLA,Ascent Sport,5D HATCHBACK,45000,$21990,White,6 SP AUTOMATIC,Petrol,Used,https://img.example/a1.jpg
A101,,2019,MAZDA,CX-5,Maxx Sport,4D WAGON,60000,$27990,Red,6 SP AUTOMATIC,Petrol,Used,https://img.example/b1.jpg
A102,JM0KF4W7A00123456,2021,MAZDA,CX-3,Maxx,4D WAGON,30000,$24990,Blue,6 SP AUTOMATIC,Petrol,Used,https://img.example/c1.jpg
`

// Issue 37 "Done when": a feed run rewrites the dealership's vehicle feeds,
// its report counts the cars each format drops, and a car the next run
// sells is gone from every feed after that run.
func TestFeedRunRewritesVehicleFeeds(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	cars := dynamo.NewCarStore(db, tables)
	site := shared.DefaultSite()
	site.Slug, site.Name, site.Domains = "north-site", "North", []string{"www.north.example"}
	site.Dealerships = []shared.Dealership{{Slug: "north", Name: "North Motors"}}
	site.Address = shared.Address{Street: "1 Main St", City: "Chermside", State: "QLD", Postcode: "4032"}
	site.Syndication = &shared.SyndicationConfig{Google: shared.FeedFormatConfig{Enabled: true}, Meta: shared.FeedFormatConfig{Enabled: true}, TikTok: shared.FeedFormatConfig{Enabled: true}}
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	pub := &publish.Publisher{Cars: cars, Objects: &sitemaps.DirObjects{Dir: t.TempDir()}, Now: func() time.Time { return now }}
	svc := feed.NewService(feed.ServiceConfig{Cars: cars, Runs: dynamo.NewRunStore(db, tables), Sites: staticSites{site},
		Index: newIndex(), Now: func() time.Time { return now }, Feeds: pub})
	run := func(body string) feed.Report {
		rep, err := svc.Ingest(ctx, feed.Request{DealershipSlug: "north", Mode: feed.ModeFull, ContentType: "text/csv",
			Body: strings.NewReader(body), Force: true})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	rep := run(syndicationFeed)
	// A101 has no VIN: Google drops it; Meta and TikTok take a car without one.
	if rep.FeedDrops["google"] != 1 || rep.FeedDrops["meta"] != 0 || rep.FeedDrops["tiktok"] != 0 {
		t.Errorf("feed_drops = %v, want google 1, meta 0, tiktok 0", rep.FeedDrops)
	}
	stored, err := svc.Run(ctx, rep.RunID)
	if err != nil || stored.FeedDrops["google"] != 1 {
		t.Errorf("stored report feed_drops = %v (%v), want google 1", stored.FeedDrops, err)
	}
	urls, err := pub.URLs(ctx, site, "https://www.north.example", "north")
	if err != nil {
		t.Fatal(err)
	}
	feedOf := func(f syndication.Format) string {
		parts := strings.Split(urls[f], "/")
		body, _, err := pub.FeedFile(ctx, site, "north", parts[len(parts)-2], parts[len(parts)-1])
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		return string(body)
	}
	for _, f := range syndication.Formats {
		if !strings.Contains(feedOf(f), "JM0KF4W7A00123456") {
			t.Errorf("%s feed lacks the CX-3 after the first run", f)
		}
	}
	// The next full feed no longer names A102: the run sells it.
	lines := strings.Split(strings.TrimSpace(syndicationFeed), "\n")
	rep = run(strings.Join(lines[:3], "\n") + "\n")
	if rep.Sold != 1 {
		t.Fatalf("sold %d, want 1", rep.Sold)
	}
	for _, f := range syndication.Formats {
		if body := feedOf(f); strings.Contains(body, "JM0KF4W7A00123456") || !strings.Contains(body, "JTDBR32E720123456") {
			t.Errorf("%s feed after the sale:\n%s\nwant the CX-3 gone and the Corolla kept", f, body)
		}
	}
}
