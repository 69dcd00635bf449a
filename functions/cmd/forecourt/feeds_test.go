package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"forecourt/functions/feed"
	"forecourt/functions/internal/testenv"
	"forecourt/functions/platform"
	"forecourt/shared"
)

// Issue 37: forecourt stock health lists, per format, the cars the
// dealership's feeds drop with their reasons; forecourt feeds rotate gives
// a format a new token, after which its old URL is not found.
func TestStockHealthAndFeedsRotate(t *testing.T) {
	ctx := context.Background()
	_, tables, cfg := platformEnv(t)
	testenv.Setenv(t, tables, cfg)
	t.Setenv("FORECOURT_FEEDS_DIR", t.TempDir())
	p, err := platform.FromEnv(ctx)
	if err != nil {
		t.Fatal(err)
	}
	site := shared.Site{Slug: "north-site", Name: "North", Domains: []string{"www.north.example"},
		Dealerships: []shared.Dealership{{Slug: "north", Name: "North Motors"}},
		Address:     shared.Address{Street: "1 Main St", City: "Chermside", State: "QLD", Postcode: "4032"},
		Syndication: &shared.SyndicationConfig{Google: shared.FeedFormatConfig{Enabled: true}, Meta: shared.FeedFormatConfig{Enabled: true}}}
	shared.ApplyDefaults(&site)
	if err := p.Sites().SaveSite(ctx, site); err != nil {
		t.Fatal(err)
	}
	body := `[{"stocknum":"A1","make":"Kia","model":"Rio","year":2020,"car_type":"used","price":15000,"km":1000,"body":"Hatchback","vin":"KNADN512345678901","images":[{"url":"https://img.example/a.jpg"}]},
	{"stocknum":"B2","make":"Kia","model":"Rio","year":2021,"car_type":"used","price":16000,"km":2000,"body":"Hatchback","images":[{"url":"https://img.example/b.jpg"}]}]`
	rep, err := p.Feed().Ingest(ctx, feed.Request{DealershipSlug: "north", Mode: feed.ModeFull, ContentType: "application/json", Body: strings.NewReader(body)})
	if err != nil || rep.FeedDrops["google"] != 1 {
		t.Fatalf("ingest: %+v %v; want google dropping B2 (no VIN)", rep.FeedDrops, err)
	}
	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"stock", "health", "--dealership", "north"}, &out, &errOut); err != nil {
		t.Fatalf("stock health: %v %s", err, errOut.String())
	}
	for _, want := range []string{"north on north-site", "google: 1 listed, 1 dropped (no_vin 1)", "B2", "2021 Kia Rio", "meta: 2 listed, 0 dropped"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stock health printed\n%s\nwant %q", out.String(), want)
		}
	}
	out.Reset()
	if err := run(ctx, []string{"feeds", "urls", "--dealership", "north"}, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	oldURL := ""
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.Contains(l, " google ") {
			oldURL = l[strings.Index(l, "https://"):]
		}
	}
	if !strings.HasPrefix(oldURL, "https://www.north.example/api/feeds/north/") {
		t.Fatalf("feeds urls printed %q", out.String())
	}
	out.Reset()
	if err := run(ctx, []string{"feeds", "rotate", "--dealership", "north", "--format", "google"}, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	newURL := strings.TrimSpace(out.String()[strings.Index(out.String(), "https://"):])
	fetch := func(u string) error {
		parts := strings.Split(u, "/")
		_, _, err := p.Publisher().FeedFile(ctx, site, "north", parts[len(parts)-2], parts[len(parts)-1])
		return err
	}
	if err := fetch(oldURL); shared.ErrorCode(err) != shared.ENOTFOUND {
		t.Errorf("old URL after rotate: %v, want not found", err)
	}
	if err := fetch(newURL); err != nil || newURL == oldURL {
		t.Errorf("new URL %q: %v", newURL, err)
	}
	if err := run(ctx, []string{"feeds", "rotate", "--dealership", "north", "--format", "bing"}, &out, &errOut); shared.ErrorCode(err) != shared.EINVALID {
		t.Errorf("rotate --format bing: %v, want an invalid-field error", err)
	}
}
