package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gdynamo "github.com/guregu/dynamo/v2"

	"forecourt/functions/algolia"
	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/internal/testenv"
	"forecourt/functions/platform"
	"forecourt/functions/sitemaps"
	"forecourt/shared"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// platformEnv gives the test fresh tables and an engine, and points the
// environment at them as a Lambda's would be (docs/contracts.md "Environment").
func platformEnv(t *testing.T) (*gdynamo.DB, dynamo.Tables, algolia.Config) {
	t.Helper()
	db, tables := testenv.DB(t)
	_, cfg := testenv.Engine(t)
	for name, v := range map[string]string{
		"FORECOURT_DYNAMO_ENDPOINT": testenv.DynamoEndpoint(t), "CARS_TABLE": tables.Cars, "SITES_TABLE": tables.Sites,
		"PROVIDER_KEYS_TABLE": tables.ProviderKeys, "FEED_RUNS_TABLE": tables.FeedRuns, "REVIEWS_TABLE": tables.Reviews,
		"ALGOLIA_APP_ID": cfg.AppID, "ALGOLIA_ADMIN_KEY": cfg.AdminKey, "ALGOLIA_SEARCH_KEY": cfg.SearchKey,
		"ALGOLIA_HOST": cfg.Host, "FORECOURT_INDEX": cfg.Index,
	} {
		t.Setenv(name, v)
	}
	return db, tables, cfg
}

// forecourt sweep removes sold cars past retention from the index, with
// DynamoDB and the index taken from the environment (docs/contracts.md).
func TestSweepCommand(t *testing.T) {
	ctx := context.Background()
	db, tables, cfg := platformEnv(t)
	idx, err := algolia.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	// A site showing the dealership: a car no site shows has no record.
	site := shared.Site{Slug: "north-site", Dealerships: []shared.Dealership{{Slug: "north"}}}
	if err := dynamo.NewSiteStore(db, tables).SaveSite(ctx, site); err != nil {
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

// Issue 4 "CLI": feed push sends the file gzip-compressed (a .gz file as it
// is) to the feed endpoint with the provider key, the content type by
// extension and the mode, and prints the run report; an error status is an
// error.
func TestFeedPush(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	type seen struct{ path, query, ctype, encoding, auth, body string }
	var got seen
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		if r.Header.Get("Content-Encoding") == "gzip" {
			if zr, err := gzip.NewReader(bytes.NewReader(b)); err == nil {
				b, _ = io.ReadAll(zr)
			}
		}
		got = seen{r.URL.EscapedPath(), r.URL.RawQuery, r.Header.Get("Content-Type"), r.Header.Get("Content-Encoding"),
			r.Header.Get("Authorization"), string(b)}
		w.WriteHeader(status)
		if status != http.StatusOK {
			io.WriteString(w, `{"error":{"code":"forbidden","message":"no"}}`)
			return
		}
		io.WriteString(w, `{"run_id":"run_1","dealership_slug":"north","mode":"delta","status":"succeeded","received":2,"created":1,
			"rejected":1,"rejected_rows":[{"row":3,"field":"vin","reason":"must be 17 characters"}]}`)
	}))
	defer srv.Close()

	for _, tt := range []struct {
		name string
		args []string
		want seen
	}{
		{"csv with flags after the file", []string{write("stock.csv", "a,b\n"), "--dealership", "north", "--mode", "delta", "--url", srv.URL, "--key", "k1"},
			seen{"/ingest/v1/dealerships/north/feed", "mode=delta", "text/csv", "gzip", "Bearer k1", "a,b\n"}},
		{"gzip json is sent as it is, no mode", []string{"--dealership", "north", "--url", srv.URL + "/", "--key", "k2", write("stock.json.gz", gz("[1]"))},
			seen{"/ingest/v1/dealerships/north/feed", "", "application/json", "gzip", "Bearer k2", "[1]"}},
		{"gzip csv keeps its type", []string{"--dealership", "north", "--url", srv.URL, "--key", "k2", write("stock.CSV.gz", gz("x\n"))},
			seen{"/ingest/v1/dealerships/north/feed", "", "text/csv", "gzip", "Bearer k2", "x\n"}},
		{"slug and mode are escaped", []string{write("s.json", "[]"), "--dealership", "a/b", "--mode", "x&y", "--url", srv.URL, "--key", "k"},
			seen{"/ingest/v1/dealerships/a%2Fb/feed", "mode=x%26y", "application/json", "gzip", "Bearer k", "[]"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			if err := run(context.Background(), append([]string{"feed", "push"}, tt.args...), &out, &errOut); err != nil {
				t.Fatalf("feed push: %v (%s)", err, errOut.String())
			}
			if got != tt.want {
				t.Errorf("request: got %+v, want %+v", got, tt.want)
			}
			for _, line := range []string{"run run_1", "received 2  created 1", "rejected: row 3  vin: must be 17 characters"} {
				if !strings.Contains(out.String(), line) {
					t.Errorf("output %q lacks %q", out.String(), line)
				}
			}
		})
	}

	status = http.StatusForbidden
	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"feed", "push", write("f.json", "[]"), "--dealership", "south", "--url", srv.URL}, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "403") {
		t.Errorf("403 from the endpoint: got %v, want an error naming the status", err)
	}
}

