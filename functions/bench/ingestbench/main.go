// Command ingestbench measures feed ingestion against DynamoDB Local
// (issue 4 "Benchmark"): a 10,000-car feed ingested first, again unchanged,
// and again with 5% changed, beside a raw BatchWriteItem of the same items
// as the baseline, all in one run; it prints times, cars/s and ratios.
// DynamoDB is FORECOURT_DYNAMO_ENDPOINT (default http://127.0.0.1:8000).
// The search index is a no-op here, so the figures are decode, validation,
// hashing and DynamoDB (state or manifest reads, new cars' slug claims, car
// and manifest writes, lease and run report), not index writes.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"forecourt/functions/algolia"
	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/shared"
)

// discardIndex builds the records, as the algolia index does, and drops them.
type discardIndex struct{}

func (discardIndex) Save(_ context.Context, cars []shared.IndexedCar) error {
	for _, ic := range cars {
		if _, err := algolia.NewRecord(ic).Map(); err != nil {
			return err
		}
	}
	return nil
}
func (discardIndex) MarkSold(context.Context, []shared.IndexedCar) error { return nil }
func (discardIndex) Delete(context.Context, []string) error              { return nil }

type noSites struct{}

func (noSites) Dealerships(context.Context) ([]string, []shared.Site, error) { return nil, nil, nil }
func (noSites) SitesOf(context.Context, string) ([]shared.Site, error)       { return nil, nil }

func main() {
	n := flag.Int("cars", 10000, "cars in the feed")
	flag.Parse()
	if err := run(context.Background(), *n); err != nil {
		fmt.Fprintln(os.Stderr, "ingestbench:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, n int) error {
	endpoint := os.Getenv("FORECOURT_DYNAMO_ENDPOINT")
	if endpoint == "" {
		endpoint = "http://127.0.0.1:8000"
	}
	db, err := dynamo.Connect(ctx, dynamo.Config{Endpoint: endpoint})
	if err != nil {
		return err
	}
	prefix := fmt.Sprintf("bench-%d-", time.Now().UnixNano())
	tables := dynamo.TablesWithPrefix(prefix)
	if err := dynamo.CreateTables(ctx, db, tables); err != nil {
		return err
	}
	defer func() {
		for _, name := range []string{tables.Cars, tables.Sites, tables.ProviderKeys, tables.FeedRuns, prefix + "raw"} {
			_ = db.Table(name).DeleteTable().Run(ctx)
		}
	}()
	cars := dynamo.NewCarStore(db, tables)
	svc := feed.NewService(feed.ServiceConfig{Cars: cars, Runs: dynamo.NewRunStore(db, tables),
		Sites: noSites{}, Index: discardIndex{}, MaxCars: n})

	rows := make([]map[string]any, n)
	for i := range rows {
		rows[i] = map[string]any{"stocknum": fmt.Sprintf("B%06d", i), "make": "Toyota", "model": "Corolla",
			"badge": "Ascent Sport", "year": 2015 + i%10, "car_type": "used", "price": 15000 + i%500*100,
			"km": i * 7 % 200000, "body": "Hatchback", "fuel": "Petrol", "trans": "Automatic", "colour": "White",
			"dealercomments": strings.Repeat("Well kept, full service history. ", 8)}
	}
	ingest := func() (time.Duration, feed.Report, error) {
		b, _ := json.Marshal(rows)
		start := time.Now()
		rep, err := svc.Ingest(ctx, feed.Request{DealershipSlug: "bench", Mode: feed.ModeFull,
			ContentType: "application/json", Body: bytes.NewReader(b)})
		return time.Since(start), rep, err
	}

	// Baseline: the same items, written raw in batches of 25 by the same
	// parallel writer, into a table of the same shape.
	rawTables := tables
	rawTables.Cars = prefix + "raw"
	if err := dynamo.CreateTables(ctx, db, rawTables); err != nil {
		return err
	}
	items := make([]shared.StoredCar, n)
	for i, r := range rows {
		row := feed.Row{Num: i + 1, Fields: map[string]any{}}
		for k, v := range r {
			row.Fields[k] = fmt.Sprint(v)
		}
		c, rowErr := feed.ParseRow(row, "bench", time.Now())
		if rowErr != nil {
			return rowErr
		}
		c.ID = fmt.Sprintf("raw-%06d", i)
		c.Slug = feed.Slug(c, c.ID)
		items[i] = shared.StoredCar{Car: c, ContentHash: "x", UpdatedAt: time.Now()}
	}
	start := time.Now()
	if err := dynamo.NewCarStore(db, rawTables).PutCars(ctx, items); err != nil {
		return err
	}
	raw := time.Since(start)

	first, rep1, err := ingest()
	if err != nil {
		return err
	}
	unchanged, rep2, err := ingest()
	if err != nil {
		return err
	}
	for i := 0; i < n/20; i++ {
		rows[i*20]["price"] = 99999
	}
	changed, rep3, err := ingest()
	if err != nil {
		return err
	}
	line := func(name string, d time.Duration, extra string) {
		fmt.Printf("%-28s %8.0f ms %9.0f cars/s  %s\n", name, float64(d.Milliseconds()), float64(n)/d.Seconds(), extra)
	}
	fmt.Printf("ingestbench: %d-car JSON feed through feed.Service into DynamoDB Local at %s;\n", n, endpoint)
	fmt.Printf("the search index is a no-op: times are decode + validate + hash + DynamoDB, without index writes\n")
	line("raw BatchWriteItem", raw, "baseline")
	line("first ingest", first, fmt.Sprintf("created %d; %.2fx raw (target <= 1.5x)", rep1.Created, first.Seconds()/raw.Seconds()))
	line("unchanged re-ingest", unchanged, fmt.Sprintf("unchanged %d; %.2fx first (target <= 0.2x)", rep2.Unchanged, unchanged.Seconds()/first.Seconds()))
	line("5% changed re-ingest", changed, fmt.Sprintf("updated %d; %.2fx first", rep3.Updated, changed.Seconds()/first.Seconds()))
	return nil
}
