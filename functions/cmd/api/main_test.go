package main

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"forecourt/shared"
)

// Tenancy (docs/contracts.md): the API refuses to start without the origin
// secret, rather than serving every request 403.
func TestNewHandlerNeedsOriginSecret(t *testing.T) {
	t.Setenv("FORECOURT_ORIGIN_SECRET", "")
	_, err := newHandler(context.Background())
	if err == nil || !strings.Contains(err.Error(), "FORECOURT_ORIGIN_SECRET") {
		t.Fatalf("got %v, want an error naming FORECOURT_ORIGIN_SECRET", err)
	}
}

func TestNewHandlerFromEnv(t *testing.T) {
	t.Setenv("FORECOURT_ORIGIN_SECRET", "secret")
	t.Setenv("FORECOURT_DYNAMO_ENDPOINT", "http://127.0.0.1:1")
	h, err := newHandler(context.Background())
	if err != nil || h == nil {
		t.Fatalf("newHandler: %v", err)
	}
}

type fakeSites struct {
	shared.SiteStore
	sites []shared.Site
	err   error
	calls int
}

func (f *fakeSites) ListSites(context.Context) ([]shared.Site, error) {
	f.calls++
	return f.sites, f.err
}

// CloudFront routes /media/* to this Lambda (infra media behaviour): logos
// come from the site configs, read once; a failed read is retried.
func TestMediaHandlerServesLogosAndRetries(t *testing.T) {
	sites := &fakeSites{err: errors.New("dynamodb down")}
	h := &mediaHandler{sites: sites}

	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/media/logos/acme.svg", nil))
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("with the store down: got %d, want 500", rec.Code)
	}

	sites.err = nil
	sites.sites = []shared.Site{{Slug: "acme", Name: "Acme Motors"}}
	for _, path := range []string{"/media/logos/acme.svg", "/media/demo/placeholder.svg"} {
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/svg+xml" {
			t.Fatalf("GET %s: got %d %q, want 200 image/svg+xml", path, rec.Code, rec.Header().Get("Content-Type"))
		}
	}
	if sites.calls != 2 {
		t.Fatalf("got %d site loads, want 2 (one failed, one kept)", sites.calls)
	}
}
