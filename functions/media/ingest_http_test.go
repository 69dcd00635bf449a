package media_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/httpapi"
	"forecourt/functions/httpapi/route"
	"forecourt/functions/internal/testenv"
	"forecourt/functions/media"
	"forecourt/shared"
)

// Issue 14 "Images" (left by session 7): mirroring through the real
// ingest route. A provider key with photo_hosts posts a feed to POST
// /ingest/v1/dealerships/{slug}/feed (the ingest Lambda's handler, which the
// dev gateway mounts too); the report counts the photo, and the stored car
// (the car page's data) and its index record point at /media/photos/. A key
// of the same provider without hosts mirrors nothing.
func TestIngestRouteMirrorsPhotos(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	e := &env{cars: dynamo.NewCarStore(db, tables), photos: media.DirPhotos{Dir: t.TempDir()}}
	e.index, e.cfg = testenv.Index(t)
	keys := dynamo.NewProviderKeyStore(db, tables)
	const withHosts, withoutHosts = "dms-key-with-photo-hosts", "dms-key-without-photo-hosts"
	for key, hosts := range map[string][]string{withHosts: {"127.0.0.1"}, withoutHosts: nil} {
		if err := keys.PutKey(ctx, key, shared.Provider{Name: "acme-dms", Dealerships: []string{"acme-kia"}, PhotoHosts: hosts}); err != nil {
			t.Fatal(err)
		}
	}
	e.svc = feed.NewService(feed.ServiceConfig{
		Cars: e.cars, Runs: dynamo.NewRunStore(db, tables), Sites: sites, Index: e.index,
		Photos: media.NewLoopbackMirror(e.photos, media.FetchLimits{Timeout: 5 * time.Second, MaxBytes: 32 << 10}),
	})
	h, err := httpapi.NewHandler(httpapi.Deps{Lambda: route.Ingest, Ingest: &httpapi.IngestConfig{Feed: e.svc, Keys: keys}})
	if err != nil {
		t.Fatal(err)
	}
	api := httptest.NewServer(h)
	t.Cleanup(api.Close)
	dms := newDMSHost(t)

	post := func(key string, rows ...map[string]any) feed.Report {
		t.Helper()
		b, _ := json.Marshal(rows)
		req, _ := http.NewRequest(http.MethodPost, api.URL+"/ingest/v1/dealerships/acme-kia/feed?mode=delta", strings.NewReader(string(b)))
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", "application/json")
		res, err := api.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		var rep feed.Report
		if res.StatusCode != 200 || json.Unmarshal(body, &rep) != nil {
			t.Fatalf("POST feed: %d %s", res.StatusCode, body)
		}
		return rep
	}

	rep := post(withHosts, row("K1", dms.URL+"/a.jpg", dms.URL+"/b.png"))
	want := []string{photoPath(dms.jpg, "jpg"), photoPath(dms.png, "png")}
	if rep.Created != 1 || rep.PhotosMirrored != 2 || rep.PhotosFailed != 0 {
		t.Errorf("report: created %d mirrored %d failed %d; want 1, 2, 0", rep.Created, rep.PhotosMirrored, rep.PhotosFailed)
	}
	k1, rec := e.stored(t, "K1")
	if got := imageURLs(k1.Car); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("stored car images %v, want %v", got, want)
	}
	if got := recordURLs(rec); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("index record images %v, want %v", got, want)
	}
	if files := photoFiles(t, e.photos.Dir); len(files) != 2 {
		t.Errorf("stored photos %v, want 2", files)
	}

	before := dms.fetches.Load()
	rep = post(withoutHosts, row("K2", dms.URL+"/a.jpg"))
	k2, rec2 := e.stored(t, "K2")
	if rep.PhotosMirrored != 0 || dms.fetches.Load() != before || imageURLs(k2.Car)[0] != dms.URL+"/a.jpg" || recordURLs(rec2)[0] != dms.URL+"/a.jpg" {
		t.Errorf("key without hosts: mirrored %d, %d fetches, car %v, record %v; want the feed's URL untouched",
			rep.PhotosMirrored, dms.fetches.Load()-before, imageURLs(k2.Car), recordURLs(rec2))
	}
}
