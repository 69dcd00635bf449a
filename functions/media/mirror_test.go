package media_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/algolia/algoliasearch-client-go/v4/algolia/search"

	"forecourt/functions/algolia"
	"forecourt/functions/brochure"
	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/internal/testenv"
	"forecourt/functions/media"
	"forecourt/shared"
)

func TestMain(m *testing.M) { testenv.Main(m) }

type staticSites []shared.Site

func (s staticSites) ListSites(context.Context) ([]shared.Site, error) { return s, nil }
func (s staticSites) Dealerships(context.Context) ([]string, []shared.Site, error) {
	var out []string
	for _, site := range s {
		for _, d := range site.Dealerships {
			out = append(out, d.Slug)
		}
	}
	return out, s, nil
}
func (s staticSites) SitesOf(_ context.Context, dealership string) ([]shared.Site, error) {
	return shared.SitesListing(s, dealership), nil
}

var sites = staticSites{{Slug: "acme", Dealerships: []shared.Dealership{{Slug: "acme-kia", Name: "Acme Kia"}}}}

// dmsHost is an httptest stand-in for a DMS's photo host. While down, it
// drops every connection without an answer, as a dead host does.
type dmsHost struct {
	*httptest.Server
	jpg, png []byte
	down     atomic.Bool
	// hang keeps each request open until its client gives up.
	hang    atomic.Bool
	fetches atomic.Int32
}

func newDMSHost(t *testing.T) *dmsHost {
	h := &dmsHost{jpg: encode(t, "jpeg"), png: encode(t, "png")}
	mux := http.NewServeMux()
	mux.HandleFunc("/a.jpg", func(w http.ResponseWriter, _ *http.Request) { w.Write(h.jpg) })
	mux.HandleFunc("/a-copy.jpg", func(w http.ResponseWriter, _ *http.Request) { w.Write(h.jpg) })
	mux.HandleFunc("/b.png", func(w http.ResponseWriter, _ *http.Request) { w.Write(h.png) })
	mux.HandleFunc("/huge.png", func(w http.ResponseWriter, _ *http.Request) { w.Write(media.HugePNG(60000, 60000)) })
	mux.HandleFunc("/big.jpg", func(w http.ResponseWriter, _ *http.Request) {
		w.Write(h.jpg)
		w.Write(bytes.Repeat([]byte{0}, 64<<10))
	})
	mux.HandleFunc("/page.jpg", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "image/jpeg")
		w.Write([]byte("<!doctype html><html><body>photo gone</body></html>"))
	})
	h.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.fetches.Add(1)
		if h.hang.Load() {
			<-r.Context().Done()
			return
		}
		if h.down.Load() {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
			return
		}
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(h.Close)
	return h
}

