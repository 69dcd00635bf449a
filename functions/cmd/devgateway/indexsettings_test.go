package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"reflect"
	"slices"
	"testing"

	"forecourt/functions/algolia"
	"forecourt/functions/localsearch"
)

// engineGet reads an engine's answer to an admin GET (path under /1/).
func engineGet(t *testing.T, host, path string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest("GET", host+"/1/"+path, nil)
	req.Header.Set("X-Algolia-Application-Id", testAppID)
	req.Header.Set("X-Algolia-API-Key", testAdminKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("GET %s: %d %s", path, resp.StatusCode, b)
	}
	return resp.StatusCode, got
}

// Issue 35 "Index settings are part of a deploy": `forecourt index
// settings` (the deploy's step, re-run on every deploy) gives a fresh
// engine what the dev gateway gives its own: every index's settings (the
// primary and each sort replica) and both search keys' restrictions (search
// only, the index and its replicas; the browser's key limited per IP, the
// server's own not: issue 35). Run twice, it changes nothing.
func TestIndexSettingsCommandGivesWhatTheGatewayGives(t *testing.T) {
	gw := bootStack(t)
	engine, err := localsearch.New(localsearch.Config{AppID: testAppID, AdminKey: testAdminKey, SearchKey: testSearchKey,
		SearchKeys: []string{testServerSearchKey}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(engine.Handler())
	t.Cleanup(func() { srv.Close(); engine.Close() })
	for range 2 {
		cmd := exec.Command("go", "run", "./cmd/forecourt", "index", "settings")
		cmd.Dir = "../.."
		cmd.Env = append(os.Environ(), "ALGOLIA_APP_ID="+testAppID, "ALGOLIA_ADMIN_KEY="+testAdminKey,
			"ALGOLIA_SEARCH_KEY="+testSearchKey, "ALGOLIA_SERVER_SEARCH_KEY="+testServerSearchKey, "ALGOLIA_HOST="+srv.URL, "FORECOURT_INDEX="+gw.index)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("forecourt index settings: %v: %s", err, out)
		}
	}
	idx, err := algolia.New(algolia.Config{AppID: testAppID, AdminKey: testAdminKey, SearchKey: testSearchKey, Host: srv.URL, Index: gw.index})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, name := range idx.SortIndices() {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		_, want := engineGet(t, gw.engine, "indexes/"+name+"/settings")
		_, got := engineGet(t, srv.URL, "indexes/"+name+"/settings")
		if len(want) == 0 || !reflect.DeepEqual(got, want) {
			t.Errorf("settings of %s: the command gives %v, the gateway %v", name, got, want)
		}
	}
	for _, k := range []struct {
		name, key string
		wantLimit any // maxQueriesPerIPPerHour; nil: none
	}{
		{"the browser's search key", testSearchKey, float64(algolia.DefaultQueriesPerIPPerHour)},
		{"the server's search key", testServerSearchKey, nil},
	} {
		wantStatus, want := engineGet(t, gw.engine, "keys/"+k.key)
		status, got := engineGet(t, srv.URL, "keys/"+k.key)
		delete(want, "createdAt")
		delete(got, "createdAt")
		if status != 200 || wantStatus != 200 || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: the command gives %d %v, the gateway %d %v", k.name, status, got, wantStatus, want)
		}
		indexes, _ := got["indexes"].([]any)
		var gotIndexes []string
		for _, i := range indexes {
			s, _ := i.(string)
			gotIndexes = append(gotIndexes, s)
		}
		slices.Sort(gotIndexes)
		if acl, _ := got["acl"].([]any); len(acl) != 1 || acl[0] != "search" || !slices.Equal(gotIndexes, names) ||
			got["maxQueriesPerIPPerHour"] != k.wantLimit {
			t.Errorf("%s's restrictions = %v; want acl [search], indexes %v, maxQueriesPerIPPerHour %v", k.name, got, names, k.wantLimit)
		}
	}
}
