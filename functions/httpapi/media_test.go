package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/jpeg"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/gen2brain/webp"

	"forecourt/functions/media"
	"forecourt/shared"
)

// onePhoto holds one 1200x900 JPEG at cars/c1/1.jpg.
type onePhoto struct{ body []byte }

func (p onePhoto) Media(_ context.Context, name string, _ url.Values) ([]byte, string, error) {
	if name != "cars/c1/1.jpg" {
		return nil, "", shared.Errorf(shared.ENOTFOUND, "no %s", name)
	}
	return p.body, "image/jpeg", nil
}

// resizingAPI is the API with one 1200x900 JPEG in the photo store; it
// returns a GET of a target.
func resizingAPI(t *testing.T) func(target string) *httptest.ResponseRecorder {
	t.Helper()
	var src bytes.Buffer
	if err := jpeg.Encode(&src, image.NewRGBA(image.Rect(0, 0, 1200, 900)), nil); err != nil {
		t.Fatal(err)
	}
	d := allDeps()
	d.Media = media.Resized{Store: onePhoto{src.Bytes()}}
	h, err := NewHandler(d)
	if err != nil {
		t.Fatal(err)
	}
	return func(target string) *httptest.ResponseRecorder {
		return get(h, target, "", testSecret)
	}
}

// Issue 14 "Images": GET /media/...?w= answers a JPEG of that width cached
// immutably; a width outside the fixed set is a 400 naming the field.
func TestMediaWidths(t *testing.T) {
	get := resizingAPI(t)
	rec := get("/media/cars/c1/1.jpg?w=640")
	img, err := jpeg.Decode(rec.Body)
	if rec.Code != 200 || err != nil || img.Bounds().Dx() != 640 || img.Bounds().Dy() != 426 {
		t.Fatalf("w=640: got %d, %v, %v", rec.Code, err, img)
	}
	if cc := rec.Header().Get("Cache-Control"); cc != mediaImmutableCacheControl {
		t.Errorf("Cache-Control: got %q, want %q", cc, mediaImmutableCacheControl)
	}
	if rec := get("/media/cars/c1/1.jpg"); rec.Header().Get("Cache-Control") != mediaCacheControl {
		t.Errorf("the original: Cache-Control %q", rec.Header().Get("Cache-Control"))
	}
	rec = get("/media/cars/c1/1.jpg?w=700")
	var body ErrorBody
	if rec.Code != 400 || json.Unmarshal(rec.Body.Bytes(), &body) != nil || body.Error.Field != "w" {
		t.Errorf("w=700: got %d %s, want 400 on field w", rec.Code, rec.Body)
	}
}

// Issue 14 "Images" (mirroring): a feed photo mirrored at ingest is served
// from the photo store at /media/photos/{hash}.{ext}, cached immutably
// (its name is its content), as sent and at a width; a name the store
// lacks is a 404.
func TestMediaMirroredPhotos(t *testing.T) {
	var src bytes.Buffer
	if err := jpeg.Encode(&src, image.NewRGBA(image.Rect(0, 0, 1200, 800)), nil); err != nil {
		t.Fatal(err)
	}
	photos := media.DirPhotos{Dir: t.TempDir()}
	const key = "photos/0123abcd.jpg"
	if err := photos.Put(context.Background(), key, src.Bytes(), "image/jpeg"); err != nil {
		t.Fatal(err)
	}
	d := allDeps()
	d.Media = media.Resized{Store: media.Union{photos, onePhoto{}}}
	h, err := NewHandler(d)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		target    string
		wantCode  int
		wantCache string
	}{
		{"/media/" + key, 200, mediaImmutableCacheControl},
		{"/media/" + key + "?w=640", 200, mediaImmutableCacheControl},
		{"/media/photos/ffff.jpg", 404, errorCacheControl},
	} {
		rec := get(h, tt.target, "", testSecret)
		if rec.Code != tt.wantCode || tt.wantCache != "" && rec.Header().Get("Cache-Control") != tt.wantCache {
			t.Errorf("%s: got %d %q, want %d %q", tt.target, rec.Code, rec.Header().Get("Cache-Control"), tt.wantCode, tt.wantCache)
		}
	}
	// The store reads only files directly under photos/.
	for _, name := range []string{"photos/../photos/0123abcd.jpg", "photos/", "photos/sub/x.jpg", "cars/c1/1.jpg"} {
		if _, _, err := photos.Media(context.Background(), name, nil); shared.ErrorCode(err) != shared.ENOTFOUND {
			t.Errorf("store %q: got %v, want not found", name, err)
		}
	}
}

