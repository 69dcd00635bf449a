package feed_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"forecourt/functions/feed"
)

// Issue 18 "Feed bursts": a provider's push waits out the platform's 429
// answers for their Retry-After and sends the whole feed again; other
// failures come back with the server's answer.
func TestPushWaitsOutTooManyRequests(t *testing.T) {
	var calls int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		if r.Header.Get("Content-Encoding") != "gzip" || r.Header.Get("Authorization") != "Bearer k" {
			t.Errorf("headers %v", r.Header)
		}
		if calls <= 2 {
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		w.Write([]byte(`{"run_id":"run_1","status":"succeeded","created":3}`))
	}))
	defer srv.Close()
	var waits []int
	rep, err := feed.Push{Endpoint: srv.URL, Key: "k", ContentType: "application/json", Body: []byte("gz"), Retries: 5,
		Waited: func(attempt int, d time.Duration) { waits = append(waits, attempt) }}.Send(context.Background(), srv.Client())
	if err != nil || rep.RunID != "run_1" || rep.Created != 3 {
		t.Fatalf("Send = %+v, %v", rep, err)
	}
	if calls != 3 || len(waits) != 2 {
		t.Errorf("%d calls, waits %v; want 3 calls after 2 waits", calls, waits)
	}

	// Out of retries, the 429 is the error.
	calls = 0
	if _, err := (feed.Push{Endpoint: srv.URL, Key: "k", Body: []byte("gz"), Retries: 1}).Send(context.Background(), srv.Client()); err == nil ||
		!strings.Contains(err.Error(), "429") {
		t.Errorf("out of retries: %v", err)
	}
}
