package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"forecourt/functions/algolia"
	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/internal/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// forecourt sweep removes sold cars past retention from the index, with
// DynamoDB and the index taken from the environment (docs/contracts.md).
func TestSweepCommand(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	_, cfg := testenv.Engine(t)
	for name, v := range map[string]string{
		"FORECOURT_DYNAMO_ENDPOINT": testenv.DynamoEndpoint(t), "CARS_TABLE": tables.Cars, "SITES_TABLE": tables.Sites,
		"PROVIDER_KEYS_TABLE": tables.ProviderKeys, "FEED_RUNS_TABLE": tables.FeedRuns,
		"ALGOLIA_APP_ID": cfg.AppID, "ALGOLIA_ADMIN_KEY": cfg.AdminKey, "ALGOLIA_SEARCH_KEY": cfg.SearchKey,
		"ALGOLIA_HOST": cfg.Host, "FORECOURT_INDEX": cfg.Index,
	} {
		t.Setenv(name, v)
	}
	idx, err := algolia.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	// A car sold ten days ago (default retention: 3 days).
	tenDaysAgo := time.Now().Add(-10 * 24 * time.Hour)
	svc := feed.NewService(feed.ServiceConfig{Cars: dynamo.NewCarStore(db, tables), Runs: dynamo.NewRunStore(db, tables),
		Sites: dynamo.NewSiteStore(db, tables), Index: idx, Now: func() time.Time { return tenDaysAgo }})
	for _, body := range []string{
		`[{"stocknum":"A","make":"Kia","model":"Rio","year":2020,"car_type":"used"},{"stocknum":"B","make":"Kia","model":"Rio","year":2020,"car_type":"used"}]`,
		`[{"stocknum":"A","make":"Kia","model":"Rio","year":2020,"car_type":"used"}]`,
	} {
		if _, err := svc.Ingest(ctx, feed.Request{DealershipSlug: "north", ContentType: "application/json", Body: strings.NewReader(body)}); err != nil {
			t.Fatal(err)
		}
	}
	sold := feed.CarID("north", "stock:B")
	if _, err := idx.Client().GetObject(idx.Client().NewApiGetObjectRequest(cfg.Index, sold)); err != nil {
		t.Fatalf("sold car not indexed before the sweep: %v", err)
	}

	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"sweep"}, &out, &errOut); err != nil {
		t.Fatalf("sweep: %v (%s)", err, errOut.String())
	}
	if !strings.Contains(out.String(), "swept 1 dealerships: 1 sold cars past retention removed") {
		t.Errorf("output = %q", out.String())
	}
	if _, err := idx.Client().GetObject(idx.Client().NewApiGetObjectRequest(cfg.Index, sold)); err == nil {
		t.Error("sold car past retention still indexed after the sweep")
	}
}
