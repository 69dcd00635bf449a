package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"forecourt/functions/algolia"
	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/httpapi"
	"forecourt/functions/httpapi/route"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

func TestMain(m *testing.M) { testenv.Main(m) }

type sites []shared.Site

func (s sites) ListSites(context.Context) ([]shared.Site, error) { return s, nil }
func (s sites) Dealerships(context.Context) ([]string, []shared.Site, error) {
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
func (s sites) SitesOf(_ context.Context, dealership string) ([]shared.Site, error) {
	return shared.SitesListing(s, dealership), nil
}

const (
	northKey = "north-provider-key"
	southKey = "south-provider-key"
	opsKey   = "ops-key"
	maxBytes = 4096
)

// newIngestServer serves the ingestion API over DynamoDB Local and the
// search engine, with provider keys for north and south.
func newIngestServer(t *testing.T) *httptest.Server {
	t.Helper()
	ctx := context.Background()
	db, tables := testenv.DB(t)
	_, cfg := testenv.Engine(t)
	idx, err := algolia.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	keys := dynamo.NewProviderKeyStore(db, tables)
	for key, p := range map[string]shared.Provider{
		northKey: {Name: "north-dms", Dealerships: []string{"north"}},
		southKey: {Name: "south-dms", Dealerships: []string{"south"}},
	} {
		if err := keys.PutKey(ctx, key, p); err != nil {
			t.Fatal(err)
		}
	}
	svc := feed.NewService(feed.ServiceConfig{
		Cars: dynamo.NewCarStore(db, tables), Runs: dynamo.NewRunStore(db, tables), Index: idx,
		Sites:    sites{{Slug: "north-site", Dealerships: []shared.Dealership{{Slug: "north", Name: "North Motors"}}}},
		MaxBytes: maxBytes,
	})
	h, err := httpapi.NewHandler(httpapi.Deps{Lambda: route.Ingest, Ingest: &httpapi.IngestConfig{Feed: svc, Keys: keys, OpsKey: opsKey}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

func gzipped(s string) string {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	_, _ = zw.Write([]byte(s))
	_ = zw.Close()
	return b.String()
}

const (
	jsonFeed = `[{"stocknum":"J1","make":"Kia","model":"Rio","year":2021,"car_type":"used","price":18990},
	             {"stocknum":"J2","make":"Kia","model":"Rio","year":2099,"car_type":"used"}]`
	csvFeed = "Stock No,Make,Model,Year,Condition,Price\r\nC1,Mazda,CX-5,2020,used,\"$29,990\"\r\n"
)

// Issue 4 "Endpoint" and "Runs", docs/contracts.md "HTTP API": statuses,
// the run report, and the error body {"error":{"code","message","field"}}.
func TestIngestHandler(t *testing.T) {
	srv := newIngestServer(t)
	// A run to look up: fed by north's provider.
	first := do(t, srv, http.MethodPost, "/ingest/v1/dealerships/north/feed", northKey, "application/json", "", jsonFeed)
	var firstRep feed.Report
	if err := json.Unmarshal(first.body, &firstRep); err != nil || first.status != 200 || firstRep.RunID == "" {
		t.Fatalf("first feed: %d %s", first.status, first.body)
	}

	type want struct {
		status int
		code   string // error code, "" for success
		field  string
		report func(t *testing.T, rep map[string]any)
	}
	counts := func(kv map[string]float64) func(*testing.T, map[string]any) {
		return func(t *testing.T, rep map[string]any) {
			for k, v := range kv {
				if rep[k] != v {
					t.Errorf("%s = %v, want %v (report %v)", k, rep[k], v, rep)
				}
			}
		}
	}
	for _, tc := range []struct {
		name                             string
		method, path, key, ctype, encode string
		body                             string
		want                             want
	}{
		{"no key", "POST", "/ingest/v1/dealerships/north/feed", "", "application/json", "", jsonFeed,
			want{status: 401, code: shared.EUNAUTHORIZED}},
		{"unknown key", "POST", "/ingest/v1/dealerships/north/feed", "not-a-key", "application/json", "", jsonFeed,
			want{status: 401, code: shared.EUNAUTHORIZED}},
		{"dealership out of scope", "POST", "/ingest/v1/dealerships/north/feed", southKey, "application/json", "", jsonFeed,
			want{status: 403, code: shared.EFORBIDDEN}},
		{"json run report", "POST", "/ingest/v1/dealerships/north/feed?mode=delta", northKey, "application/json", "",
			`{"cars":[{"stocknum":"J3","make":"Kia","model":"Picanto","year":2022,"car_type":"new"}]}`,
			want{status: 200, report: counts(map[string]float64{"received": 1, "created": 1, "rejected": 0})}},
		{"json rejected row", "POST", "/ingest/v1/dealerships/north/feed", northKey, "application/json; charset=utf-8", "", jsonFeed,
			want{status: 200, report: func(t *testing.T, rep map[string]any) {
				counts(map[string]float64{"received": 2, "unchanged": 1, "rejected": 1, "sold": 1})(t, rep)
				rows, _ := rep["rejected_rows"].([]any)
				if len(rows) != 1 || rows[0].(map[string]any)["field"] != "year" || rows[0].(map[string]any)["row"] != 2.0 {
					t.Errorf("rejected_rows = %v", rows)
				}
				if rep["mode"] != "full" || rep["status"] != "succeeded" || rep["run_id"] == "" {
					t.Errorf("report = %v", rep)
				}
			}}},
		{"csv", "POST", "/ingest/v1/dealerships/south/feed", southKey, "text/csv", "", csvFeed,
			want{status: 200, report: counts(map[string]float64{"received": 1, "created": 1})}},
		{"gzip csv", "POST", "/ingest/v1/dealerships/south/feed", southKey, "text/csv", "gzip", gzipped(csvFeed),
			want{status: 200, report: counts(map[string]float64{"received": 1, "unchanged": 1})}},
		{"corrupt gzip", "POST", "/ingest/v1/dealerships/south/feed", southKey, "text/csv", "gzip", "not gzip",
			want{status: 400, code: shared.EINVALID, field: "body"}},
		{"too large", "POST", "/ingest/v1/dealerships/north/feed", northKey, "application/json", "",
			"[" + strings.Repeat(`{"stocknum":"X"},`, maxBytes/10) + "{}]",
			want{status: 413, code: shared.ETOOLARGE}},
		{"too large once unzipped", "POST", "/ingest/v1/dealerships/north/feed", northKey, "application/json", "gzip",
			gzipped("[" + strings.Repeat(`{"stocknum":"X"},`, maxBytes/10) + "{}]"),
			want{status: 413, code: shared.ETOOLARGE}},
		{"unsupported type", "POST", "/ingest/v1/dealerships/north/feed", northKey, "text/xml", "", "<cars/>",
			want{status: 415, code: shared.EUNSUPPORTED}},
		{"unsupported encoding", "POST", "/ingest/v1/dealerships/north/feed", northKey, "text/csv", "br", csvFeed,
			want{status: 415, code: shared.EUNSUPPORTED}},
		{"invalid json", "POST", "/ingest/v1/dealerships/north/feed", northKey, "application/json", "", `[{"make":`,
			want{status: 400, code: shared.EINVALID, field: "body"}},
		{"bad mode", "POST", "/ingest/v1/dealerships/north/feed?mode=sometimes", northKey, "application/json", "", `[]`,
			want{status: 400, code: shared.EINVALID, field: "mode"}},
		{"bad force", "POST", "/ingest/v1/dealerships/north/feed?force=maybe", northKey, "application/json", "", `[]`,
			want{status: 400, code: shared.EINVALID, field: "force"}},
		{"run", "GET", "/ingest/v1/runs/" + firstRep.RunID, northKey, "", "", "",
			want{status: 200, report: func(t *testing.T, rep map[string]any) {
				if rep["run_id"] != firstRep.RunID || rep["created"] != 1.0 || rep["status"] != "succeeded" || rep["duration_ms"] == nil {
					t.Errorf("run = %v", rep)
				}
			}}},
		{"run unknown", "GET", "/ingest/v1/runs/run_nope", northKey, "", "", "",
			want{status: 404, code: shared.ENOTFOUND}},
		{"run of another provider's dealership", "GET", "/ingest/v1/runs/" + firstRep.RunID, southKey, "", "", "",
			want{status: 404, code: shared.ENOTFOUND}},
		{"run unknown key", "GET", "/ingest/v1/runs/" + firstRep.RunID, "not-a-key", "", "", "",
			want{status: 401, code: shared.EUNAUTHORIZED}},
		// Without a valid key a missing run answers like an existing one:
		// run ids cannot be probed (issue 4 "Runs", provider key scope).
		{"run unknown, unknown key", "GET", "/ingest/v1/runs/run_nope", "not-a-key", "", "", "",
			want{status: 401, code: shared.EUNAUTHORIZED}},
		{"run without key", "GET", "/ingest/v1/runs/" + firstRep.RunID, "", "", "", "",
			want{status: 401, code: shared.EUNAUTHORIZED}},
		{"reindex without key", "POST", "/ingest/v1/reindex", "", "", "", "",
			want{status: 401, code: shared.EUNAUTHORIZED}},
		{"reindex with a provider key", "POST", "/ingest/v1/reindex", northKey, "", "", "",
			want{status: 403, code: shared.EFORBIDDEN}},
		{"reindex with a prefix of the ops key", "POST", "/ingest/v1/reindex", opsKey[:3], "", "", "",
			want{status: 403, code: shared.EFORBIDDEN}},
		{"reindex", "POST", "/ingest/v1/reindex?dealership=north", opsKey, "", "", "",
			want{status: 200, report: counts(map[string]float64{"dealerships": 1, "indexed": 2})}},
		{"unknown endpoint", "GET", "/ingest/v1/nothing", northKey, "", "", "",
			want{status: 404, code: shared.ENOTFOUND}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := do(t, srv, tc.method, tc.path, tc.key, tc.ctype, tc.encode, tc.body)
			if res.status != tc.want.status {
				t.Fatalf("status = %d, want %d; body %s", res.status, tc.want.status, res.body)
			}
			if ct := res.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("Content-Type = %q", ct)
			}
			if tc.want.code != "" {
				var eb struct {
					Error map[string]any `json:"error"`
				}
				if err := json.Unmarshal(res.body, &eb); err != nil || eb.Error == nil {
					t.Fatalf("error body %s: %v", res.body, err)
				}
				if eb.Error["code"] != tc.want.code || eb.Error["message"] == "" || (tc.want.field != "" && eb.Error["field"] != tc.want.field) {
					t.Errorf("error = %v, want code %s field %q", eb.Error, tc.want.code, tc.want.field)
				}
				return
			}
			var rep map[string]any
			if err := json.Unmarshal(res.body, &rep); err != nil {
				t.Fatalf("body %s: %v", res.body, err)
			}
			tc.want.report(t, rep)
		})
	}
}

type response struct {
	status int
	header http.Header
	body   []byte
}

func do(t *testing.T, srv *httptest.Server, method, path, key, ctype, encoding, body string) response {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if encoding != "" {
		req.Header.Set("Content-Encoding", encoding)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return response{resp.StatusCode, resp.Header, b}
}