// Issue 14 "Images" (WebP): ?f=webp answers a WebP of the width, cached
// immutably; the path form the edge rewrites the query string into
// (/media/_/w=640,f=webp/..., since CloudFront forwards no query string to
// /media/*) answers the same bytes; a format other than jpeg or webp is a
// 400 naming f.
func TestMediaWebP(t *testing.T) {
	get := resizingAPI(t)
	query := get("/media/cars/c1/1.jpg?w=640&f=webp")
	img, err := webp.Decode(bytes.NewReader(query.Body.Bytes()))
	if query.Code != 200 || err != nil || query.Header().Get("Content-Type") != "image/webp" || img.Bounds().Dx() != 640 {
		t.Fatalf("?w=640&f=webp: %d %q %v", query.Code, query.Header().Get("Content-Type"), err)
	}
	if cc := query.Header().Get("Cache-Control"); cc != mediaImmutableCacheControl {
		t.Errorf("Cache-Control: got %q, want %q", cc, mediaImmutableCacheControl)
	}
	for _, tt := range []struct {
		target, wantType string
		wantCode         int
	}{
		{"/media/_/w=640,f=webp/cars/c1/1.jpg", "image/webp", 200},
		{"/media/_/w=640/cars/c1/1.jpg", "image/jpeg", 200},
		{"/media/_/w=640/nothing.jpg", "application/json", 404},
		{"/media/_/w=640", "application/json", 404},
		{"/media/_/w=640,f=avif/cars/c1/1.jpg", "application/json", 400},
		{"/media/cars/c1/1.jpg?w=640&f=avif", "application/json", 400},
	} {
		rec := get(tt.target)
		if rec.Code != tt.wantCode || !strings.HasPrefix(rec.Header().Get("Content-Type"), tt.wantType) {
			t.Errorf("%s: got %d %q, want %d %s", tt.target, rec.Code, rec.Header().Get("Content-Type"), tt.wantCode, tt.wantType)
		}
	}
	if rec := get("/media/_/w=640,f=webp/cars/c1/1.jpg"); !bytes.Equal(rec.Body.Bytes(), query.Body.Bytes()) {
		t.Error("the path form answers other bytes than the query form")
	}
}

// Issue 31 (HIGH, media): /media is answered only through the site's origin
// (CloudFront or the dev gateway), as /api is: without the origin secret, or
// with a wrong one, a 403 JSON error and no store read or resize; with a
// rotated secret's accepted values, either one.
func TestMediaRequiresOriginSecret(t *testing.T) {
	for _, tt := range []struct {
		name, secret string
		secrets      OriginSecrets
		want         int
	}{
		{"no secret", "", nil, 403},
		{"a wrong secret", "forged", nil, 403},
		{"the secret", testSecret, nil, 200},
		{"the old secret during a rotation", "old-secret", acceptedSecrets{"new-secret", "old-secret"}, 200},
		{"a retired secret after a rotation", testSecret, acceptedSecrets{"new-secret"}, 403},
	} {
		t.Run(tt.name, func(t *testing.T) {
			store := &countingMedia{}
			d := allDeps()
			d.API.OriginSecrets = tt.secrets
			d.Media = store
			h, err := NewHandler(d)
			if err != nil {
				t.Fatal(err)
			}
			rec := get(h, "/media/logos/acme.svg", "", tt.secret)
			if rec.Code != tt.want {
				t.Fatalf("got %d %s, want %d", rec.Code, rec.Body, tt.want)
			}
			if tt.want == 403 {
				if code := errorCode(t, rec); code != shared.EFORBIDDEN {
					t.Errorf("code %q, want %q", code, shared.EFORBIDDEN)
				}
				if store.reads != 0 {
					t.Errorf("%d store reads for a refused request, want none", store.reads)
				}
			}
		})
	}
}

