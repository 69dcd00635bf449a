package main

import (
	"context"
	"strings"
	"testing"

	"forecourt/functions/feed"
	"forecourt/functions/internal/testenv"
	"forecourt/functions/platform"
	"forecourt/shared"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// The sweep Lambda's wiring (issue 8; spec 001 §9 "Sold cars in search"):
// built from the environment against DynamoDB Local and the engine, one
// invocation sweeps every dealership with stock and leaves unsold cars
// indexed. (Which cars leave the index is feed's to test: feed.Service.Sweep.)
func TestSweepFromEnv(t *testing.T) {
	ctx := context.Background()
	_, tables := testenv.DB(t)
	_, cfg := testenv.Engine(t)
	testenv.Setenv(t, tables, cfg)
	p, err := platform.FromEnv(ctx)
	if err != nil {
		t.Fatal(err)
	}
	site := shared.Site{Slug: "acme", Name: "Acme Motors", Dealerships: []shared.Dealership{{Slug: "acme-kia", Name: "Acme Kia"}}}
	if err := p.Sites().SaveSite(ctx, site); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Feed().Ingest(ctx, feed.Request{DealershipSlug: "acme-kia", ContentType: "application/json",
		Body: strings.NewReader(`[{"stocknum":"K1","make":"Kia","model":"Rio","year":2021,"car_type":"used","price":18990}]`)}); err != nil {
		t.Fatal(err)
	}

	sweep, err := newSweep(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := sweep(ctx)
	if err != nil || rep.Dealerships != 1 || rep.Removed != 0 {
		t.Errorf("sweep of unsold stock: %+v, %v; want one dealership, nothing removed", rep, err)
	}
}