func gz(s string) string {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(s))
	zw.Close()
	return b.String()
}

// Issue 4 "Auth": ops create a provider key scoped to dealerships; the key
// is printed once, stored only as its hash, and feeds only its dealerships.
// Issue 14: --photo-hosts is the provider's photo allow-list.
func TestKeysAdd(t *testing.T) {
	ctx := context.Background()
	db, tables, _ := platformEnv(t)
	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"keys", "add", "--provider", "acme-dms", "--dealership", "north, south", "--photo-hosts", "img.acme-dms.example, .cdn.acme-dms.example"}, &out, &errOut); err != nil {
		t.Fatalf("keys add: %v (%s)", err, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	key := lines[len(lines)-1]
	if len(key) != 64 {
		t.Fatalf("got key %q, want 64 hex characters", key)
	}
	keys := dynamo.NewProviderKeyStore(db, tables)
	for _, tc := range []struct {
		dealership, wantCode string
	}{{"north", ""}, {"south", ""}, {"east", shared.EFORBIDDEN}} {
		p, err := keys.Authorize(ctx, key, tc.dealership)
		if got := shared.ErrorCode(err); got != tc.wantCode {
			t.Errorf("%s: got %q, want %q", tc.dealership, got, tc.wantCode)
		}
		if want := "img.acme-dms.example .cdn.acme-dms.example"; err == nil && strings.Join(p.PhotoHosts, " ") != want {
			t.Errorf("%s: photo hosts %v, want %s", tc.dealership, p.PhotoHosts, want)
		}
	}
	if err := run(ctx, []string{"keys", "add", "--provider", "x"}, &out, &errOut); err == nil {
		t.Error("keys add without --dealership succeeded")
	}
}

// Issue 9 "Storage and delivery": `forecourt leads redrive` sets failed
// leads (of one dealership with --dealership) back to pending with their
// attempts reset, and leaves delivered leads and other items alone.
func TestLeadsRedrive(t *testing.T) {
	ctx := context.Background()
	db, _, _ := platformEnv(t)
	table := "test-" + testenv.RandomID() + "-leads"
	type leadKeys struct {
		ID string `dynamo:"id,hash"`
	}
	if err := db.CreateTable(table, leadKeys{}).OnDemand(true).Stream(gdynamo.NewAndOldImagesView).Run(ctx); err != nil {
		t.Fatal(err)
	}
	if err := db.Table(table).Wait(ctx); err != nil {
		t.Fatal(err)
	}
	t.Setenv("LEADS_TABLE", table)
	put := func(id, kind, dealership, status string) {
		item := map[string]any{"id": id, "kind": kind, "dealership_slug": dealership, "delivery_status": status, "attempts": 5}
		if err := db.Table(table).Put(item).Run(ctx); err != nil {
			t.Fatal(err)
		}
	}
	put("a-failed", "lead", "north", "failed")
	put("b-failed", "lead", "south", "failed")
	put("a-delivered", "lead", "north", "delivered")
	put("captcha#x", "captcha", "north", "failed")

	status := func(id string) (string, int) {
		var it struct {
			Status   string `dynamo:"delivery_status"`
			Attempts int    `dynamo:"attempts"`
		}
		if err := db.Table(table).Get("id", id).One(ctx, &it); err != nil {
			t.Fatal(err)
		}
		return it.Status, it.Attempts
	}
	for _, tc := range []struct {
		args    []string
		out     string
		pending []string
		failed  []string
	}{
		{[]string{"--dealership", "north"}, "1 failed leads", []string{"a-failed"}, []string{"b-failed"}},
		{nil, "1 failed leads", []string{"a-failed", "b-failed"}, nil},
	} {
		var out, errOut bytes.Buffer
		if err := run(ctx, append([]string{"leads", "redrive"}, tc.args...), &out, &errOut); err != nil {
			t.Fatalf("leads redrive %v: %v (%s)", tc.args, err, errOut.String())
		}
		if !strings.Contains(out.String(), tc.out) {
			t.Errorf("leads redrive %v printed %q, want %q", tc.args, out.String(), tc.out)
		}
		for _, id := range tc.pending {
			if s, n := status(id); s != "pending" || n != 0 {
				t.Errorf("after redrive %v: %s is %s with %d attempts, want pending with 0", tc.args, id, s, n)
			}
		}
		for _, id := range tc.failed {
			if s, _ := status(id); s != "failed" {
				t.Errorf("after redrive %v: %s is %s, want failed", tc.args, id, s)
			}
		}
	}
	if s, _ := status("a-delivered"); s != "delivered" {
		t.Errorf("a delivered lead became %s", s)
	}
	if s, _ := status("captcha#x"); s != "failed" {
		t.Errorf("a captcha item became %s", s)
	}
}

// Issue 15 "Keys that expire": `keys list` shows ids, never keys; `keys
// rotate ID` prints a new key with the old one's scope and revokes the old;
// `keys revoke ID` stops a key at once.
func TestKeysListRotateRevoke(t *testing.T) {
	ctx := context.Background()
	db, tables, _ := platformEnv(t)
	keys := dynamo.NewProviderKeyStore(db, tables)
	if err := keys.PutKey(ctx, "old-key", shared.Provider{Name: "acme-dms", Dealerships: []string{"north"}}); err != nil {
		t.Fatal(err)
	}
	id := dynamo.HashKey("old-key")[:dynamo.KeyIDLength]
	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"keys", "list"}, &out, &errOut); err != nil {
		t.Fatalf("keys list: %v (%s)", err, errOut.String())
	}
	if !strings.Contains(out.String(), id+"\tacme-dms\tnorth") || strings.Contains(out.String(), "old-key") {
		t.Errorf("keys list: %q, want the id and scope, never the key", out.String())
	}
	out.Reset()
	if err := run(ctx, []string{"keys", "rotate", id}, &out, &errOut); err != nil {
		t.Fatalf("keys rotate: %v (%s)", err, errOut.String())
	}
	var newKey string
	for _, l := range strings.Split(out.String(), "\n") {
		if len(l) == 64 {
			newKey = l
		}
	}
	if _, err := keys.Authorize(ctx, newKey, "north"); err != nil {
		t.Errorf("rotated key %q: %v (output %q)", newKey, err, out.String())
	}
	if _, err := keys.Authorize(ctx, "old-key", "north"); shared.ErrorCode(err) != shared.EUNAUTHORIZED {
		t.Errorf("old key after rotate: %v, want unauthorized", err)
	}
	if err := run(ctx, []string{"keys", "revoke", dynamo.HashKey(newKey)[:dynamo.KeyIDLength]}, &out, &errOut); err != nil {
		t.Fatalf("keys revoke: %v", err)
	}
	if _, err := keys.Authorize(ctx, newKey, "north"); shared.ErrorCode(err) != shared.EUNAUTHORIZED {
		t.Errorf("revoked key: %v, want unauthorized", err)
	}
	if err := run(ctx, []string{"keys", "revoke"}, &out, &errOut); err == nil {
		t.Error("keys revoke without an id succeeded")
	}
}

