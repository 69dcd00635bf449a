package feed_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"strings"
	"testing"

	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/internal/testenv"
)

// Issue 15 "Operability" (feed runs with more than N% rejected rows): the
// line a run logs when it ends carries the share of rows it rejected, which
// the ingest functions' metric filter turns into the RejectedRowsPercent
// metric that alarms.
func TestRunFinishedLogCarriesRejectedShare(t *testing.T) {
	dms, err := os.ReadFile("testdata/dms_export.csv")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name             string
		body             string
		received, reject int
		wantPercent      float64
	}{
		// 5 rows, one with a bad VIN.
		{"one bad row of five", string(dms), 5, 1, 20},
		{"clean feed", "stock_number,make,model,year,price,car_type\nB1,Toyota,Yaris,2021,18990,used\n", 1, 0, 0},
		{"every row bad", "stock_number,make,model,year,price\nB1,Toyota,Yaris,1066,18990\nB2,,,,\nB3,Mazda,2,2020,-5\n", 3, 3, 100},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, tables := testenv.DB(t)
			var logs bytes.Buffer
			svc := feed.NewService(feed.ServiceConfig{
				Cars: dynamo.NewCarStore(db, tables), Runs: dynamo.NewRunStore(db, tables), Sites: testSites, Index: newIndex(),
				Logger: slog.New(slog.NewJSONHandler(&logs, nil)),
			})
			rep, err := svc.Ingest(context.Background(), feed.Request{
				DealershipSlug: "north", Mode: feed.ModeDelta, ContentType: "text/csv", Body: strings.NewReader(tt.body)})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Received != tt.received || rep.Rejected != tt.reject {
				t.Fatalf("report received %d rejected %d, want %d and %d (%+v)", rep.Received, rep.Rejected, tt.received, tt.reject, rep.RejectedRows)
			}
			var found []map[string]any
			for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
				var m map[string]any
				if err := json.Unmarshal([]byte(line), &m); err != nil {
					t.Fatalf("log line %q: %v", line, err)
				}
				if m["msg"] == feed.MsgRunFinished {
					found = append(found, m)
				}
			}
			if len(found) != 1 {
				t.Fatalf("%d %q lines in %s", len(found), feed.MsgRunFinished, logs.String())
			}
			m := found[0]
			if m["rejected_pct"] != tt.wantPercent || m["dealership"] != "north" || m["run"] != rep.RunID ||
				m["received"] != float64(tt.received) || m["rejected"] != float64(tt.reject) {
				t.Errorf("log line %v, want rejected_pct %v for run %s of north", m, tt.wantPercent, rep.RunID)
			}
			if _, ok := m["status"]; ok {
				t.Errorf("log line has a status field, which the index_failed metric counts: %v", m)
			}
		})
	}
}

// Issue 15: the IndexFailed metric counts one line per run that ends
// index_failed, with the status and MsgIndexSyncFailed (infra filters on
// both, in the ingest and the uploads functions' logs); a run whose index
// write succeeds writes no such line.
func TestIndexFailedRunLogsOneMetricLine(t *testing.T) {
	for _, tt := range []struct {
		name      string
		indexDown bool
		wantLines int
	}{
		{"index write fails", true, 1},
		{"index write succeeds", false, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			db, tables := testenv.DB(t)
			var logs bytes.Buffer
			idx := newIndex()
			idx.fail = tt.indexDown
			svc := feed.NewService(feed.ServiceConfig{
				Cars: dynamo.NewCarStore(db, tables), Runs: dynamo.NewRunStore(db, tables), Sites: testSites, Index: idx,
				Logger: slog.New(slog.NewJSONHandler(&logs, nil)),
			})
			rep, err := svc.Ingest(context.Background(), feed.Request{DealershipSlug: "north", Mode: feed.ModeDelta,
				ContentType: "application/json", Body: strings.NewReader(`[{"stocknum":"A","make":"Kia","model":"Rio","year":2020,"car_type":"used","price":9000}]`)})
			if err != nil {
				t.Fatal(err)
			}
			lines := 0
			for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
				var m map[string]any
				if err := json.Unmarshal([]byte(line), &m); err != nil {
					t.Fatalf("log line %q: %v", line, err)
				}
				if m["status"] == feed.StatusIndexFailed {
					lines++
					if m["msg"] != feed.MsgIndexSyncFailed || m["run"] != rep.RunID || m["dealership"] != "north" {
						t.Errorf("index_failed line %v, want %q for run %s of north", m, feed.MsgIndexSyncFailed, rep.RunID)
					}
				}
			}
			if lines != tt.wantLines {
				t.Errorf("%d index_failed lines (run status %s), want %d:\n%s", lines, rep.Status, tt.wantLines, logs.String())
			}
		})
	}
}