func encode(t *testing.T, format string) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 30, 20))
	for x := range 30 {
		img.Set(x, x%20, color.RGBA{200, 10, 10, 255})
	}
	var buf bytes.Buffer
	var err error
	if format == "png" {
		err = png.Encode(&buf, img)
	} else {
		err = jpeg.Encode(&buf, img, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func photoPath(body []byte, ext string) string {
	sum := sha256.Sum256(body)
	return "/media/photos/" + hex.EncodeToString(sum[:]) + "." + ext
}

type env struct {
	svc    *feed.Service
	cars   *dynamo.CarStore
	index  *algolia.Index
	cfg    algolia.Config
	photos media.DirPhotos
}

// newEnv wires a feed service over DynamoDB Local, the local search
// engine and a mirror into a temporary directory; opts adjust its config.
func newEnv(t *testing.T, opts ...func(*feed.ServiceConfig)) *env {
	t.Helper()
	db, tables := testenv.DB(t)
	idx, cfg := testenv.Index(t)
	e := &env{cars: dynamo.NewCarStore(db, tables), index: idx, cfg: cfg, photos: media.DirPhotos{Dir: t.TempDir()}}
	sc := feed.ServiceConfig{
		Cars: e.cars, Runs: dynamo.NewRunStore(db, tables), Sites: sites, Index: idx,
		Photos: media.NewLoopbackMirror(e.photos, media.FetchLimits{Timeout: 5 * time.Second, MaxBytes: 32 << 10}),
	}
	for _, o := range opts {
		o(&sc)
	}
	e.svc = feed.NewService(sc)
	return e
}

// row is one feed car with the photo URLs.
func row(stock string, photos ...string) map[string]any {
	return map[string]any{"stocknum": stock, "make": "Kia", "model": "Rio", "year": 2021, "car_type": "used", "price": 18990, "images": photos}
}

func (e *env) ingest(t *testing.T, mode string, hosts []string, rows ...map[string]any) feed.Report {
	t.Helper()
	b, _ := json.Marshal(rows)
	rep, err := e.svc.Ingest(context.Background(), feed.Request{DealershipSlug: "acme-kia", Mode: mode,
		ContentType: "application/json", Body: bytes.NewReader(b), PhotoHosts: hosts})
	if err != nil {
		t.Fatalf("ingest: %v", err)
	}
	if rep.Status != feed.StatusSucceeded {
		t.Fatalf("ingest: status %s, want succeeded", rep.Status)
	}
	return rep
}

// stored returns the car with the stock number as DynamoDB (the car page)
// and the search index hold it.
func (e *env) stored(t *testing.T, stock string) (shared.StoredCar, map[string]any) {
	t.Helper()
	id := feed.CarID("acme-kia", "stock:"+stock)
	cars, err := e.cars.GetCars(context.Background(), "acme-kia", []string{id})
	if err != nil || len(cars) != 1 {
		t.Fatalf("car %s: %v, %v", stock, cars, err)
	}
	c := e.index.Client()
	obj, err := c.GetObject(c.NewApiGetObjectRequest(e.cfg.Index, id))
	var api *search.APIError
	if err != nil && !(errors.As(err, &api) && api.Status == 404) {
		t.Fatalf("record %s: %v", stock, err)
	}
	var rec map[string]any
	if obj != nil {
		rec = *obj
	}
	return cars[0], rec
}

func imageURLs(c shared.Car) []string {
	var out []string
	for _, img := range c.Images {
		out = append(out, img.Src())
	}
	return out
}

func recordURLs(rec map[string]any) []string {
	var out []string
	imgs, _ := rec["images"].([]any)
	for _, img := range imgs {
		out = append(out, img.(map[string]any)["url"].(string))
	}
	return out
}

func photoFiles(t *testing.T, dir string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "photos", "*"))
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// Issue 14 "Images": a photo on the provider's allowed host is mirrored
// and the car (its page's data and its index record) points at /media/;
// a host off the allow-list is left as sent; the same photo on two cars,
// at two URLs, is stored once; the mirrored copy is served at its path.
// Without an allow-list nothing is fetched.
func TestFeedPhotosMirroredFromAllowedHosts(t *testing.T) {
	e := newEnv(t)
	dms := newDMSHost(t)
	offList := strings.Replace(dms.URL, "127.0.0.1", "localhost", 1) + "/a.jpg"
	rep := e.ingest(t, feed.ModeFull, []string{"127.0.0.1"},
		row("K1", dms.URL+"/a.jpg", dms.URL+"/b.png", offList),
		row("K2", dms.URL+"/a-copy.jpg"))
	if rep.PhotosMirrored != 3 || rep.PhotosFailed != 0 {
		t.Errorf("report: mirrored %d failed %d, want 3 and 0", rep.PhotosMirrored, rep.PhotosFailed)
	}
	jpgPath, pngPath := photoPath(dms.jpg, "jpg"), photoPath(dms.png, "png")
	k1, rec1 := e.stored(t, "K1")
	want := []string{jpgPath, pngPath, offList}
	if got := imageURLs(k1.Car); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("K1 images: got %v, want %v", got, want)
	}
	if got := recordURLs(rec1); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("K1 index record images: got %v, want %v", got, want)
	}
	if k1.PrimaryImageURL != jpgPath || rec1["primary_image_url"] != jpgPath {
		t.Errorf("K1 primary image: car %q, record %v; want %q", k1.PrimaryImageURL, rec1["primary_image_url"], jpgPath)
	}
	if k1.PhotosPending {
		t.Error("K1: photos pending after every allowed photo was mirrored")
	}
	k2, _ := e.stored(t, "K2")
	if got := imageURLs(k2.Car); len(got) != 1 || got[0] != jpgPath {
		t.Errorf("K2 images: got %v, want the one copy %s", got, jpgPath)
	}
	if files := photoFiles(t, e.photos.Dir); len(files) != 2 {
		t.Errorf("stored photos: %v, want 2 (the JPEG once for both cars, the PNG)", files)
	}
	body, ct, err := media.Resized{Store: e.photos}.Media(context.Background(), strings.TrimPrefix(jpgPath, "/media/"), nil)
	if err != nil || ct != "image/jpeg" || !bytes.Equal(body, dms.jpg) {
		t.Errorf("serving %s: %s, %v; want the photo", jpgPath, ct, err)
	}
	// The car's brochure (GET /api/cars/{slug}/pdf) embeds the mirrored copy.
	if _, err := (brochure.StoredPhotos{Media: e.photos, Web: brochure.WebPhotos{Fetcher: media.NewFetcher(media.FetchLimits{Timeout: brochure.PhotoTimeout, MaxBytes: brochure.PhotoMaxBytes})}}).LoadPhoto(context.Background(), jpgPath); err != nil {
		t.Errorf("brochure photo %s: %v", jpgPath, err)
	}

	// A provider without an allow-list: its URLs are kept, nothing fetched.
	before := dms.fetches.Load()
	rep = e.ingest(t, feed.ModeDelta, nil, row("K3", dms.URL+"/b.png"))
	k3, _ := e.stored(t, "K3")
	if got := imageURLs(k3.Car); len(got) != 1 || got[0] != dms.URL+"/b.png" || rep.PhotosMirrored != 0 {
		t.Errorf("no allow-list: images %v, mirrored %d; want the feed's URL and none", got, rep.PhotosMirrored)
	}
	if n := dms.fetches.Load() - before; n != 0 {
		t.Errorf("no allow-list: %d fetches, want none", n)
	}
}