// forecourt reviews backfill (issue 31, docs/operations.md "Deploy"):
// reviews stored before the by-location index get its keys and their
// location a summary; a second run indexes nothing new and writes the
// same summary.
func TestReviewsBackfillCommand(t *testing.T) {
	ctx := context.Background()
	db, tables, _ := platformEnv(t)
	for _, r := range []map[string]any{
		{"dealership_slug": "west", "id": "sales#r1", "location_id": "sales", "review_id": "r1", "rating": 5, "text": "Great", "review_date": "2026-01-02"},
		{"dealership_slug": "west", "id": "sales#r2", "location_id": "sales", "review_id": "r2", "rating": 4, "text": "Good"},
	} {
		if err := db.Table(tables.Reviews).Put(r).Run(ctx); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []string{
		"reviews backfilled: 2 reviews indexed, 1 location summaries written\n",
		"reviews backfilled: 0 reviews indexed, 1 location summaries written\n",
	} {
		var out, errOut bytes.Buffer
		if err := run(ctx, []string{"reviews", "backfill"}, &out, &errOut); err != nil {
			t.Fatalf("reviews backfill: %v (%s)", err, errOut.String())
		}
		if out.String() != want {
			t.Errorf("reviews backfill printed %q, want %q", out.String(), want)
		}
	}
	sums, err := dynamo.NewReviewStore(db, tables).ReviewSummaries(ctx, []shared.Location{{ID: "sales", DealershipSlug: "west"}})
	if err != nil || sums["sales"] != (shared.ReviewSummary{Count: 2, AverageRating: 4.5}) {
		t.Errorf("summary after the backfill: %v, %v; want 2 reviews averaging 4.5", sums, err)
	}
}

// forecourt sites relink (docs/operations.md "Upgrading to the site
// lookups"): site items written before the dealerships' lookups get them,
// and a second run changes nothing.
func TestSitesRelinkCommand(t *testing.T) {
	ctx := context.Background()
	db, tables, _ := platformEnv(t)
	if err := db.Table(tables.Sites).Put(map[string]any{"slug": "old-group",
		"config": `{"slug":"old-group","name":"Old Group","dealerships":[{"slug":"west","name":"West"},{"slug":"north","name":"North"}]}`}).Run(ctx); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"relinked 2 dealerships: 2 site links added, 0 stale links removed\n",
		"relinked 2 dealerships: 0 site links added, 0 stale links removed\n",
	} {
		var out, errOut bytes.Buffer
		if err := run(ctx, []string{"sites", "relink"}, &out, &errOut); err != nil {
			t.Fatalf("sites relink: %v (%s)", err, errOut.String())
		}
		if out.String() != want {
			t.Errorf("sites relink printed %q, want %q", out.String(), want)
		}
	}
	got, err := dynamo.NewSiteStore(db, tables).SitesOf(ctx, "west")
	if err != nil || len(got) != 1 || got[0].Slug != "old-group" {
		t.Errorf("sites of west after the relink: %v, %v; want old-group", got, err)
	}
}

