package feed_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

// zerosFeed is a gzip JSON feed of one car carrying n bytes of zeros
// ("0,0,0,...") under a key the feed format does not know.
func zerosFeed(t *testing.T, n int) *bytes.Buffer {
	t.Helper()
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	fmt.Fprint(zw, `[{"stocknum":"Z1","make":"Kia","model":"Rio","year":2022,"car_type":"used","junk":[`)
	chunk := []byte(strings.Repeat("0,", 32<<10))
	for written := 0; written < n; written += len(chunk) {
		if _, err := zw.Write(chunk); err != nil {
			t.Fatal(err)
		}
	}
	fmt.Fprint(zw, `0]}]`)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return &gz
}

// Issue 15 "A small gzip feed can use gigabytes": 50 MB of zeros under an
// unknown key, gzipped to tens of KB, is refused as a car over 256 KB with
// 413 while allocating a bounded amount (it reached 1.5 GB of live heap
// when the decoder held the whole body and turned it into generic values).
// TotalAlloc over the call bounds its peak heap from above.
func TestZipBombFeedStaysSmall(t *testing.T) {
	e := newEnv(t)
	body := zerosFeed(t, 50<<20)
	t.Logf("gzip body: %d KB", body.Len()>>10)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := e.svc.Ingest(context.Background(), feed.Request{DealershipSlug: "north", Mode: "full",
		ContentType: "application/json", ContentEncoding: "gzip", Body: body})
	runtime.ReadMemStats(&after)
	if shared.ErrorCode(err) != shared.ETOOLARGE || !strings.Contains(err.Error(), "car 1 is larger than 256 KB") {
		t.Errorf("err = %v; want too large: car 1 is larger than 256 KB", err)
	}
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("allocated during the run (upper bound of its peak heap): %d KB", allocated>>10)
	const limit = 32 << 20
	if allocated > limit {
		t.Errorf("the run allocated %d MB; want at most %d MB", allocated>>20, limit>>20)
	}
}

// Issue 15: a car's lists are capped, in JSON and CSV alike.
func TestCarListsAreCapped(t *testing.T) {
	images := make([]string, feed.MaxListItems+1)
	for i := range images {
		images[i] = fmt.Sprintf(`"https://img.example/%d.jpg"`, i)
	}
	in := `[{"stocknum":"L1","make":"Kia","model":"Rio","year":2022,"car_type":"used","images":[` + strings.Join(images, ",") + `]}]`
	body, err := feed.DecodeJSON(strings.NewReader(in), nil, 10)
	if err != nil {
		t.Fatal(err)
	}
	_, rerr := feed.ParseRow(body.Rows[0], "d", now)
	if rerr == nil || rerr.Field != "images" || !strings.Contains(rerr.Reason, "at most 200 entries") {
		t.Errorf("row error = %v; want images: at most 200 entries", rerr)
	}
}

// Issue 15 "A large run report answers 500 after the feed was written": a
// feed rejecting thousands of rows (a report far over DynamoDB's 400 KB)
// lands its good cars, answers the full report, and stores the counts with
// the first rejected rows, the run marked finished.
func TestLargeRunReportIsStored(t *testing.T) {
	e := newEnv(t)
	rows := []string{`{"stocknum":"OK1","make":"Kia","model":"Rio","year":2022,"car_type":"used"}`}
	const bad = 8000
	for i := range bad {
		rows = append(rows, fmt.Sprintf(`{"stocknum":"B%05d-%s","make":"Kia","model":"Rio","year":2022,"car_type":"used","vin":"NOT-A-VIN-%05d"}`,
			i, strings.Repeat("x", 20), i))
	}
	rep := e.ingest(t, "delta", "application/json", "["+strings.Join(rows, ",")+"]")
	if rep.Created != 1 || rep.Rejected != bad || len(rep.RejectedRows) != bad {
		t.Fatalf("report: created %d, rejected %d with %d rows; want 1, %d, %d", rep.Created, rep.Rejected, len(rep.RejectedRows), bad, bad)
	}
	stored, err := e.svc.Run(context.Background(), rep.RunID)
	if err != nil {
		t.Fatal(err)
	}
	if stored.Status != rep.Status || stored.Status == feed.StatusRunning || stored.Rejected != bad ||
		len(stored.RejectedRows) != feed.StoredRows || stored.RejectedRowsOmitted != bad-feed.StoredRows {
		t.Errorf("stored: status %s, rejected %d, %d rows, %d omitted; want %s, %d, %d, %d", stored.Status, stored.Rejected,
			len(stored.RejectedRows), stored.RejectedRowsOmitted, rep.Status, bad, feed.StoredRows, bad-feed.StoredRows)
	}
}