// Issue 14 "Images": an oversized body and a non-image (an HTML page sent
// as image/jpeg) are refused: the car keeps the feed's URL, is marked
// pending and the run still succeeds, counting the failures.
func TestFeedPhotosRefused(t *testing.T) {
	e := newEnv(t)
	dms := newDMSHost(t)
	rep := e.ingest(t, feed.ModeFull, []string{"127.0.0.1"}, row("K1", dms.URL+"/big.jpg", dms.URL+"/page.jpg"))
	if rep.PhotosFailed != 2 || rep.PhotosMirrored != 0 {
		t.Errorf("report: mirrored %d failed %d, want 0 and 2", rep.PhotosMirrored, rep.PhotosFailed)
	}
	k1, rec := e.stored(t, "K1")
	want := []string{dms.URL + "/big.jpg", dms.URL + "/page.jpg"}
	if got := imageURLs(k1.Car); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("images: got %v, want the feed's %v", got, want)
	}
	if got := recordURLs(rec); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("index record images: got %v, want the feed's %v", got, want)
	}
	if !k1.PhotosPending {
		t.Error("car not marked photos pending")
	}
	if files := photoFiles(t, e.photos.Dir); len(files) != 0 {
		t.Errorf("stored photos: %v, want none", files)
	}
}

// Issue 31 (pixel limit, at ingest): a photo whose header says more than
// media.MaxPixels is refused before it is stored (its resized forms could
// only ever answer 500). The run reports it as that row's photo problem and
// keeps the rest of the car: its other photos mirrored, the refused one
// left out, not pending (a retry cannot help), so the next run of the same
// feed fetches nothing.
func TestFeedPhotoOverThePixelLimitRefusedAtIngest(t *testing.T) {
	e := newEnv(t)
	dms := newDMSHost(t)
	hosts := []string{"127.0.0.1"}
	huge := dms.URL + "/huge.png"
	rows := []map[string]any{row("K1", dms.URL+"/a.jpg", huge), row("K2", dms.URL+"/b.png")}
	rep := e.ingest(t, feed.ModeFull, hosts, rows...)
	if rep.Created != 2 || rep.PhotosMirrored != 2 || rep.PhotosFailed != 1 {
		t.Errorf("report: created %d mirrored %d failed %d, want 2, 2, 1", rep.Created, rep.PhotosMirrored, rep.PhotosFailed)
	}
	if len(rep.PhotoProblems) != 1 || rep.PhotoProblems[0].Row != 1 || rep.PhotoProblems[0].Field != "images" ||
		!strings.Contains(rep.PhotoProblems[0].Reason, huge) || !strings.Contains(rep.PhotoProblems[0].Reason, "megapixel") {
		t.Errorf("photo problems: %+v, want row 1's images naming %s and the megapixel limit", rep.PhotoProblems, huge)
	}
	k1, rec := e.stored(t, "K1")
	want := []string{photoPath(dms.jpg, "jpg")}
	if got := imageURLs(k1.Car); strings.Join(got, " ") != strings.Join(want, " ") || k1.PhotosPending {
		t.Errorf("K1 images %v (pending %v), want %v and not pending", got, k1.PhotosPending, want)
	}
	if got := recordURLs(rec); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("K1 index record images %v, want %v", got, want)
	}
	if files := photoFiles(t, e.photos.Dir); len(files) != 2 {
		t.Errorf("stored photos: %v, want the JPEG and the PNG only", files)
	}
	before := dms.fetches.Load()
	rep = e.ingest(t, feed.ModeFull, hosts, rows...)
	if rep.Unchanged != 2 || dms.fetches.Load() != before {
		t.Errorf("same feed again: unchanged %d, %d fetches; want both unchanged and no fetch", rep.Unchanged, dms.fetches.Load()-before)
	}
}

