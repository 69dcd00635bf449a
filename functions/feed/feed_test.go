package feed_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/functions/algolia"
	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// recordingIndex is an in-memory search index that counts writes.
type recordingIndex struct {
	mu      sync.Mutex
	records map[string]algolia.Record
	writes  int
	fail    bool
}

func newIndex() *recordingIndex { return &recordingIndex{records: map[string]algolia.Record{}} }

func (x *recordingIndex) Save(_ context.Context, cars []shared.IndexedCar) error {
	recs := make([]algolia.Record, len(cars))
	for i, ic := range cars {
		r, err := algolia.NewRecord(ic).Map()
		if err != nil {
			return err
		}
		recs[i] = r
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.fail && len(recs) > 0 {
		return errors.New("index down")
	}
	for _, r := range recs {
		x.records[r["objectID"].(string)] = r
	}
	x.writes += len(recs)
	return nil
}

func (x *recordingIndex) MarkSold(_ context.Context, cars []shared.IndexedCar) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.fail && len(cars) > 0 {
		return errors.New("index down")
	}
	for _, ic := range cars {
		r := algolia.SoldUpdate(ic)
		id := r["objectID"].(string)
		if x.records[id] == nil {
			x.records[id] = algolia.Record{}
		}
		for k, v := range r {
			x.records[id][k] = v
		}
	}
	x.writes += len(cars)
	return nil
}

func (x *recordingIndex) Delete(_ context.Context, ids []string) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.fail && len(ids) > 0 {
		return errors.New("index down")
	}
	for _, id := range ids {
		delete(x.records, id)
	}
	x.writes += len(ids)
	return nil
}

type staticSites []shared.Site

func (s staticSites) ListSites(context.Context) ([]shared.Site, error) { return s, nil }
func (s staticSites) Dealerships(context.Context) ([]string, []shared.Site, error) {
	var out []string
	for _, site := range s {
		for _, d := range site.Dealerships {
			if !slices.Contains(out, d.Slug) {
				out = append(out, d.Slug)
			}
		}
	}
	slices.Sort(out)
	return out, s, nil
}
func (s staticSites) SitesOf(_ context.Context, dealership string) ([]shared.Site, error) {
	return shared.SitesListing(s, dealership), nil
}

// testSites: "group" shows north and south (3 days' sold retention);
// "north-site" shows north only and keeps sold cars 14 days.
var testSites = staticSites{
	{Slug: "group", Dealerships: []shared.Dealership{{Slug: "north", Name: "North Motors"}, {Slug: "south", Name: "South Cars"}},
		Stock: shared.StockConfig{SoldRetentionDays: 3}, Finance: shared.FinanceConfig{InterestRate: 8.5, TermYears: 5}},
	{Slug: "north-site", Dealerships: []shared.Dealership{{Slug: "north", Name: "North Motors"}},
		Stock: shared.StockConfig{SoldRetentionDays: 14}},
}

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

type env struct {
	svc   *feed.Service
	cars  *dynamo.CarStore
	index *recordingIndex
	clock *clock
}

func newEnv(t *testing.T) *env {
	t.Helper()
	db, tables := testenv.DB(t)
	e := &env{cars: dynamo.NewCarStore(db, tables), index: newIndex(),
		clock: &clock{time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}}
	e.svc = feed.NewService(feed.ServiceConfig{
		Cars: e.cars, Runs: dynamo.NewRunStore(db, tables), Sites: testSites, Index: e.index, Now: e.clock.now,
	})
	return e
}

func (e *env) ingest(t *testing.T, mode, contentType, body string) feed.Report {
	t.Helper()
	rep, err := e.svc.Ingest(context.Background(), feed.Request{
		DealershipSlug: "north", Mode: mode, ContentType: contentType, Body: strings.NewReader(body)})
	if err != nil {
		t.Fatalf("ingest: %v", err)
	}
	return rep
}