// countingMedia is fakeMedia counting its reads.
type countingMedia struct{ reads int }

func (m *countingMedia) Media(ctx context.Context, name string, q url.Values) ([]byte, string, error) {
	m.reads++
	return fakeMedia{}.Media(ctx, name, q)
}

// Issue 31 (HIGH, media): the URLs the pages use (the srcset's ?w=&f=webp,
// in the query or in the path form the cells' viewer-request function
// writes, w then q then f) are served; anything else is a 400 naming the
// field and why, before the store is read: a quality (the one quality is
// the default), a width off the list, and in the path form a key the
// function never writes, a key twice or keys out of its order (each would
// be another cache key for the same photo).
func TestMediaServesOnlyThePagesSizes(t *testing.T) {
	var src bytes.Buffer
	if err := jpeg.Encode(&src, image.NewRGBA(image.Rect(0, 0, 1200, 900)), nil); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		target    string
		wantCode  int
		wantField string
	}{
		{"/media/cars/c1/1.jpg?w=640&f=webp", 200, ""},
		{"/media/_/w=640,f=webp/cars/c1/1.jpg", 200, ""},
		{"/media/_/w=1920/cars/c1/1.jpg", 200, ""},
		{"/media/cars/c1/1.jpg?w=640&q=75", 400, "q"},
		{"/media/cars/c1/1.jpg?w=640&q=1", 400, "q"},
		{"/media/_/w=640,q=75,f=webp/cars/c1/1.jpg", 400, "q"},
		{"/media/_/w=641/cars/c1/1.jpg", 400, "w"},
		{"/media/_/q=50/cars/c1/1.jpg", 400, "w"},
		{"/media/_/f=webp/cars/c1/1.jpg", 400, "w"},
		{"/media/_/f=webp,w=640/cars/c1/1.jpg", 400, "size"},
		{"/media/_/w=640,w=320/cars/c1/1.jpg", 400, "size"},
		{"/media/_/w=640,x=1/cars/c1/1.jpg", 400, "size"},
		{"/media/_/w640/cars/c1/1.jpg", 400, "size"},
		{"/media/_/cars/c1/1.jpg", 400, "size"},
	} {
		t.Run(tt.target, func(t *testing.T) {
			store := &countingPhoto{onePhoto: onePhoto{src.Bytes()}}
			d := allDeps()
			d.Media = media.Resized{Store: store}
			h, err := NewHandler(d)
			if err != nil {
				t.Fatal(err)
			}
			rec := get(h, tt.target, "", testSecret)
			if rec.Code != tt.wantCode {
				t.Fatalf("got %d %q, want %d", rec.Code, rec.Header().Get("Content-Type"), tt.wantCode)
			}
			if tt.wantCode != 400 {
				return
			}
			var body ErrorBody
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Error.Field != tt.wantField || body.Error.Message == "" {
				t.Errorf("body %s, want a reason on field %q", rec.Body, tt.wantField)
			}
			if store.reads != 0 {
				t.Errorf("%d store reads, want none", store.reads)
			}
		})
	}
}

// countingPhoto is onePhoto counting its reads.
type countingPhoto struct {
	onePhoto
	reads int
}

func (p *countingPhoto) Media(ctx context.Context, name string, q url.Values) ([]byte, string, error) {
	p.reads++
	return p.onePhoto.Media(ctx, name, q)
}
