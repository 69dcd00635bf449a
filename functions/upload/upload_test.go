package upload_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/internal/testenv"
	"forecourt/functions/platform"
	"forecourt/functions/s3client"
	"forecourt/functions/upload"
	"forecourt/shared"
)

func TestMain(m *testing.M) { testenv.Main(m) }

const providerKey = "upload-provider-key"

type stack struct {
	url     string // the ingest API
	uploads *upload.Service
	cars    *dynamo.CarStore
}

// newStack is the ingest API over DynamoDB Local, the local engine and an
// S3-compatible stand-in (gofakes3), with one site of two dealerships.
func newStack(t *testing.T) stack {
	t.Helper()
	ctx := context.Background()
	db, tables := testenv.DB(t)
	idx, cfg := testenv.Index(t)
	backend := s3mem.New()
	if err := backend.CreateBucket("uploads"); err != nil {
		t.Fatal(err)
	}
	objects := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(objects.Close)
	client, err := s3client.NewClient(ctx, s3client.ClientConfig{Endpoint: objects.URL})
	if err != nil {
		t.Fatal(err)
	}
	site := shared.DefaultSite()
	site.Slug, site.ID, site.Name = "acme", "site-acme", "Acme Motors"
	site.Dealerships = []shared.Dealership{{ID: "d1", Slug: "acme-kia", Name: "Acme Kia"}, {ID: "d2", Slug: "acme-used", Name: "Acme Used"}}
	shared.ApplyDefaults(&site)
	if err := dynamo.NewSiteStore(db, tables).SaveSite(ctx, site); err != nil {
		t.Fatal(err)
	}
	if err := dynamo.NewProviderKeyStore(db, tables).PutKey(ctx, providerKey, shared.Provider{Name: "dms", Dealerships: []string{"acme-kia"}}); err != nil {
		t.Fatal(err)
	}
	p := &platform.Platform{DB: db, Tables: tables, Index: idx, IndexConfig: cfg, S3: client, UploadBucket: "uploads"}
	svc := p.Feed()
	h, err := p.Handler("", platform.HandlerConfig{OriginSecret: "origin", Feed: svc})
	if err != nil {
		t.Fatal(err)
	}
	api := httptest.NewServer(h)
	t.Cleanup(api.Close)
	return stack{url: api.URL, uploads: p.Uploads(svc), cars: p.Cars()}
}

func (s stack) call(t *testing.T, method, path, key string, body io.Reader) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, s.url+path, body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func (s stack) start(t *testing.T, path, body string) upload.Ticket {
	t.Helper()
	status, b := s.call(t, "POST", path, providerKey, strings.NewReader(body))
	if status != http.StatusCreated {
		t.Fatalf("POST %s = %d %s, want 201", path, status, b)
	}
	var tk upload.Ticket
	if err := json.Unmarshal(b, &tk); err != nil {
		t.Fatal(err)
	}
	return tk
}

func (s stack) run(t *testing.T, id string) feed.Report {
	t.Helper()
	status, b := s.call(t, "GET", "/ingest/v1/runs/"+id, providerKey, nil)
	if status != http.StatusOK {
		t.Fatalf("GET run %s = %d %s", id, status, b)
	}
	var rep feed.Report
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	return rep
}

// put sends the feed to the presigned URL with the headers the ticket names.
func put(t *testing.T, tk upload.Ticket, body io.Reader, size int64) {
	t.Helper()
	req, err := http.NewRequest(tk.Method, tk.URL, body)
	if err != nil {
		t.Fatal(err)
	}
	req.ContentLength = size
	for k, v := range tk.Headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("PUT upload = %d %s", resp.StatusCode, b)
	}
}

// bigCSV is a CSV feed of n cars with long dealer comments, about size
// bytes in all.
func bigCSV(t *testing.T, n, size int) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write([]string{"stocknum", "make", "model", "year", "car_type", "price", "km", "dealercomments"})
	const phrase = "One owner, full service history, two keys. "
	comment := strings.Repeat(phrase, size/n/len(phrase)+1)[:size/n-60]
	for i := range n {
		w.Write([]string{fmt.Sprintf("U%05d", i), "Kia", "Sportage", "2021", "used", fmt.Sprint(20000 + i), fmt.Sprint(10000 + i), comment})
	}
	w.Flush()
	return buf.Bytes()
}

