package feed_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/algolia/algoliasearch-client-go/v4/algolia/call"
	"github.com/algolia/algoliasearch-client-go/v4/algolia/search"
	"github.com/algolia/algoliasearch-client-go/v4/algolia/transport"

	"forecourt/functions/algolia"
	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

// engineEnv runs feeds through feed.Service into DynamoDB Local and the
// real algolia.Index against the search engine.
type engineEnv struct {
	svc   *feed.Service
	cars  *dynamo.CarStore
	runs  *dynamo.RunStore
	index *algolia.Index
	cfg   algolia.Config
	clock *clock
}

func newEngineEnv(t *testing.T, wrap func(feed.CarStore) feed.CarStore) *engineEnv {
	t.Helper()
	db, tables := testenv.DB(t)
	_, cfg := testenv.Engine(t)
	idx, err := algolia.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := idx.EnsureSettings(context.Background()); err != nil {
		t.Fatalf("settings: %v", err)
	}
	e := &engineEnv{cars: dynamo.NewCarStore(db, tables), runs: dynamo.NewRunStore(db, tables), index: idx, cfg: cfg,
		clock: &clock{time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}}
	var cars feed.CarStore = e.cars
	if wrap != nil {
		cars = wrap(cars)
	}
	e.svc = feed.NewService(feed.ServiceConfig{Cars: cars, Runs: e.runs,
		Sites: testSites, Index: idx, Now: e.clock.now})
	return e
}

func (e *engineEnv) ingest(t *testing.T, dealership, mode, body string) feed.Report {
	t.Helper()
	rep, err := e.svc.Ingest(context.Background(), feed.Request{DealershipSlug: dealership, Mode: mode,
		ContentType: "application/json", Body: strings.NewReader(body)})
	if err != nil {
		t.Fatalf("ingest %s: %v", dealership, err)
	}
	if rep.Status != feed.StatusSucceeded {
		t.Fatalf("ingest %s: status %s", dealership, rep.Status)
	}
	return rep
}

