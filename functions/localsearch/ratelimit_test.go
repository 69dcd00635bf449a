package localsearch_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"forecourt/functions/localsearch"
)

// Issue 35: the engine enforces a key's maxQueriesPerIPPerHour as Algolia
// does: past the limit within the last hour, a caller's calls with the key,
// or with a secured key derived from it, are answered 429; another address,
// another user token or another key (the server's own) are counted apart.
func TestMaxQueriesPerIPPerHour(t *testing.T) {
	const serverKey = "test-server-search-key"
	type call struct {
		key, ip string
		after   time.Duration // the clock moves on this much before the call
		want    int
	}
	tenantKey := secured(searchKey, "filters=sites%3Aa")
	userA := secured(searchKey, "userToken=shopper-a")
	userB := secured(searchKey, "userToken=shopper-b")
	ok, limited := http.StatusOK, http.StatusTooManyRequests
	tests := []struct {
		name  string
		calls []call
	}{
		{"the limited key itself", []call{
			{searchKey, "192.0.2.1", 0, ok}, {searchKey, "192.0.2.1", 0, ok}, {searchKey, "192.0.2.1", 0, ok},
			{searchKey, "192.0.2.1", 0, limited}}},
		{"a secured key shares its parent's count", []call{
			{searchKey, "192.0.2.1", 0, ok}, {tenantKey, "192.0.2.1", 0, ok}, {tenantKey, "192.0.2.1", 0, ok},
			{tenantKey, "192.0.2.1", 0, limited}, {searchKey, "192.0.2.1", 0, limited}}},
		{"another address is counted apart", []call{
			{tenantKey, "192.0.2.1", 0, ok}, {tenantKey, "192.0.2.1", 0, ok}, {tenantKey, "192.0.2.1", 0, ok},
			{tenantKey, "192.0.2.2", 0, ok}, {tenantKey, "192.0.2.1", 0, limited}}},
		{"a user token is counted apart from the address", []call{
			{userA, "192.0.2.1", 0, ok}, {userA, "192.0.2.1", 0, ok}, {userA, "192.0.2.1", 0, ok},
			{userA, "192.0.2.1", 0, limited}, {userB, "192.0.2.1", 0, ok}}},
		{"a key without a limit is not limited", []call{
			{serverKey, "192.0.2.1", 0, ok}, {serverKey, "192.0.2.1", 0, ok}, {serverKey, "192.0.2.1", 0, ok},
			{serverKey, "192.0.2.1", 0, ok}, {secured(serverKey, "filters=sites%3Aa"), "192.0.2.1", 0, ok}}},
		{"calls older than an hour no longer count", []call{
			{searchKey, "192.0.2.1", 0, ok}, {searchKey, "192.0.2.1", 30 * time.Minute, ok}, {searchKey, "192.0.2.1", 0, ok},
			{searchKey, "192.0.2.1", 0, limited}, {searchKey, "192.0.2.1", 31 * time.Minute, ok},
			{searchKey, "192.0.2.1", 0, limited}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			now := time.Date(2026, 11, 28, 20, 0, 0, 0, time.UTC)
			e, err := localsearch.New(localsearch.Config{AppID: appID, AdminKey: adminKey, SearchKey: searchKey,
				SearchKeys: []string{serverKey}, Now: func() time.Time { return now }})
			if err != nil {
				t.Fatal(err)
			}
			h := e.Handler()
			send := func(method, path, key, ip, body string) *httptest.ResponseRecorder {
				r := httptest.NewRequest(method, path, strings.NewReader(body))
				r.RemoteAddr = ip + ":40000"
				r.Header.Set("X-Algolia-Application-Id", appID)
				r.Header.Set("X-Algolia-API-Key", key)
				w := httptest.NewRecorder()
				h.ServeHTTP(w, r)
				return w
			}
			if w := send(http.MethodPut, "/1/indexes/cars/settings", adminKey, "198.51.100.1", `{}`); w.Code != http.StatusOK {
				t.Fatalf("PUT settings: %d %s", w.Code, w.Body)
			}
			if w := send(http.MethodPut, "/1/keys/"+searchKey, adminKey, "198.51.100.1",
				`{"acl":["search"],"maxQueriesPerIPPerHour":3}`); w.Code != http.StatusOK {
				t.Fatalf("PUT /1/keys: %d %s", w.Code, w.Body)
			}
			for i, c := range tc.calls {
				now = now.Add(c.after)
				w := send(http.MethodPost, "/1/indexes/*/queries", c.key, c.ip, `{"requests":[{"indexName":"cars"}]}`)
				if w.Code != c.want {
					t.Fatalf("call %d from %s: %d %s, want %d", i+1, c.ip, w.Code, w.Body, c.want)
				}
				if c.want == limited && !strings.Contains(w.Body.String(), `"status":429`) {
					t.Errorf("call %d: body %s, want Algolia's error with status 429", i+1, w.Body)
				}
			}
		})
	}
}