// Issue 14 "Images": while the DMS host is dead the car keeps the feed's
// URL (its page still shows the photo from there) and is marked pending;
// the next run with the same, unchanged feed tries again and mirrors it;
// the run after that finds the car unchanged and fetches nothing.
func TestFeedPhotosDeadHostRetriedNextRun(t *testing.T) {
	e := newEnv(t)
	dms := newDMSHost(t)
	hosts := []string{"127.0.0.1"}
	photo := dms.URL + "/a.jpg"

	dms.down.Store(true)
	rep := e.ingest(t, feed.ModeFull, hosts, row("K1", photo))
	k1, _ := e.stored(t, "K1")
	if rep.Created != 1 || rep.PhotosFailed != 1 || !k1.PhotosPending || imageURLs(k1.Car)[0] != photo {
		t.Fatalf("dead host: created %d failed %d pending %v images %v; want the car created with its feed URL, pending",
			rep.Created, rep.PhotosFailed, k1.PhotosPending, imageURLs(k1.Car))
	}

	dms.down.Store(false)
	rep = e.ingest(t, feed.ModeFull, hosts, row("K1", photo))
	k1, rec := e.stored(t, "K1")
	want := photoPath(dms.jpg, "jpg")
	if rep.Updated != 1 || rep.PhotosMirrored != 1 || k1.PhotosPending || imageURLs(k1.Car)[0] != want || recordURLs(rec)[0] != want {
		t.Errorf("host back: updated %d mirrored %d pending %v images %v record %v; want the retry to mirror %s",
			rep.Updated, rep.PhotosMirrored, k1.PhotosPending, imageURLs(k1.Car), recordURLs(rec), want)
	}

	before := dms.fetches.Load()
	rep = e.ingest(t, feed.ModeFull, hosts, row("K1", photo))
	if rep.Unchanged != 1 || dms.fetches.Load() != before {
		t.Errorf("third run: unchanged %d, %d fetches; want the car unchanged and no fetch", rep.Unchanged, dms.fetches.Load()-before)
	}
	if _, err := os.Stat(filepath.Join(e.photos.Dir, strings.TrimPrefix(want, "/media/"))); err != nil {
		t.Errorf("mirrored file: %v", err)
	}
}