// client returns a search client with the key.
func (e *engineEnv) client(t *testing.T, key string) *search.APIClient {
	t.Helper()
	c, err := search.NewClientWithConfig(search.SearchConfiguration{Configuration: transport.Configuration{
		AppID: e.cfg.AppID, ApiKey: key,
		Hosts: []transport.StatefulHost{transport.NewStatefulHost("http", strings.TrimPrefix(e.cfg.Host, "http://"), call.IsReadWrite)},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// search returns the records a key finds for the query, by objectID, with
// the engine's own attributes (_highlightResult and the like) left out.
func (e *engineEnv) search(t *testing.T, key, query string) map[string]map[string]any {
	t.Helper()
	params := search.NewEmptySearchParamsObject().SetQuery(query).SetHitsPerPage(1000)
	res, err := e.client(t, key).SearchSingleIndex(e.client(t, key).NewApiSearchSingleIndexRequest(e.cfg.Index).
		WithSearchParams(search.SearchParamsObjectAsSearchParams(params)))
	if err != nil {
		t.Fatalf("search %q: %v", query, err)
	}
	out := map[string]map[string]any{}
	for _, h := range res.Hits {
		rec := map[string]any{}
		for k, v := range h.AdditionalProperties {
			if !strings.HasPrefix(k, "_") {
				rec[k] = v
			}
		}
		out[h.ObjectID] = rec
	}
	return out
}

// siteKey mints the site's key from its config in testSites (the key names
// the site's dealerships); a site not there has none and reaches nothing.
func (e *engineEnv) siteKey(t *testing.T, slug string) string {
	t.Helper()
	site := shared.Site{Slug: slug}
	for _, s := range testSites {
		if s.Slug == slug {
			site = s
		}
	}
	k, _, err := e.index.SecuredKey(site, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func ids(m map[string]map[string]any) []string {
	out := make([]string, 0, len(m))
	for id := range m {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

func kia(stock, model string, price int) string {
	return fmt.Sprintf(`{"stocknum":%q,"make":"Kia","model":%q,"year":2022,"car_type":"used","price":%d}`, stock, model, price)
}

// Issue 4 "Index sync" against the engine: ingested cars are searchable
// with their site's secured key (filters=sites:<slug>, docs/contracts.md)
// and with no other site's; updates change the record; sold cars past
// retention and delta removals leave the index; reindex rebuilds it.
func TestEngineIndexSync(t *testing.T) {
	e := newEngineEnv(t, nil)
	ctx := context.Background()
	e.ingest(t, "north", "full", "["+kia("N1", "Rio", 19990)+","+kia("N2", "Cerato", 24990)+","+kia("N3", "Sportage", 39990)+"]")
	e.ingest(t, "south", "full", "["+kia("S1", "Carnival", 55990)+"]")
	n1, n2, n3 := feed.CarID("north", "stock:N1"), feed.CarID("north", "stock:N2"), feed.CarID("north", "stock:N3")
	s1 := feed.CarID("south", "stock:S1")

	// Site scoping: north-site shows north only; group shows both; an
	// unrelated site sees nothing (spec 000 §1 tenancy).
	for _, tc := range []struct {
		site string
		want []string
	}{
		{"north-site", sortedIDs(n1, n2, n3)},
		{"group", sortedIDs(n1, n2, n3, s1)},
		{"elsewhere", []string{}},
	} {
		if got := ids(e.search(t, e.siteKey(t, tc.site), "")); strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("site %s finds %v, want %v", tc.site, got, tc.want)
		}
	}
	if got := ids(e.search(t, e.siteKey(t, "north-site"), "carnival")); len(got) != 0 {
		t.Errorf("north-site finds south's Carnival: %v", got)
	}
	if got := ids(e.search(t, e.siteKey(t, "group"), "carnival")); len(got) != 1 || got[0] != s1 {
		t.Errorf("group search for carnival = %v", got)
	}

	// An update rewrites the record.
	e.clock.t = e.clock.t.Add(time.Hour)
	rep := e.ingest(t, "north", "full", "["+kia("N1", "Rio", 17990)+","+kia("N2", "Cerato", 24990)+"]")
	if rep.Updated != 1 || rep.Unchanged != 1 || rep.Sold != 1 {
		t.Fatalf("second run = %+v", rep)
	}
	recs := e.search(t, e.cfg.AdminKey, "")
	if recs[n1]["price"] != 17990.0 || recs[n1]["price_range"] != "$10,000 - $20,000" {
		t.Errorf("updated record: price %v range %v", recs[n1]["price"], recs[n1]["price_range"])
	}
	// The sold car is marked by a partial update and stays searchable.
	if r := recs[n3]; r["sold"] != true || r["available"] != false || r["model"] != "Sportage" {
		t.Errorf("sold record = %v", r)
	}

	// A delta removal deletes the record.
	rep = e.ingest(t, "north", "delta", `{"cars":[],"remove":["N2"]}`)
	if rep.Removed != 1 {
		t.Fatalf("delta = %+v", rep)
	}
	if _, ok := e.search(t, e.cfg.AdminKey, "")[n2]; ok {
		t.Error("removed car still in the index")
	}

	// Past the longest retention (14 days on north-site) the sold car leaves
	// the index with the dealership's next run.
	e.clock.t = e.clock.t.Add(15 * 24 * time.Hour)
	e.ingest(t, "north", "delta", `[]`)
	if _, ok := e.search(t, e.cfg.AdminKey, "")[n3]; ok {
		t.Error("sold car past retention still in the index")
	}

	// Reindex rebuilds a cleared index from DynamoDB.
	before := e.search(t, e.cfg.AdminKey, "")
	if _, err := e.index.Client().ClearObjects(e.index.Client().NewApiClearObjectsRequest(e.cfg.Index)); err != nil {
		t.Fatal(err)
	}
	if got := e.search(t, e.cfg.AdminKey, ""); len(got) != 0 {
		t.Fatalf("clear left %d records", len(got))
	}
	rr, err := e.svc.Reindex(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if rr.Dealerships != 2 || rr.Indexed != 2 {
		t.Errorf("reindex = %+v, want 2 dealerships, 2 records (N1, S1)", rr)
	}
	if after := e.search(t, e.cfg.AdminKey, ""); !equalRecords(before, after) {
		t.Errorf("reindexed records differ:\nbefore %v\nafter  %v", before, after)
	}
}

func sortedIDs(ids ...string) []string {
	sort.Strings(ids)
	return ids
}

func equalRecords(a, b map[string]map[string]any) bool {
	return fmt.Sprint(a) == fmt.Sprint(b) // fmt sorts map keys
}