// Issue 4 "Done when": a real DMS export ingests and reports exactly the bad rows.
func TestDMSExportCSV(t *testing.T) {
	e := newEnv(t)
	data, err := os.ReadFile("testdata/dms_export.csv")
	if err != nil {
		t.Fatal(err)
	}
	rep := e.ingest(t, feed.ModeFull, "text/csv", string(data))
	if rep.Received != 5 || rep.Created != 3 || rep.Rejected != 1 || rep.Status != feed.StatusSucceeded {
		t.Fatalf("report = %+v", rep)
	}
	if len(rep.RejectedRows) != 1 || rep.RejectedRows[0].Row != 4 || rep.RejectedRows[0].Field != "vin" {
		t.Errorf("rejected rows = %+v, want line 4 vin", rep.RejectedRows)
	}
	if len(rep.Duplicates) != 1 || rep.Duplicates[0] != (feed.Duplicate{Row: 2, Key: "A100"}) {
		t.Errorf("duplicates = %+v, want row 2 A100", rep.Duplicates)
	}
	cars, err := e.cars.FindCarsByDealership(context.Background(), "north")
	if err != nil {
		t.Fatal(err)
	}
	byStock := map[string]shared.Car{}
	for _, c := range cars {
		byStock[c.StockNum] = c
	}
	corolla := byStock["A100"]
	if corolla.Price != 20990 || corolla.KM != 45500 || corolla.Make != "Toyota" || corolla.Model != "Corolla" {
		t.Errorf("last duplicate should win, normalised: %+v", corolla)
	}
	if corolla.DealerComments != "Price drop, still one owner" || corolla.SimpleTransmission != "Automatic" {
		t.Errorf("quoted comma or transmission lost: %q %q", corolla.DealerComments, corolla.SimpleTransmission)
	}
	if ranger := byStock["A102"]; ranger.Price != 0 || ranger.Make != "Ford" || ranger.CarType != shared.CarTypeDemo {
		t.Errorf("missing price is valid (no price): %+v", ranger)
	}
	rec := e.index.records[corolla.ID]
	if rec == nil {
		t.Fatal("corolla not indexed")
	}
	// The record's attributes as the engine receives them (IndexRecord.Map): JSON numbers and lists.
	if got := rec["sites"].([]any); len(got) != 2 || rec["dealership_name"] != "North Motors" || rec["make_model"] != "Toyota Corolla" ||
		rec["price_range"] != "$20,000 - $30,000" || rec["available"] != true || rec["searchable_until"] != float64(shared.NoExpiry) {
		t.Errorf("record = %v", rec)
	}
	if !strings.HasPrefix(corolla.Slug, "2020-toyota-corolla-ascent-sport-a100-") {
		t.Errorf("slug = %q", corolla.Slug)
	}
}

// Issue 4 "Diffing": the same feed twice changes nothing, in DynamoDB or the index.
func TestSameFeedTwiceChangesNothing(t *testing.T) {
	e := newEnv(t)
	body := `[{"stocknum":"S1","make":"kia","model":"CERATO","year":2022,"car_type":"used","price":19990},
	          {"stocknum":"S2","make":"Kia","model":"Sportage","year":2023,"car_type":"new","price":"$41,000"}]`
	first := e.ingest(t, "", "application/json", body)
	if first.Created != 2 || first.Mode != feed.ModeFull {
		t.Fatalf("first = %+v", first)
	}
	before, _ := e.cars.StoredCars(context.Background(), "north")
	writes := e.index.writes
	e.clock.t = e.clock.t.Add(time.Hour)
	second := e.ingest(t, "", "application/json", body)
	if second.Unchanged != 2 || second.Created+second.Updated+second.Sold != 0 {
		t.Fatalf("second = %+v", second)
	}
	after, _ := e.cars.StoredCars(context.Background(), "north")
	for i := range before {
		if !before[i].UpdatedAt.Equal(after[i].UpdatedAt) {
			t.Errorf("car %s rewritten", before[i].ID)
		}
	}
	if e.index.writes != writes {
		t.Errorf("index writes %d -> %d on an unchanged feed", writes, e.index.writes)
	}
	got, err := e.svc.Run(context.Background(), second.RunID)
	if err != nil || got.Unchanged != 2 || got.Status != feed.StatusSucceeded {
		t.Errorf("stored run = %+v, %v", got, err)
	}
}

