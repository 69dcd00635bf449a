package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"forecourt/functions/algolia"
	"forecourt/functions/feed"
	"forecourt/functions/internal/testenv"
	"forecourt/functions/s3client"
	"forecourt/functions/tenantfile"
	"forecourt/functions/upload"
)

// Issue 15, large feeds locally: through the gateway a provider asks for
// an upload, PUTs the feed to the gateway's S3 stand-in at the presigned
// URL, and the stand-in applies it as the bucket's notification does in
// AWS; the run the provider polls ends succeeded with the car written.
func TestLargeFeedUploadThroughTheGateway(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	_, cfg := testenv.Engine(t)
	idx, err := algolia.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	tenants, err := tenantfile.Load("../../../infra/tenants")
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv := httptest.NewUnstartedServer(nil)
	objects, err := newObjectStandIn(log)
	if err != nil {
		t.Fatal(err)
	}
	client, err := s3client.NewClient(ctx, s3client.ClientConfig{Endpoint: "http://" + srv.Listener.Addr().String() + objectsStandInPath})
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlatform(db, tables, idx, platformConfig{
		Secret: "upload-secret", AppID: cfg.AppID, DemoProviderKey: "demo-provider-key", Tenants: tenants, Log: log,
		WebDist: t.TempDir(), Objects: client,
	})
	if err != nil {
		t.Fatal(err)
	}
	p.seeder.count = func(string) int { return 2 }
	if err := p.seeder.seed(ctx, tenants); err != nil {
		t.Fatal(err)
	}
	gw := newGateway(tenants, 8080, "upload-secret", p.app, &health{}, spaHandler{dist: os.DirFS(t.TempDir())})
	objects.uploads = func() *upload.Service { return p.uploads }
	gw.objects = objects
	srv.Config.Handler = gw
	srv.Start()
	t.Cleanup(srv.Close)

	call := func(method, url, body string, headers map[string]string) (int, []byte) {
		t.Helper()
		req, err := http.NewRequest(method, url, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range headers {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, b
	}
	auth := map[string]string{"Authorization": "Bearer demo-provider-key"}
	status, b := call("POST", srv.URL+"/ingest/v1/dealerships/northside-used/uploads?mode=delta", `{"content_type":"text/csv"}`, auth)
	if status != http.StatusCreated {
		t.Fatalf("POST uploads = %d %s", status, b)
	}
	var tk upload.Ticket
	if err := json.Unmarshal(b, &tk); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(tk.URL, srv.URL+objectsStandInPath+"/") {
		t.Fatalf("upload URL %s is not the gateway's stand-in", tk.URL)
	}
	status, b = call(tk.Method, tk.URL, "stocknum,make,model,year,car_type,price\nUPL1,Mazda,CX-5,2022,used,31990\n", tk.Headers)
	if status != http.StatusOK {
		t.Fatalf("PUT = %d %s", status, b)
	}
	// The stand-in applies the upload after answering the PUT, as S3's
	// notification does; the run is read once it has.
	objects.Wait()
	status, b = call("GET", srv.URL+"/ingest/v1/runs/"+tk.RunID, "", auth)
	if status != http.StatusOK {
		t.Fatalf("GET run = %d %s", status, b)
	}
	var rep feed.Report
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Status != feed.StatusSucceeded || rep.Created != 1 {
		t.Errorf("uploaded run = %s, %d created; want succeeded with one car", rep.Status, rep.Created)
	}
}
