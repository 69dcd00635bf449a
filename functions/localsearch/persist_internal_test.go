package localsearch

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"
)

// Close is what the engine runs on SIGTERM before the process exits: when it
// returns, every index must be on disk, also when the debounce timer's flush
// is still writing (the engine test "indices, settings and replicas survive
// a restart" lost the replica that way on a loaded machine).
func TestCloseWaitsForAFlushInProgress(t *testing.T) {
	dir := t.TempDir()
	e, err := New(Config{AppID: "APP", AdminKey: "admin", SearchKey: "search", DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	started, release := make(chan struct{}), make(chan struct{})
	e.persist.beforeWrite = func(string) {
		select {
		case <-started: // Close's own flush, if any, goes through
		default:
			close(started)
			<-release
		}
	}

	req := httptest.NewRequest(http.MethodPost, "/1/indexes/cars/batch",
		strings.NewReader(`{"requests":[{"action":"addObject","body":{"objectID":"c1","make":"Toyota"}}]}`))
	req.Header.Set("X-Algolia-Application-Id", "APP")
	req.Header.Set("X-Algolia-API-Key", "admin")
	rec := httptest.NewRecorder()
	e.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Fatalf("batch: %d %s", rec.Code, rec.Body)
	}

	<-started // the timer's flush has taken the pending index and is writing
	closed := make(chan error, 1)
	go func() { closed <- e.Close() }()
	select {
	case <-closed:
		t.Fatal("Close returned while the timer's flush was still writing the index")
	case <-time.After(200 * time.Millisecond):
	}
	close(release)
	if err := <-closed; err != nil {
		t.Fatalf("Close: %v", err)
	}
	if _, err := os.Stat(e.persist.file("cars")); err != nil {
		t.Fatalf("after Close the index is not on disk: %v", err)
	}
}