// Issue 4 "Modes": full sells the absent, delta touches only what it names,
// sold cars leave the index after the longest site retention but stay stored.
func TestModesSoldAndRetention(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.ingest(t, "full", "application/json", `[{"stocknum":"A","make":"Kia","model":"Rio","year":2020,"car_type":"used"},
		{"stocknum":"B","make":"Kia","model":"Rio","year":2020,"car_type":"used"},
		{"stocknum":"C","make":"Kia","model":"Rio","year":2020,"car_type":"used"}]`)
	rep := e.ingest(t, "full", "application/json", `[{"stocknum":"A","make":"Kia","model":"Rio","year":2020,"car_type":"used"},
		{"stocknum":"B","make":"Kia","model":"Rio","year":2020,"car_type":"used"}]`)
	if rep.Sold != 1 || rep.Unchanged != 2 {
		t.Fatalf("full = %+v", rep)
	}
	idC := feed.CarID("north", "stock:C")
	rec := e.index.records[idC]
	if rec["sold"] != true || rec["available"] != false {
		t.Errorf("sold record = %v", rec)
	}
	wantUntil := e.clock.t.Unix() + 14*24*3600 // north-site keeps sold cars 14 days
	if rec["searchable_until"] != wantUntil {
		t.Errorf("searchable_until = %v, want %d", rec["searchable_until"], wantUntil)
	}
	rep = e.ingest(t, "delta", "application/json", `{"cars":[{"stocknum":"D","make":"Kia","model":"Rio","year":2021,"car_type":"used"}],"remove":["B"]}`)
	if rep.Created != 1 || rep.Removed != 1 || rep.Sold != 0 {
		t.Fatalf("delta = %+v", rep)
	}
	if _, ok := e.index.records[feed.CarID("north", "stock:B")]; ok {
		t.Error("removed car still indexed")
	}
	e.clock.t = e.clock.t.Add(15 * 24 * time.Hour)
	e.ingest(t, "delta", "application/json", `[]`)
	if _, ok := e.index.records[idC]; ok {
		t.Error("sold car past retention still indexed")
	}
	cars, _ := e.cars.FindCarsByDealership(ctx, "north")
	if len(cars) != 3 {
		t.Errorf("DynamoDB keeps sold cars: got %d cars, want 3 (A, C, D)", len(cars))
	}
}

// Issue 4 "Index sync": a failed index write loses nothing; the next run
// (a killed or failed one leaves the lease dirty) converges.
func TestIndexFailureConverges(t *testing.T) {
	e := newEnv(t)
	body := `[{"stocknum":"A","make":"Kia","model":"Rio","year":2020,"car_type":"used","price":9000}]`
	e.index.fail = true
	rep := e.ingest(t, "", "application/json", body)
	if rep.Status != feed.StatusIndexFailed || rep.Created != 1 {
		t.Fatalf("report = %+v", rep)
	}
	e.index.fail = false
	rep = e.ingest(t, "", "application/json", body)
	if rep.Unchanged != 1 {
		t.Fatalf("rerun = %+v", rep)
	}
	if _, ok := e.index.records[feed.CarID("north", "stock:A")]; !ok {
		t.Error("rerun after a failed index write did not repair the index")
	}
}

// Issue 4 "Runs": two feeds for one dealership never interleave.
func TestLeaseConflict(t *testing.T) {
	db, tables := testenv.DB(t)
	runs := dynamo.NewRunStore(db, tables)
	ctx := context.Background()
	if _, err := runs.AcquireLease(ctx, "north", "run-1", time.Minute); err != nil {
		t.Fatal(err)
	}
	svc := feed.NewService(feed.ServiceConfig{Cars: dynamo.NewCarStore(db, tables), Runs: runs,
		Sites: staticSites{}, Index: newIndex(), LeaseWait: 300 * time.Millisecond})
	_, err := svc.Ingest(ctx, feed.Request{DealershipSlug: "north", ContentType: "application/json", Body: strings.NewReader(`[]`)})
	if shared.ErrorCode(err) != shared.ECONFLICT {
		t.Fatalf("err = %v, want conflict", err)
	}
	if err := runs.ReleaseLease(ctx, "north", "run-1", true); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Ingest(ctx, feed.Request{DealershipSlug: "north", ContentType: "application/json", Body: strings.NewReader(`[]`)}); err != nil {
		t.Fatalf("after release: %v", err)
	}
}

