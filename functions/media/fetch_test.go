package media

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
)

func pngBytes(t *testing.T) []byte {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Issue 14 "Images" SSRF guard: the real rule refuses the loopback test
// server itself; with only 127.0.0.1 let through (the test's stand-in for a
// public host) a redirect to another internal address, an oversized body,
// a non-image, a host off the provider's list and a non-http scheme are
// all refused, and a photo is fetched.
func TestFetcherGuard(t *testing.T) {
	photo := pngBytes(t)
	mux := http.NewServeMux()
	mux.HandleFunc("/photo.png", func(w http.ResponseWriter, _ *http.Request) { w.Write(photo) })
	mux.HandleFunc("/big.png", func(w http.ResponseWriter, _ *http.Request) {
		w.Write(photo)
		w.Write(bytes.Repeat([]byte{0}, 2048))
	})
	mux.HandleFunc("/page.jpg", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "image/jpeg")
		w.Write([]byte("<html><body>not found</body></html>"))
	})
	mux.HandleFunc("/to-metadata", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
	})
	mux.HandleFunc("/to-private", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://10.0.0.8/photo.png", http.StatusFound)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	ctx := context.Background()

	if _, _, err := NewFetcher(FetchLimits{}).Fetch(ctx, srv.URL+"/photo.png"); !errors.Is(err, ErrBlocked) {
		t.Errorf("loopback with the real rule: got %v, want blocked", err)
	}
	onlyLoopback4 := func(a netip.Addr) bool { return a == netip.MustParseAddr("127.0.0.1") || publicAddr(a) }
	f := newFetcher(FetchLimits{MaxBytes: 1024}, onlyLoopback4)
	body, ct, err := f.Fetch(ctx, srv.URL+"/photo.png")
	if err != nil || ct != "image/png" || !bytes.Equal(body, photo) {
		t.Fatalf("photo: got %q %v", ct, err)
	}
	for _, tt := range []struct{ path, want string }{
		{"/to-metadata", "not public"},
		{"/to-private", "not public"},
		{"/big.png", "limit"},
		{"/page.jpg", "not an image"},
	} {
		if _, _, err := f.Fetch(ctx, srv.URL+tt.path); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error saying %q", tt.path, err, tt.want)
		}
	}
	listed := newFetcher(FetchLimits{Hosts: []string{".dms.example"}}, onlyLoopback4)
	if _, _, err := listed.Fetch(ctx, srv.URL+"/photo.png"); !errors.Is(err, ErrBlocked) {
		t.Errorf("host off the list: got %v, want blocked", err)
	}
	if _, _, err := f.Fetch(ctx, "file:///etc/passwd"); !errors.Is(err, ErrBlocked) {
		t.Errorf("file scheme: got %v, want blocked", err)
	}
}

func TestPublicAddr(t *testing.T) {
	for addr, want := range map[string]bool{
		"8.8.8.8": true, "2606:4700::1111": true,
		"127.0.0.1": false, "10.1.2.3": false, "172.16.0.1": false, "192.168.1.1": false, "169.254.169.254": false,
		"100.64.0.1": false, "0.0.0.0": false, "::1": false, "fe80::1": false, "fd00::1": false, "224.0.0.1": false,
	} {
		if got := publicAddr(netip.MustParseAddr(addr)); got != want {
			t.Errorf("%s: got %v, want %v", addr, got, want)
		}
	}
}