// Issue 15 offboarding (docs/operations.md "Offboard a dealer"): forecourt
// dealership remove deletes the dealership's cars from the table and the
// index and drops them from the stats of the site listing it; the other
// dealership of the same site keeps its cars, records and stats. A second
// run finds nothing left.
func TestDealershipRemoveCommand(t *testing.T) {
	ctx := context.Background()
	db, tables, cfg := platformEnv(t)
	testenv.Setenv(t, tables, cfg) // every table: a run reads reservation holds
	sitemapDir := t.TempDir()
	t.Setenv("FORECOURT_SITEMAPS_DIR", sitemapDir)
	idx, err := algolia.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	p, err := platform.FromEnv(ctx)
	if err != nil {
		t.Fatal(err)
	}
	site := shared.Site{Slug: "group", Dealerships: []shared.Dealership{{Slug: "north", Name: "North"}, {Slug: "south", Name: "South"}}}
	shared.ApplyDefaults(&site)
	if err := p.Sites().SaveSite(ctx, site); err != nil {
		t.Fatal(err)
	}
	feeds := map[string]string{
		"north": `[{"stocknum":"A","make":"Kia","model":"Rio","year":2020,"car_type":"used","price":15000},{"stocknum":"B","make":"Kia","model":"Rio","year":2021,"car_type":"used","price":16000}]`,
		"south": `[{"stocknum":"C","make":"Mazda","model":"3","year":2022,"car_type":"used","price":25000}]`,
	}
	for dealership, body := range feeds {
		rep, err := p.Feed().Ingest(ctx, feed.Request{DealershipSlug: dealership, Mode: feed.ModeFull, ContentType: "application/json", Body: strings.NewReader(body)})
		if err != nil || rep.Status != feed.StatusSucceeded {
			t.Fatalf("ingest %s: %+v, %v", dealership, rep, err)
		}
	}
	indexed := func(dealership, stock string) bool {
		_, err := idx.Client().GetObject(idx.Client().NewApiGetObjectRequest(cfg.Index, feed.CarID(dealership, "stock:"+stock)))
		return err == nil
	}
	cars := dynamo.NewCarStore(db, tables)
	stored := func(dealership string) int {
		got, err := cars.StoredCars(ctx, dealership)
		if err != nil {
			t.Fatal(err)
		}
		return len(got)
	}
	if !indexed("north", "A") || !indexed("north", "B") || stored("north") != 2 {
		t.Fatal("north's cars not stored and indexed before the removal")
	}
	sitemapCars := func() int {
		list, ok, err := sitemaps.Reader{Objects: &sitemaps.DirObjects{Dir: sitemapDir}}.SiteCars(ctx, site)
		if err != nil || !ok {
			t.Fatalf("group's stored sitemap list: ok %v, %v", ok, err)
		}
		return len(list)
	}
	if n := sitemapCars(); n != 3 {
		t.Fatalf("group's sitemap lists %d cars before the removal, want 3", n)
	}

	for _, want := range []string{
		"removed dealership north: 2 cars from the table and the index; stats refreshed on group\n",
		"removed dealership north: 0 cars from the table and the index; stats refreshed on group\n",
	} {
		var out, errOut bytes.Buffer
		if err := run(ctx, []string{"dealership", "remove", "north"}, &out, &errOut); err != nil {
			t.Fatalf("dealership remove: %v (%s)", err, errOut.String())
		}
		if out.String() != want {
			t.Errorf("dealership remove printed %q, want %q", out.String(), want)
		}
	}
	if indexed("north", "A") || indexed("north", "B") {
		t.Error("a removed dealership's car is still in the index")
	}
	if n := stored("north"); n != 0 {
		t.Errorf("%d cars of the removed dealership still stored", n)
	}
	if !indexed("south", "C") || stored("south") != 1 {
		t.Error("the other dealership's car was touched")
	}
	st, err := p.Sites().SiteStats(ctx, "group")
	if err != nil || st == nil || st.NbHits != 1 {
		t.Errorf("group's stats after the removal: %+v, %v; want the other dealership's 1 car", st, err)
	}
	if n := sitemapCars(); n != 1 {
		t.Errorf("group's sitemap lists %d cars after the removal, want the other dealership's 1", n)
	}
}