// Issue 4 "Endpoint": gzip bodies, size limits (413), content types (415).
func TestBodies(t *testing.T) {
	e := newEnv(t)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("stocknum,make,model,year,car_type\nZ1,Kia,Rio,2020,used\n"))
	zw.Close()
	rep, err := e.svc.Ingest(context.Background(), feed.Request{DealershipSlug: "north", ContentType: "text/csv; charset=utf-8",
		ContentEncoding: "gzip", Body: &gz})
	if err != nil || rep.Created != 1 {
		t.Fatalf("gzip csv: %+v %v", rep, err)
	}
	small := feed.NewService(feed.ServiceConfig{Index: newIndex(), MaxBytes: 10, MaxCars: 1})
	for name, tc := range map[string]struct {
		req  feed.Request
		code string
	}{
		"bytes":    {feed.Request{ContentType: "application/json", Body: strings.NewReader(`[{"a":1},{"b":2}]`)}, shared.ETOOLARGE},
		"type":     {feed.Request{ContentType: "text/xml", Body: strings.NewReader(`<x/>`)}, shared.EUNSUPPORTED},
		"encoding": {feed.Request{ContentType: "text/csv", ContentEncoding: "br", Body: strings.NewReader(``)}, shared.EUNSUPPORTED},
		"syntax":   {feed.Request{ContentType: "application/json", Body: strings.NewReader(`[{`)}, shared.EINVALID},
	} {
		tc.req.DealershipSlug = "north"
		if _, err := small.Ingest(context.Background(), tc.req); shared.ErrorCode(err) != tc.code {
			t.Errorf("%s: err = %v, want %s", name, err, tc.code)
		}
	}
}

// slotsFull is an Admission with every slot taken.
type slotsFull struct{}

func (slotsFull) AcquireSlot(context.Context, string, int, time.Duration) (int, error) {
	return 0, shared.Errorf(shared.ETOOMANY, "busy")
}
func (slotsFull) ReleaseSlot(context.Context, int, string) error { return nil }

// Issue 18 "Feed bursts": a feed beyond the platform's cap is refused
// before anything is read or written, so the provider's retry applies it
// whole; nothing is half-applied.
func TestFeedRefusedWhenSlotsAreFull(t *testing.T) {
	e := newEnv(t)
	svc := feed.NewService(feed.ServiceConfig{Cars: e.cars, Sites: staticSites{}, Index: e.index,
		Admission: slotsFull{}, MaxRuns: 1})
	body := &countingReader{r: strings.NewReader(`[{"stocknum":"B1","make":"Kia","model":"Rio","year":2020,"car_type":"used"}]`)}
	_, err := svc.Ingest(context.Background(), feed.Request{DealershipSlug: "north", ContentType: "application/json", Body: body})
	if shared.ErrorCode(err) != shared.ETOOMANY {
		t.Fatalf("err = %v, want too_many_requests", err)
	}
	if body.n != 0 {
		t.Errorf("read %d bytes of a refused feed", body.n)
	}
	if _, ok := e.index.records[feed.CarID("north", "stock:B1")]; ok {
		t.Error("a refused feed reached the index")
	}
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// Issue 33, spec 001 §9 "Valid body types": a row whose body is outside
// the list is reported in body_problems and its car kept; a listed body in
// any spelling ("Cab Chassis", "SUV") is not reported.
func TestBodyOutsideValidTypesReported(t *testing.T) {
	tests := []struct {
		body     string
		reported bool
	}{
		{"Sedan", false},
		{"Cab Chassis", false},
		{"SUV", false},
		{"station-wagon", false},
		{"Utility", true},
		{"Spaceship", true},
	}
	e := newEnv(t)
	var rows []string
	for i, tt := range tests {
		rows = append(rows, fmt.Sprintf(`{"stocknum":"B%d","make":"Kia","model":"Rio","year":2022,"car_type":"used","body":%q}`, i, tt.body))
	}
	rep := e.ingest(t, feed.ModeFull, "application/json", "["+strings.Join(rows, ",")+"]")
	if rep.Created != len(tests) || rep.Rejected != 0 {
		t.Fatalf("created %d rejected %d, want every row kept: %+v", rep.Created, rep.Rejected, rep)
	}
	reported := map[string]bool{}
	for _, p := range rep.BodyProblems {
		if p.Field != "body" {
			t.Errorf("problem %+v: want field body", p)
		}
		for _, tt := range tests {
			if strings.Contains(p.Reason, strconv.Quote(tt.body)) {
				reported[tt.body] = true
			}
		}
	}
	for _, tt := range tests {
		if reported[tt.body] != tt.reported {
			t.Errorf("body %q reported %v, want %v (%+v)", tt.body, reported[tt.body], tt.reported, rep.BodyProblems)
		}
	}
}