// Issue 15 "An empty or truncated full feed sells the whole stock": a full
// feed that would mark more than 30% of the unsold stock sold is refused
// with a conflict naming the counts, writes nothing (not even a new car's
// slug claim) and is stored as refused; sent again with force it applies.
func TestFullFeedSellingTooMuchIsRefused(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	var cars []string
	for i := range 10 {
		cars = append(cars, fmt.Sprintf(`{"stocknum":"S%d","make":"Kia","model":"Rio","year":2022,"car_type":"used"}`, i))
	}
	e.ingest(t, "full", "application/json", "["+strings.Join(cars, ",")+"]")
	if rep := e.ingest(t, "full", "application/json", "["+strings.Join(cars[:7], ",")+"]"); rep.Sold != 3 {
		t.Fatalf("selling 3 of 10: %+v", rep)
	}
	// A refused feed claims no slug for its new car either.
	newCar := `{"stocknum":"N1","make":"Kia","model":"Rio","year":2022,"car_type":"used"}`
	for _, body := range []string{`[]`, "[" + strings.Join(cars[:3], ",") + "]", "[" + cars[0] + "," + newCar + "]"} {
		_, err := e.svc.Ingest(ctx, feed.Request{DealershipSlug: "north", Mode: "full", ContentType: "application/json", Body: strings.NewReader(body)})
		if shared.ErrorCode(err) != shared.ECONFLICT || !strings.Contains(err.Error(), "of 7 unsold cars sold, more than 30%") ||
			!strings.Contains(err.Error(), "force=true") {
			t.Errorf("%s: err = %v; want a conflict naming the counts and force=true", body, err)
		}
	}
	stock, _ := e.cars.FindCarsByDealership(ctx, "north")
	sold := 0
	for _, c := range stock {
		if c.Sold {
			sold++
		}
	}
	if sold != 3 {
		t.Errorf("%d cars sold after the refusals, want 3", sold)
	}
	slug := feed.Slug(shared.Car{StockNum: "N1", Make: "Kia", Model: "Rio", Year: 2022}, feed.CarID("north", "stock:N1"))
	if claim, err := e.cars.SlugClaim(ctx, slug); shared.ErrorCode(err) != shared.ENOTFOUND {
		t.Errorf("slug %s after the refusals: claim %+v, %v; want none", slug, claim, err)
	}
	rep, err := e.svc.Ingest(ctx, feed.Request{DealershipSlug: "north", Mode: "full", Force: true, ContentType: "application/json", Body: strings.NewReader(`[]`)})
	if err != nil || rep.Sold != 7 {
		t.Errorf("forced: %+v, %v; want 7 sold", rep, err)
	}
}

// Issue 15 "Reindex races feeds": a reindex takes the dealership's lease. A
// dealership named while its feed runs is a conflict; a full reindex leaves
// it to that feed and says so.
func TestReindexTakesTheLease(t *testing.T) {
	db, tables := testenv.DB(t)
	runs := dynamo.NewRunStore(db, tables)
	cars := dynamo.NewCarStore(db, tables)
	ctx := context.Background()
	svc := feed.NewService(feed.ServiceConfig{Cars: cars, Runs: runs, Sites: testSites, Index: newIndex()})
	for _, d := range []string{"north", "south"} {
		if _, err := svc.Ingest(ctx, feed.Request{DealershipSlug: d, Mode: "delta", ContentType: "application/json",
			Body: strings.NewReader(`[{"stocknum":"R1","make":"Kia","model":"Rio","year":2022,"car_type":"used"}]`)}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := runs.AcquireLease(ctx, "north", "feed-run", time.Minute); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Reindex(ctx, "north"); shared.ErrorCode(err) != shared.ECONFLICT {
		t.Errorf("reindex north during its feed: %v; want a conflict", err)
	}
	rep, err := svc.Reindex(ctx, "")
	if err != nil || rep.Dealerships != 1 || len(rep.Busy) != 1 || rep.Busy[0] != "north" {
		t.Errorf("full reindex during north's feed: %+v, %v; want south reindexed and north busy", rep, err)
	}
	if err := runs.ReleaseLease(ctx, "north", "feed-run", true); err != nil {
		t.Fatal(err)
	}
	if rep, err := svc.Reindex(ctx, "north"); err != nil || rep.Dealerships != 1 {
		t.Errorf("reindex north after its feed: %+v, %v", rep, err)
	}
}

// blockingIndex never finishes a write before its context ends, like an
// index that hangs.
type blockingIndex struct{ recordingIndex }

func (*blockingIndex) Save(ctx context.Context, _ []shared.IndexedCar) error {
	<-ctx.Done()
	return ctx.Err()
}

// Issue 15 "A timed-out feed locks its dealership": a run stops
// DeadlineMargin before its caller's deadline (the Lambda's timeout) and
// releases the lease, so the next feed need not wait for it to expire.
func TestRunStopsBeforeTheDeadlineAndReleasesTheLease(t *testing.T) {
	db, tables := testenv.DB(t)
	runs := dynamo.NewRunStore(db, tables)
	svc := feed.NewService(feed.ServiceConfig{Cars: dynamo.NewCarStore(db, tables), Runs: runs, Sites: testSites,
		Index: &blockingIndex{}, DeadlineMargin: 5 * time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second+4*time.Second)
	defer cancel()
	rep, err := svc.Ingest(ctx, feed.Request{DealershipSlug: "north", Mode: "delta", ContentType: "application/json",
		Body: strings.NewReader(`[{"stocknum":"T1","make":"Kia","model":"Rio","year":2022,"car_type":"used"}]`)})
	if ctx.Err() != nil {
		t.Fatal("the run used its caller's whole time")
	}
	if err != nil || rep.Status != feed.StatusIndexFailed {
		t.Errorf("run: %+v, %v; want the cars kept and the index marked for repair", rep, err)
	} else if stored, err := svc.Run(ctx, rep.RunID); err != nil || stored.Status != feed.StatusIndexFailed {
		t.Errorf("stored run: %+v, %v; want index_failed, not running", stored, err)
	}
	if _, err := runs.AcquireLease(ctx, "north", "next-feed", time.Minute); err != nil {
		t.Errorf("the next feed cannot take the lease: %v", err)
	}
}
