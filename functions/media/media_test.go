package media

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"forecourt/shared"
)

type flakySites struct {
	sites []shared.Site
	err   error
	calls int
}

func (f *flakySites) ListSites(context.Context) ([]shared.Site, error) {
	f.calls++
	return f.sites, f.err
}

// CloudFront routes /media/* to the api Lambda (infra media behaviour):
// logos come from the site configs, read once; a failed read is retried.
func TestLogosFromSiteConfigsReadOnceAndRetried(t *testing.T) {
	ctx := context.Background()
	sites := &flakySites{err: errors.New("dynamodb down")}
	l := NewLogos(sites)
	if _, _, err := l.Media(ctx, "logos/acme.svg", nil); err == nil || shared.ErrorCode(err) != shared.EINTERNAL {
		t.Fatalf("with the store down: got %v, want an internal error", err)
	}
	sites.err = nil
	sites.sites = []shared.Site{{Slug: "acme", Name: "Acme Motors & Co", Theme: shared.Theme{PrimaryColor: "#0f766e"},
		Dealerships: []shared.Dealership{{Slug: "acme-kia", Name: "Acme Kia"}}}}
	for _, tt := range []struct{ name, want string }{
		{"logos/acme.svg", "Acme Motors &amp; Co"},
		{"logos/acme-kia.svg", "Acme Kia"},
	} {
		body, typ, err := l.Media(ctx, tt.name, nil)
		if err != nil || typ != "image/svg+xml" || !strings.Contains(string(body), tt.want) || !strings.Contains(string(body), "#0f766e") {
			t.Errorf("%s: got %q %q %v, want an SVG with %q in the theme colour", tt.name, body, typ, err, tt.want)
		}
	}
	for _, name := range []string{"logos/nobody.svg", "logos/acme.png", "demo/placeholder.svg", "logos/.svg"} {
		if _, _, err := l.Media(ctx, name, nil); shared.ErrorCode(err) != shared.ENOTFOUND {
			t.Errorf("%s: got %v, want not_found", name, err)
		}
	}
	if sites.calls != 2 {
		t.Errorf("got %d site loads, want 2 (one failed, one kept)", sites.calls)
	}
}

// A dealer onboarded (or rebranded) by a deploy gets its logo from warm
// containers once LogosMaxAge has passed, without a read per request.
func TestLogosReloadAfterMaxAge(t *testing.T) {
	ctx := context.Background()
	sites := &flakySites{sites: []shared.Site{{Slug: "acme", Name: "Acme"}}}
	clock := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	l := NewLogos(sites)
	l.now = func() time.Time { return clock }
	if _, _, err := l.Media(ctx, "logos/acme.svg", nil); err != nil {
		t.Fatal(err)
	}
	sites.sites = append(sites.sites, shared.Site{Slug: "bravo", Name: "Bravo"})
	clock = clock.Add(LogosMaxAge - time.Second)
	if _, _, err := l.Media(ctx, "logos/bravo.svg", nil); shared.ErrorCode(err) != shared.ENOTFOUND {
		t.Errorf("within the max age: got %v, want not_found from the kept sites", err)
	}
	clock = clock.Add(time.Second)
	if _, _, err := l.Media(ctx, "logos/bravo.svg", nil); err != nil {
		t.Errorf("after the max age: got %v, want the new dealer's logo", err)
	}
	if sites.calls != 2 {
		t.Errorf("got %d site loads, want 2", sites.calls)
	}
}

type one struct {
	name, body string
	err        error
}

func (o one) Media(_ context.Context, name string, _ url.Values) ([]byte, string, error) {
	if o.err != nil {
		return nil, "", o.err
	}
	if name != o.name {
		return nil, "", shared.Errorf(shared.ENOTFOUND, "no %s", name)
	}
	return []byte(o.body), "text/plain", nil
}

// A union serves a name from the first store holding it; a store that
// fails stops the search rather than being taken for "not here".
func TestUnion(t *testing.T) {
	ctx := context.Background()
	u := Union{one{name: "a", body: "first"}, one{name: "a", body: "second"}, one{name: "b", body: "b"}}
	for name, want := range map[string]string{"a": "first", "b": "b"} {
		if body, _, err := u.Media(ctx, name, nil); err != nil || string(body) != want {
			t.Errorf("%s: got %q %v, want %q", name, body, err, want)
		}
	}
	if _, _, err := u.Media(ctx, "c", nil); shared.ErrorCode(err) != shared.ENOTFOUND {
		t.Errorf("c: got %v, want not_found", err)
	}
	failing := Union{one{err: errors.New("down")}, one{name: "a", body: "a"}}
	if _, _, err := failing.Media(ctx, "a", nil); err == nil || shared.ErrorCode(err) == shared.ENOTFOUND {
		t.Errorf("failing store: got %v, want its error", err)
	}
}