// Issue 15, large feeds: a 50 MB CSV goes through the upload path end to
// end: the provider asks for an upload, PUTs the feed to the presigned URL,
// the object-created event applies it, and the run report says so; the
// run can be polled from the moment the upload is granted.
func TestFiftyMegabyteFeedThroughAnUpload(t *testing.T) {
	s := newStack(t)
	ctx := context.Background()
	const cars = 5000
	body := bigCSV(t, cars, 50_000_000)
	if len(body) < 49_000_000 || len(body) > feed.DefaultMaxBytes {
		t.Fatalf("the feed is %d bytes, want about 50 MB and at most the %d-byte limit", len(body), feed.DefaultMaxBytes)
	}

	tk := s.start(t, "/ingest/v1/dealerships/acme-kia/uploads?mode=full", `{"content_type":"text/csv"}`)
	if tk.Method != http.MethodPut || tk.URL == "" || tk.Headers["Content-Type"] != "text/csv" {
		t.Fatalf("ticket = %+v, want a PUT URL with its Content-Type", tk)
	}
	if rep := s.run(t, tk.RunID); rep.Status != feed.StatusAwaitingUpload || rep.DealershipSlug != "acme-kia" {
		t.Fatalf("run before the upload = %+v, want awaiting_upload for acme-kia", rep)
	}
	put(t, tk, bytes.NewReader(body), int64(len(body)))

	// What the bucket's object-created notification does in AWS (and the
	// dev gateway's stand-in after a PUT).
	rep, err := s.uploads.Apply(ctx, upload.KeyPrefix+"acme-kia/"+tk.RunID)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Status != feed.StatusSucceeded || rep.Created != cars || rep.Rejected != 0 {
		t.Fatalf("applied run = status %s, created %d, rejected %d; want succeeded with %d cars", rep.Status, rep.Created, rep.Rejected, cars)
	}
	if polled := s.run(t, tk.RunID); polled.Status != feed.StatusSucceeded || polled.Created != cars {
		t.Errorf("polled run = %s, %d created", polled.Status, polled.Created)
	}
	stored, err := s.cars.FindCarsByDealership(ctx, "acme-kia")
	if err != nil || len(stored) != cars {
		t.Errorf("stored cars = %d, %v; want %d", len(stored), err, cars)
	}
	// A redelivered notification applies nothing twice.
	again, err := s.uploads.Apply(ctx, upload.KeyPrefix+"acme-kia/"+tk.RunID)
	if err != nil || again.Status != feed.StatusSucceeded || again.RunID != tk.RunID {
		t.Errorf("redelivered event = %+v, %v; want the same succeeded run", again, err)
	}
}

// Issue 15: the upload route checks what it is given as the feed route
// does, and an upload that is not a feed ends its run failed with the
// reason, which the provider reads when polling.
func TestUploadErrors(t *testing.T) {
	s := newStack(t)
	ctx := context.Background()
	for _, tt := range []struct {
		name, path, key, body string
		status                int
		want                  string
	}{
		{"no key", "/ingest/v1/dealerships/acme-kia/uploads?mode=full", "", `{"content_type":"text/csv"}`, 401, `"unauthorized"`},
		{"another dealership", "/ingest/v1/dealerships/acme-used/uploads?mode=full", providerKey, `{"content_type":"text/csv"}`, 403, `"forbidden"`},
		{"no mode", "/ingest/v1/dealerships/acme-kia/uploads", providerKey, `{"content_type":"text/csv"}`, 400, `"field":"mode"`},
		{"bad type", "/ingest/v1/dealerships/acme-kia/uploads?mode=full", providerKey, `{"content_type":"application/xml"}`, 400, `"field":"content_type"`},
		{"bad encoding", "/ingest/v1/dealerships/acme-kia/uploads?mode=delta", providerKey, `{"content_type":"text/csv","content_encoding":"br"}`, 400, `"field":"content_encoding"`},
		{"bad force", "/ingest/v1/dealerships/acme-kia/uploads?mode=full&force=maybe", providerKey, `{"content_type":"text/csv"}`, 400, `"field":"force"`},
	} {
		status, b := s.call(t, "POST", tt.path, tt.key, strings.NewReader(tt.body))
		if status != tt.status || !strings.Contains(string(b), tt.want) {
			t.Errorf("%s: %d %s, want %d with %s", tt.name, status, b, tt.status, tt.want)
		}
	}

	tk := s.start(t, "/ingest/v1/dealerships/acme-kia/uploads?mode=full", `{"content_type":"text/csv","content_encoding":"gzip"}`)
	notGzip := []byte("stocknum,make\nK1,Kia\n")
	put(t, tk, bytes.NewReader(notGzip), int64(len(notGzip)))
	rep, err := s.uploads.Apply(ctx, upload.KeyPrefix+"acme-kia/"+tk.RunID)
	if err != nil {
		t.Fatalf("a bad upload is the provider's to fix, not an error to retry: %v", err)
	}
	polled := s.run(t, tk.RunID)
	if rep.Status != feed.StatusFailed || polled.Status != feed.StatusFailed || !strings.Contains(polled.Error, "gzip") {
		t.Errorf("run of a non-gzip upload = %+v, want failed naming gzip", polled)
	}
	if _, err := s.uploads.Apply(ctx, "feeds/acme-kia/run_20260101T000000_000000000000"); err == nil {
		t.Error("an object with no expected run: want an error")
	}
}
