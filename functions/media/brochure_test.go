package media_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"forecourt/functions/brochure"
	"forecourt/functions/media"
)

// Issue 31 (MEDIUM, SSRF): the brochure's photos come through the photo
// mirror's fetcher, so a feed's photo URL on a host that answers with a
// redirect to the metadata service or the private network is refused on
// the redirect, as mirroring refuses it (TestFetcherGuard). 127.0.0.1
// stands in for the public host.
func TestBrochurePhotoRedirectToPrivateAddressIsRefused(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/to-metadata", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
	})
	mux.HandleFunc("/to-private", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://10.0.0.8/car.jpg", http.StatusFound)
	})
	mux.HandleFunc("/to-loopback6", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://[::1]/car.jpg", http.StatusFound)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	photos := brochure.WebPhotos{Fetcher: media.NewLoopbackFetcher(media.FetchLimits{})}
	for _, path := range []string{"/to-metadata", "/to-private", "/to-loopback6"} {
		if _, err := photos.LoadPhoto(context.Background(), srv.URL+path); !errors.Is(err, media.ErrBlocked) {
			t.Errorf("%s: got %v, want the redirect refused", path, err)
		}
	}
}
