package algolia_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"forecourt/functions/algolia"
	"forecourt/functions/internal/testenv"
)

// throttling puts the engine behind a proxy that answers the first n batch
// writes with Algolia's 429 ("too many jobs"), as Algolia does when an
// application's indexing queue is full.
// first is closed at the first 429.
func throttling(t *testing.T, engineURL string, n int32) (proxyURL string, first <-chan struct{}) {
	t.Helper()
	target, err := url.Parse(engineURL)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(target)
	batches := &atomic.Int32{}
	refused := make(chan struct{})
	var once sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/batch") {
			if batches.Add(1) <= n {
				once.Do(func() { close(refused) })
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusTooManyRequests)
				w.Write([]byte(`{"message":"Too many jobs","status":429}`))
				return
			}
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, refused
}

// Issue 18 "Feed bursts": index writes back off on the search service's
// 429 answers and land once it accepts them; nothing is dropped.
func TestWritesBackOffOnThrottling(t *testing.T) {
	engineURL, cfg := testenv.Engine(t)
	const refused = 5 // more than the attempts an ordinary failure gets
	cfg.Host, _ = throttling(t, engineURL, refused)
	cfg.ThrottleWait = time.Millisecond
	idx, err := algolia.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	recs := []algolia.Record{{"objectID": "a", "make": "Kia"}, {"objectID": "b", "make": "Mazda"}}
	if err := idx.SaveRecords(ctx, recs); err != nil {
		t.Fatalf("save after %d throttled answers: %v", refused, err)
	}
	c := idx.Client()
	for _, r := range recs {
		if _, err := c.GetObject(c.NewApiGetObjectRequest(cfg.Index, r["objectID"].(string))); err != nil {
			t.Errorf("record %s missing after the throttled write: %v", r["objectID"], err)
		}
	}
}

// A write still throttled when the run's context ends returns the
// context's error at once, so the run reports the index as behind instead
// of holding its Lambda.
func TestThrottledWriteStopsWithTheRun(t *testing.T) {
	engineURL, cfg := testenv.Engine(t)
	var refused <-chan struct{}
	cfg.Host, refused = throttling(t, engineURL, 1<<30)
	cfg.ThrottleWait = time.Hour
	idx, err := algolia.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- idx.SaveRecords(ctx, []algolia.Record{{"objectID": "a"}}) }()
	<-refused // the write is now waiting out its hour
	cancel()
	if err := <-done; err == nil {
		t.Fatal("a write throttled forever succeeded")
	}
}
